#!/usr/bin/env bash
# The hosted benchmark (issue 28, point 9): GameHost served by its own throwaway sshd on
# 127.0.0.1 to N concurrent `ssh -tt` clients, each in a pseudo-terminal, each playing
# Memorize and pressing a key a second. For each N: key→frame p50/p99 at the client beside
# a `cat` ForceCommand's echo through the same sshd, connect→first frame beside a one-line
# `echo`, memory and CPU per session from /proc; then the targets and what 1,000 players
# would need, and the first N whose p99 passes 50 ms. Needs root (it adds and
# removes a throwaway account); cleans up after itself, on ^C too.
#   Scripts/host-bench.sh [SESSIONS] [SECONDS]
#   Scripts/host-bench.sh                    # 10,50,100,200,500 sessions, 30 s each: 12-15 minutes
#   Scripts/host-bench.sh 10,50 5            # a quick look: about 1.5 minutes
set -euo pipefail
cd "$(dirname "$0")/.."
sessions=${1:-10,50,100,200,500}
seconds=${2:-30}

if [ "$(id -u)" -ne 0 ]; then
  echo "host-bench.sh needs root: it adds a throwaway hosting account and runs sshd for it" >&2
  exit 1
fi
if [ ! -x /usr/sbin/sshd ] || [ ! -x /usr/bin/ssh ]; then
  apt-get update -qq && apt-get install -y -qq openssh-server openssh-client >/dev/null
fi
for left in /var/lib/gamehost-bench.*; do
  [ -e "$left" ] && echo "note: $left is left from a run that was killed (-9); remove it and its ghbench account by hand" >&2
done

echo "building (the shipped static binary, and the benchmark in release)"
Scripts/build-static.sh
swift build -c release --product gamehost-bench >/dev/null
echo "uptime: $(uptime)"
# Line by line even into a pipe (| tee), so a long run shows its rows as they come.
exec stdbuf -oL .build/release/gamehost-bench --hosted --binary .build-static/release/gamehost \
  --sessions "$sessions" --seconds "$seconds"
