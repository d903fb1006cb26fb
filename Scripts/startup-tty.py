#!/usr/bin/env python3
"""Time from starting gamehost in a pseudo-terminal to its first full frame, median of N runs,
and the CPU time of the whole run (less noisy on a shared machine).

usage: Scripts/startup-tty.py BINARY [RUNS] [--answer]

With --answer the pseudo-terminal answers the width probe as tmux 3.3a does (cursor reports,
then device attributes) and the time until the re-measured repaint is also reported; without
it, the terminal never answers, as a minimal terminal would not.
"""
import os, pty, select, statistics, sys, tempfile, time

def run(binary, answer):
    data = tempfile.mkdtemp(prefix="gamehost-startup-")
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary, [binary, "--data-dir", data])
    out = b""
    first = repaint = None
    widths = [1, 1, 4, 2, 2, 1] + [2] * 4 + [0] * 8
    reports = 0
    while time.monotonic() - start < 3:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            break
        chunk = os.read(fd, 65536)
        out += chunk
        if answer:
            for _ in range(chunk.count(b"\x1b[6n")):
                os.write(fd, b"\x1b[2;%dR" % (1 + widths[min(reports, len(widths) - 1)]))
                reports += 1
            if b"\x1b[c" in chunk:
                os.write(fd, b"\x1b[?62;22c")
        if first is None and b"Arithmetic Quiz" in out:
            first = time.monotonic() - start
            seen = len(out)
        elif first is not None and answer and out.count(b"\x1b[2J") >= 2:
            repaint = time.monotonic() - start
            break
        elif first is not None and not answer:
            break
    os.write(fd, b"q")
    time.sleep(0.05)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    _, _, usage = os.wait4(pid, 0)
    os.close(fd)
    return first, repaint, usage.ru_utime + usage.ru_stime

binary = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 20
answer = "--answer" in sys.argv
results = [run(binary, answer) for _ in range(runs)]
firsts = [r[0] * 1000 for r in results if r[0] is not None]
print("first frame: median %.1f ms over %d runs" % (statistics.median(firsts), len(firsts)))
print("CPU time of the whole run (start, first frame, q): median %.1f ms" % statistics.median(r[2] * 1000 for r in results))
repaints = [r[1] * 1000 for r in results if r[1] is not None]
if repaints:
    print("measured repaint: median %.1f ms" % statistics.median(repaints))
