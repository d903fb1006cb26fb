#!/usr/bin/env bash
# The long versions of the reliability tests of issue 7 (CI runs the short ones):
#   - 240 SIGKILLs while saving (CI: 24), 30 pairs of concurrent launchers (CI: 3),
#   - SIGKILL at every host write step (GAMEHOST_KILL_AT) of each kind of write, the score kind
#     playing 10 rounds: about 560 kills (CI: at most 36 per kind, 204),
#   - the terminal, damaged-file, hostile-text and terminal-size tests once,
#   - a soak of the conformance random walk, 1,000,000 keys per game on a release build
#     (CI: 30,000 on the debug build).
# Usage: Scripts/reliability.sh [--kills N] [--pairs N] [--crash-points N] [--soak-keys N] [--no-soak]
# Each step prints PASS or FAIL, its time and its numbers; the exit status is 0 when all pass.
set -uo pipefail
cd "$(dirname "$0")/.."

kills=240
pairs=30
crash_points=1000
crash_rounds=10
soak_keys=1000000
soak=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --kills) kills="$2"; shift 2 ;;
    --pairs) pairs="$2"; shift 2 ;;
    --crash-points) crash_points="$2"; shift 2 ;;
    --soak-keys) soak_keys="$2"; shift 2 ;;
    --no-soak) soak=no; shift ;;
    *) echo "usage: $0 [--kills N] [--pairs N] [--crash-points N] [--soak-keys N] [--no-soak]" >&2; exit 64 ;;
  esac
done

log=$(mktemp -d "${TMPDIR:-/tmp}/gamehost-reliability.XXXXXX")
failed=0

# Runs one step; its whole output goes to $log/NAME.log, the lines worth reading to the screen.
step() {
  local name="$1"; shift
  local start=$SECONDS
  if "$@" > "$log/$name.log" 2>&1; then
    echo "PASS  $name ($((SECONDS - start)) s)"
  else
    echo "FAIL  $name ($((SECONDS - start)) s) — full output: $log/$name.log"
    failed=1
  fi
  # Test summaries (crash-safe saves: …, concurrent launchers: …), failures, the run's verdict.
  grep -E '^(crash-safe saves|concurrent launchers|crash consistency):|^  [a-z-]+: [0-9]+ kills|✘|with [0-9]+ test cases|Test run with|random walk of|: (passed|FAILED)$|^    - ' \
    "$log/$name.log" | grep -v '^✘ Suite' | sed 's/^/      /' | head -40
}

echo "building (debug, with tests)…"
swift build --build-tests > "$log/build.log" 2>&1 || { echo "FAIL  build — $log/build.log"; exit 1; }

step "sigkill-while-saving" env GAMEHOST_KILLS="$kills" swift test --skip-build --filter CrashSafeSavesTests
step "sigkill-at-host-write-steps" env GAMEHOST_CRASH_POINTS="$crash_points" GAMEHOST_CRASH_ROUNDS="$crash_rounds" swift test --skip-build --filter CrashConsistencyTests
step "concurrent-launchers" env GAMEHOST_CONCURRENT_RUNS="$pairs" swift test --skip-build --filter ConcurrentLaunchersTests
step "terminal-restored" swift test --skip-build --filter TerminalRestoreTests
step "damaged-files" swift test --skip-build --filter CorruptFilesTests
step "hostile-text" swift test --skip-build --filter 'HostileTextTests|HostileThemeTests'
step "terminal-sizes" swift test --skip-build --filter TerminalSizeTests

if [ "$soak" = yes ]; then
  echo "building (release) for the soak…"
  if swift build -c release --product gamehost > "$log/release.log" 2>&1; then
    step "soak-$soak_keys-keys-per-game" "$(swift build -c release --show-bin-path)/gamehost" check --keys "$soak_keys"
  else
    echo "FAIL  release build — $log/release.log"
    failed=1
  fi
fi

echo "logs: $log"
exit $failed
