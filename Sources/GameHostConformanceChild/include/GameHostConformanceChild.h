/* The conformance suite's child process starts here; nothing to call from Swift. */
