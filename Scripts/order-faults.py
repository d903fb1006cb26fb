#!/usr/bin/env python3
"""The link order's second pass: adds to Scripts/link/gamehost.order the functions live hosted
sessions still fault on outside it. Run it after Scripts/order-symbols.py.

Why: order-symbols.py profiles sessions under valgrind, which cannot reach every path a live
session through sshd takes (a value witness here, a coding key there). Each such function
costs a hosted process not its size but 64 KiB or more of the binary mapped around the
fault. This pass builds the shipped binary with the order, runs the hosted benchmark under
the kernel's page-fault tracepoint, looks up every code fault of a `gamehost` process in the
binary's own symbols and appends the functions the order lacks: the linker places them
right after the listed ones. Data is left alone: the variables found so are large tables
(Unicode names), which placed beside a start's data made every start map them.
    Scripts/order-faults.py              (root, perf; a build and about a minute of benchmark)
    Scripts/order-faults.py --no-build   (the static binary and the benchmark as last built)"""
import bisect, os, re, shutil, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
output = os.path.join("Scripts", "link", "gamehost.order")
if os.geteuid() != 0 or not shutil.which("perf"):
    sys.exit("order-faults.py: needs root (the benchmark adds an account) and perf (linux-tools)")
if not os.path.exists(output):
    sys.exit(f"order-faults.py: {output} is missing: run Scripts/order-symbols.py first")

if "--no-build" not in sys.argv[1:]:
    subprocess.run(["Scripts/build-static.sh"], check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "gamehost-bench"], check=True,
                   stdout=subprocess.DEVNULL)
scratch = tempfile.mkdtemp(prefix="gamehost-faults-")
binary = os.path.join(scratch, "gamehost")
shutil.copy(".build-static/release/gamehost", binary)
record = os.path.join(scratch, "faults.data")
subprocess.run(["perf", "record", "-q", "-a", "-e", "exceptions:page_fault_user", "-o", record, "--",
                ".build/release/gamehost-bench", "--hosted", "--sessions", "10", "--seconds", "5",
                "--connects", "3", "--binary", binary], check=True, stdout=subprocess.DEVNULL)
trace = subprocess.run(["perf", "script", "-i", record, "-F", "comm,trace"],
                       capture_output=True, text=True, check=True).stdout

functions = []
for line in subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in "tT":
        functions.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
functions.sort()
starts = [function[0] for function in functions]

with open(output) as file:
    listed = set(file.read().split())
found = []
for line in trace.splitlines():
    match = re.search(r"^\s*gamehost\s.*address=0x([0-9a-f]+)", line)
    if not match:
        continue
    address = int(match.group(1), 16)
    index = bisect.bisect_right(starts, address) - 1
    if index < 0:
        continue
    start, size, name = functions[index]
    if address < start + size and name not in listed:
        listed.add(name)
        found.append(name)
with open(output, "a") as file:
    file.write("".join(name + "\n" for name in found))
print(f"{output}: {len(found)} functions added from a hosted run's page faults")
shutil.rmtree(scratch, ignore_errors=True)
