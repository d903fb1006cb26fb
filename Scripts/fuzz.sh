#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and runs each for SECONDS (default 60).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. Scripts/fuzz.sh 10 themes keys
#
# A target is an entry point in Fuzz/Targets/ plus its check, a file in a test target, so
# that `swift test` replays the saved inputs through the same code. Each run starts from
# Fuzz/Corpus/<target>/ (hand-made seeds), Fuzz/Regressions/<target>/ (inputs that once
# found a bug) and the inputs earlier runs found (.build/fuzz/corpus/<target>/). An input that
# crashes or breaks a check is saved as fuzz-artifacts/<target>/crash-…, and the script
# exits 1. FUZZ_SEED fixes libFuzzer's seed (CI sets it, so CI explores the same way on
# every run).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true

# target, then the file holding its check.
checks=(
  keys        Tests/GameHostTests/KeyDecoderFuzz.swift
  text        Tests/GameHostTests/FrameTextFuzz.swift
  scores      Tests/GameHostTests/ScoresFuzz.swift
  config      Tests/ConformanceTests/ConfigFuzz.swift
  preferences Tests/ConformanceTests/PreferencesFuzz.swift
  journal     Tests/ConformanceTests/JournalFuzz.swift
  practice    Tests/ArithmeticQuizTests/PracticeFuzz.swift
  themes      Tests/MemorizeTests/ThemesFuzz.swift
)
declare -A check_of
all=()
for ((i = 0; i < ${#checks[@]}; i += 2)); do
  check_of[${checks[i]}]=${checks[i + 1]}
  all+=("${checks[i]}")
done
targets=("${@:-${all[@]}}")
for target in "${targets[@]}"; do
  [[ -n ${check_of[$target]:-} ]] || { echo "unknown target '$target'; targets: ${all[*]}" >&2; exit 64; }
done

build=.build/fuzz
mkdir -p "$build/logs"
# -enable-testing lets the checks use `@testable import`, as the test targets do; -O runs
# 2 to 5 times more inputs a second than -Onone. Warnings are the normal build's business.
# -package-name lets the test kit read the `package` members it reads in the package build.
flags=(-parse-as-library -sanitize=fuzzer,address -enable-testing -O -gnone -suppress-warnings -package-name gamehost
       -module-cache-path "$build/module-cache" -I "$build" -L "$build")

# The package's libraries, in dependency order, each a static library with coverage.
library() {
  local name=$1
  shift
  swiftc "${flags[@]}" -emit-library -static -emit-module -module-name "$name" \
    -emit-module-path "$build/$name.swiftmodule" -o "$build/lib$name.a" "$@"
}
# ld.gold warns "Cannot export local symbol" for every sanitizer symbol; nothing is wrong.
quiet() { "$@" 2> >(grep -v "Cannot export local symbol" >&2); }

echo "building the fuzz targets in $build"
quiet library GameHost $(find Sources/GameHost -name '*.swift')
# The conformance suite's child-process hook (C) is left out: nothing here re-executes.
quiet library GameHostConformance Sources/GameHostConformance/*.swift
quiet library GameHostTesting Sources/GameHostTesting/*.swift
games=()
for folder in Games/*/; do
  games+=("$(basename "$folder")")
  quiet library "$(basename "$folder")" $(find "$folder" -name '*.swift')
done
# The catalog, generated as the package's build plugin does.
swiftc -O -module-cache-path "$build/module-cache" -o "$build/GameCatalogGenerator" Plugins/GameCatalogGenerator/main.swift
generator_arguments=("$build/BuiltInGames+Generated.swift" config.json)
for game in "${games[@]}"; do
  generator_arguments+=("$game" $(find "Games/$game" -name '*.swift') ";")
done
"$build/GameCatalogGenerator" "${generator_arguments[@]}"
quiet library BuiltInGames Sources/BuiltInGames/*.swift "$build/BuiltInGames+Generated.swift"
for target in "${targets[@]}"; do
  quiet swiftc "${flags[@]}" -module-name "${target}_fuzz" "Fuzz/Targets/$target.swift" "${check_of[$target]}" \
    -lBuiltInGames $(for folder in Games/*/; do echo "-l$(basename "$folder")"; done) -lGameHostTesting -lGameHostConformance -lGameHost \
    -o "$build/$target"
done

failed=()
for target in "${targets[@]}"; do
  corpus=("$build/corpus/$target" "Fuzz/Corpus/$target")
  [[ -d Fuzz/Regressions/$target ]] && corpus+=("Fuzz/Regressions/$target")
  mkdir -p "$build/corpus/$target" "fuzz-artifacts/$target"
  options=(-max_total_time="$seconds" -timeout=30 -print_final_stats=1 -artifact_prefix="fuzz-artifacts/$target/")
  # The targets that read files get JSON's words and the numbers at the edges of Int.
  [[ $target != keys && $target != text ]] && options+=(-dict=Fuzz/json.dict)
  [[ -n ${FUZZ_SEED:-} ]] && options+=(-seed="$FUZZ_SEED")
  log=$build/logs/$target.log
  # Swift's own crash backtracer would fight AddressSanitizer's report; libFuzzer's is enough.
  if SWIFT_BACKTRACE=enable=no "$build/$target" "${options[@]}" "${corpus[@]}" >"$log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed+=("$target")
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)  # none if the first input crashed
  echo "$target: $status, ${runs:-?} inputs in ${seconds} s, ${coverage:-no coverage line}"
  if [[ $status == FAILED ]]; then
    grep -A12 -m1 -E "fuzz check failed|ERROR: (libFuzzer|AddressSanitizer)|Fatal error" "$log" || tail -20 "$log"
    grep "Test unit written to" "$log" || true
  fi
done

if ((${#failed[@]})); then
  echo "fuzzing found problems in: ${failed[*]} (logs in $build/logs, inputs in fuzz-artifacts/)"
  echo "fix the bug, then add the input to Fuzz/Regressions/<target>/ so swift test replays it"
  exit 1
fi
