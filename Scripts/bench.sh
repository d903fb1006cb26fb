#!/usr/bin/env bash
# The performance benchmark: every row of the table in docs/performance.md, each with
# its reference measured in the same run and its target.
#   Scripts/bench.sh [KEYS]     KEYS per module for rows 1 and 6 (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
keys=${1:-100000}

# Peers to compare against, from Debian's packages; /usr/bin/time measures peak memory.
if ! command -v hyperfine >/dev/null || [ ! -x /usr/games/nbmemoblocks ] || [ ! -x /usr/games/arithmetic ] \
   || [ ! -x /usr/bin/time ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq bsdgames nbsdgames hyperfine time >/dev/null
fi

echo "building (release; the launcher also as a fully static executable, the fast binary)"
swift build -c release --product gamehost-bench >/dev/null
Scripts/build-static.sh 2>/dev/null
swiftc -O -static-stdlib Scripts/bench/OneLiner.swift -o .build-static/oneliner
swiftc -O -static-executable Scripts/bench/EssentialsOneLiner.swift -o .build-static/essentials-oneliner 2>/dev/null

echo "row | what | figure | reference | ratio | target | verdict"
.build/release/gamehost-bench --keys "$keys" --walk-keys "$keys" --binary .build-static/release/gamehost | tail -n +3
python3 Scripts/bench/peers.py .build-static/release/gamehost .build-static/oneliner .build-static/essentials-oneliner
