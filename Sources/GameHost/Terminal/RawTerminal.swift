#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in raw mode on the alternate screen, restored on every way out.
///
/// Normal exits call `restore()`. Signals that end the process (SIGINT, SIGTERM, SIGHUP and
/// the crash signals a Swift trap or a bad access raise) run a handler that writes
/// pre-encoded reset bytes, puts the saved termios back and re-raises the signal, since
/// `atexit` does not run when a signal kills the process. The handler touches only globals
/// set up before it was installed, and calls only async-signal-safe functions.
public final class RawTerminal {
    static let enterBytes = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[H\u{1B}[2J"
    /// Bracketed paste (2004) always; clicks and the wheel (1000) reported as SGR (1006), which
    /// has no column limit, unless the mouse is off.
    static let pasteOn = "\u{1B}[?2004h"
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Leaving turns both off whatever was turned on, so a crash never leaves them behind.
    static let leaveBytes = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
    static let fatalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// A pipe the SIGWINCH and SIGCONT handlers write to, so the run loop wakes for a repaint.
    public let wakeDescriptor: Int32
    private var isRestored = false
    /// What entering the program's screen writes: modes for the paste and, if on, the mouse.
    private var enter = ""

    /// Saves the terminal's settings and enters raw mode, with signal handlers that put them back
    /// on every way out (`restore()`, deinit, a signal or a crash).
    /// - Parameter mouse: whether to ask for mouse reports (off keeps the terminal's own
    ///   text selection).
    public init(mouse: Bool = true) throws {
        guard tcgetattr(STDIN_FILENO, &savedTermios) == 0 else {
            throw RuntimeError("cannot read the terminal settings: \(String(cString: strerror(errno)))")
        }
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw RuntimeError("cannot create a pipe") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = descriptors[0]
        wakeWriteDescriptor = descriptors[1]
        enter = Self.enterBytes + Self.pasteOn + (mouse ? Self.mouseOn : "")
        prepareResetBytes(enter: enter)
        installHandlers()
        enterRawMode()
    }

    deinit { restore() }

    /// Where a SIGUSR1 is heard: a pipe its handler writes a byte to, for whoever asked to wait
    /// on it (a hosted session: another connection asks it to end); its read end, made on
    /// first use. Nil when no pipe can be made.
    public static let userSignalDescriptor: Int32? = {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        userSignalWriteDescriptor = descriptors[1]
        return descriptors[0]
    }()

    /// What a signal that ends the process does too, before the terminal is put back; it must
    /// be async-signal-safe (a hosted session removes its line of who is online).
    public static func onFatalSignal(_ hook: @escaping @convention(c) () -> Void) {
        fatalSignalHook = hook
    }

    /// Puts the terminal back as it was; safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        restoreTerminal()
        for signal in Self.fatalSignals + [SIGWINCH, SIGTSTP, SIGCONT, SIGUSR1] {
            Glibc.signal(signal, SIG_DFL)
        }
    }

    /// Keeps a private mode the host turned on (`"?2027"`): on again after a suspension,
    /// off on every way out, signals included.
    public func keepMode(_ mode: String) {
        setSignalBytes(enter: enter + "\u{1B}[\(mode)h", leave: "\u{1B}[\(mode)l" + Self.leaveBytes)
    }

    /// What a SIGTERM from outside (a hosted session's operator, `kill PID`) says to the
    /// player once the terminal is restored: `saved` while a game's journal is open, else
    /// `plain`. Nothing is said where this was never set (a launcher on one's own terminal),
    /// nor when the SIGTERM ends a take-over (another connection of the player's asked first).
    public static func sayOnTermination(saved: String, plain: String) {
        let (savedBytes, savedCount) = copy(saved + "\n")
        let (plainBytes, plainCount) = copy(plain + "\n")
        terminationSaved = savedBytes
        terminationSavedCount = savedCount
        terminationPlain = plainBytes
        terminationPlainCount = plainCount
    }

    /// The terminal's size in cells (80×24 if it will not say).
    public static func size() -> Size {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return Size(width: Int(window.ws_col), height: Int(window.ws_row))
        }
        return Size(width: 80, height: 24)
    }

    /// Writes all bytes, retrying after interruptions and short writes.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) {
        _ = bytes.withUnsafeBytes { GameHost.writeAll(descriptor, $0) }
    }

    private func installHandlers() {
        // A parent may have started us with signals blocked; the handlers must get them.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in Self.fatalSignals + [SIGWINCH, SIGTSTP, SIGCONT, SIGUSR1] { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signal in Self.fatalSignals {
            install(signal, flags: Int32(truncatingIfNeeded: SA_RESETHAND)) { signal in
                syncJournalFromSignalHandler()
                fatalSignalHook?()
                restoreTerminal()
                if signal == SIGTERM { writeTerminationNotice() }
                raise(signal)
            }
        }
        install(SIGWINCH, flags: Int32(truncatingIfNeeded: SA_RESTART)) { _ in wake() }
        // Only noted: whoever waits on `userSignalDescriptor` acts on it in its own time.
        install(SIGUSR1, flags: Int32(truncatingIfNeeded: SA_RESTART)) { _ in
            userSignalArrived = 1
            var byte: UInt8 = 1
            if userSignalWriteDescriptor >= 0 { _ = write(userSignalWriteDescriptor, &byte, 1) }
        }
        installStopHandler()
        install(SIGCONT, flags: Int32(truncatingIfNeeded: SA_RESTART)) { _ in
            // Back from a stop: raw mode again, ready for the next stop, and a repaint.
            enterRawMode()
            installStopHandler()
            wake()
        }
    }

    private func install(_ signal: Int32, flags: Int32, _ handler: @convention(c) (Int32) -> Void) {
        installHandler(signal, flags: flags, handler)
    }

    /// Stops the program as the shell's job control would (Ctrl-Z, which raw mode delivers
    /// as a key): the terminal is put back while stopped, and raw mode and the screen come
    /// back when the shell continues it (SIGCONT, which also wakes the run loop to repaint).
    public func suspend() {
        raise(SIGTSTP)
    }
}

/// Installs a signal handler; async-signal-safe, so handlers may call it too.
private func installHandler(_ signal: Int32, flags: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    action.sa_flags = flags
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
}

/// SIGTSTP: stop as asked, but leave the terminal usable while stopped. The default action
/// does the stopping; SIGCONT puts this handler back.
private func installStopHandler() {
    installHandler(SIGTSTP, flags: Int32(truncatingIfNeeded: SA_RESTART)) { _ in
        restoreTerminal()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
    }
}

/// A terminal that cannot be set up, in words.
public struct RuntimeError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

// Signal handlers cannot capture context, so what they need lives here, set up in advance.
nonisolated(unsafe) private var savedTermios = termios()
/// Set by SIGUSR1: a SIGTERM after it ends what it asked for, and says nothing of its own.
nonisolated(unsafe) private var userSignalArrived: sig_atomic_t = 0
nonisolated(unsafe) private var userSignalWriteDescriptor: Int32 = -1
nonisolated(unsafe) private var fatalSignalHook: (@convention(c) () -> Void)?
nonisolated(unsafe) private var wakeWriteDescriptor: Int32 = -1
nonisolated(unsafe) private var resetBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var resetCount = 0
nonisolated(unsafe) private var enterBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var enterCount = 0

/// A copy the signal handlers may read; never freed, as a handler may be reading it.
private func copy(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
    let bytes = Array(text.utf8)
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
    pointer.initialize(from: bytes, count: bytes.count)
    return (pointer, bytes.count)
}

private func prepareResetBytes(enter: String) {
    if resetBytes == nil { (resetBytes, resetCount) = copy(RawTerminal.leaveBytes) }
    if enterBytes == nil { (enterBytes, enterCount) = copy(enter) }
}

private func setSignalBytes(enter: String, leave: String) {
    // Each buffer is set before its longer count: a signal in between writes a prefix.
    let (newEnter, newEnterCount) = copy(enter)
    enterBytes = newEnter
    enterCount = newEnterCount
    let (newReset, newResetCount) = copy(leave)
    resetBytes = newReset
    resetCount = newResetCount
}

nonisolated(unsafe) private var terminationSaved: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var terminationSavedCount = 0
nonisolated(unsafe) private var terminationPlain: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var terminationPlainCount = 0

/// Writes the termination notice, if one was set (async-signal-safe).
private func writeTerminationNotice() {
    guard userSignalArrived == 0 else { return }
    if journalDescriptorForSignals >= 0 {
        if let terminationSaved { _ = write(STDOUT_FILENO, terminationSaved, terminationSavedCount) }
    } else if let terminationPlain {
        _ = write(STDOUT_FILENO, terminationPlain, terminationPlainCount)
    }
}

private func restoreTerminal() {
    if let resetBytes { _ = write(STDOUT_FILENO, resetBytes, resetCount) }
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTermios)
}

private func enterRawMode() {
    var raw = savedTermios
    cfmakeraw(&raw)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    if let enterBytes { _ = write(STDOUT_FILENO, enterBytes, enterCount) }
}

private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWriteDescriptor, &byte, 1)
}
