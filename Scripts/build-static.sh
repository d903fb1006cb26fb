#!/usr/bin/env bash
# Builds the shipped binary: release, linked fully statically (the Swift runtime and
# FoundationEssentials inside, nothing to install beside it) by lld, with the functions a
# session runs placed side by side as Scripts/link/gamehost.order lists them (see
# Scripts/order-symbols.py for why and how that list is made). Prints nothing but errors;
# the binary is .build-static/release/gamehost (not stripped; install.sh strips its copy).
#   Scripts/build-static.sh [--no-order] [more swift build arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

order=Scripts/link/gamehost.order
flags=(-c release --product gamehost --scratch-path .build-static
       -Xswiftc -static-executable -Xswiftc -use-ld=lld)
if [ "${1:-}" = "--no-order" ]; then
  shift
elif [ -f "$order" ]; then
  # A name the list has and the binary lacks (code changed since) is only skipped.
  flags+=(-Xlinker "--symbol-ordering-file=$PWD/$order" -Xlinker --no-warn-symbol-ordering)
fi
swift build "${flags[@]}" "$@" >/dev/null
