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
# Type metadata through accessor functions rather than looked up by mangled name (a lookup
# demangles, and checks each conformance by scanning all 4,000 of them: most of a start's
# work), and every function in a section of its own, so the order below can place it.
compile=(-Xswiftc -static-executable -Xswiftc -use-ld=lld
         -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
         -Xswiftc -Xfrontend -Xswiftc -function-sections)
# Segments at 64 KiB in the file as in memory: the kernel maps a binary's cached pages a
# whole folio (64 KiB here) at a time around each fault, in a window of 64 KiB of addresses;
# with the file 4 KiB off that grid every window straddles two folios and maps both (a
# hosted process kept 0.6 MB more, docs/performance.md).
link=(-Xlinker -z -Xlinker max-page-size=65536)
flags=(-c release --product gamehost --scratch-path .build-static "${compile[@]}" "${link[@]}")
if [ "${1:-}" = "--no-order" ]; then
  shift
elif [ -f "$order" ]; then
  # A name the list has and the binary lacks (code changed since) is only skipped.
  flags+=(-Xlinker "--symbol-ordering-file=$PWD/$order" -Xlinker --no-warn-symbol-ordering)
fi
# The compiler keeps an object whose source did not change even when its options did (it
# compares a hash of the module, not of the options): start afresh when they change.
mkdir -p .build-static
if [ "$(cat .build-static/options 2>/dev/null)" != "${compile[*]}" ]; then
  rm -rf .build-static/x86_64-unknown-linux-gnu .build-static/release .build-static/build.db
  echo "${compile[*]}" > .build-static/options
fi
# SwiftPM does not know the order is an input of the link: relink when the list changed.
if [ -f "$order" ] && [ "$order" -nt .build-static/release/gamehost ]; then
  rm -f .build-static/release/gamehost
fi
swift build "${flags[@]}" "$@" >/dev/null
