// The conformance suite checks each module in a child process: the running program (the
// gamehost binary, or any package's test binary) started again with GAMEHOST_CONFORMANCE_CHILD
// set. This constructor runs before the program's own main, so the child serves its one
// job and exits without running the program's commands or tests.
#include <stdlib.h>
#include "GameHostConformanceChild.h"

// Defined in Swift (GameHostConformance, Child.swift); weak so that a build without the
// Swift side (the fuzz harness) still links.
extern void gamehost_conformance_child_main(void) __attribute__((weak));

__attribute__((constructor)) static void gamehost_conformance_child_start(void) {
    if (getenv("GAMEHOST_CONFORMANCE_CHILD") != NULL && gamehost_conformance_child_main != NULL) {
        gamehost_conformance_child_main();
    }
}
