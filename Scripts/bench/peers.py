#!/usr/bin/env python3
"""Whole-process rows of the GameHost benchmark: bytes per cursor move against nbmemoblocks
(row 2), cold start against arithmetic(6) and a Swift one-liner (row 3), and peak memory
against the one-liner (row 4); against a static one-liner that imports FoundationEssentials
and encodes JSON: cold start (3b), peak memory of a 10,000-key Memorize session (4b) and
the stripped size (7). Called by Scripts/bench.sh, which builds the binaries:
    peers.py GAMEHOST ONELINER ESSENTIALS_ONELINER"""
import json, os, pty, random, select, shutil, statistics, subprocess, sys, tempfile, time

scratch = tempfile.mkdtemp(prefix="gamehost-bench-")


def copied(path):
    """A copy of a program in the scratch folder. Every program is measured as such a copy,
    so all of them sit in the page cache the same way, as an installed binary does: how a
    file came to be cached (written by a linker, by `cp`, read back after eviction) changes
    the blocks the kernel maps it in, and with them start times and resident memory by
    more than the differences measured here."""
    copy = os.path.join(scratch, "bin", os.path.basename(path))
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    shutil.copyfile(path, copy)
    os.chmod(copy, 0o755)
    return copy


gamehost, oneliner, essentials = (copied(path) for path in sys.argv[1:4])


def row(number, what, figure, reference, ratio, target, met):
    verdict = "met" if met else "MISSED"
    print(f"{number} | {what} | {figure} | ref: {reference} | ratio: {ratio} | target: {target} | {verdict}")


def drive(argv, keys, settle=1.0, pause=0.03):
    """Runs argv in an 80x24 pty, sends each key after the screen settles; returns the bytes
    written before the first key and after each key."""
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def read_for(seconds):
        total, deadline = 0, time.time() + seconds
        while True:
            left = deadline - time.time()
            if left <= 0:
                return total
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return total
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return total
            if not chunk:
                return total
            total += len(chunk)

    first = read_for(settle)
    after = []
    for key in keys:
        os.write(fd, key)
        after.append(read_for(pause))
    os.kill(pid, 15)
    os.waitpid(pid, 0)
    return first, after


# Row 2: bytes per cursor move, Memorize against nbmemoblocks, on the same kind of board.
moves = [b"l", b"l", b"j", b"j", b"h", b"h", b"k", b"k"] * 25
nb = "/usr/games/nbmemoblocks"
if shutil.which(nb):
    _, after = drive([nb], moves)
    nb_bytes = statistics.mean(after)
else:
    nb_bytes = float("nan")
data = os.path.join(scratch, "memorize")
_, after = drive([gamehost, "play", "memorize", "--seed", "1", "--data-dir", data], [b"\r"] + moves)
gh_bytes = statistics.mean(after[1:])
row("2", "memorize bytes per cursor move (TTY, 80x24)", f"{gh_bytes:.1f} B/move",
    f"nbmemoblocks {nb_bytes:.1f} B/move", f"{gh_bytes / nb_bytes:.2f}x", "reported beside nbmemoblocks", True)

# Row 3: cold start to the first frame.
if shutil.which("hyperfine"):
    arithmetic = "/usr/games/arithmetic"
    commands = [f"{gamehost} play arithmetic-quiz --plain --data-dir {scratch}/cold", oneliner, essentials]
    if os.path.exists(arithmetic):
        commands.append(arithmetic)
    # Ten rounds of 40 starts each, every program in each round, rather than 300 starts of
    # one program and then the next: a burst of load on a shared machine then falls on all
    # of them alike. Each figure is the median of its rounds' medians, each ratio the median
    # of the rounds' ratios.
    out = os.path.join(scratch, "cold.json")
    rounds = []
    for _ in range(10):
        subprocess.run(["hyperfine", "-N", "--warmup", "10", "--runs", "40", "--export-json", out] + commands,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rounds.append({r["command"]: r["median"] * 1000 for r in json.load(open(out))["results"]})

    def median(command):
        return statistics.median(times[command] for times in rounds) if command in rounds[0] else float("nan")

    def ratio(command):
        return statistics.median(times[commands[0]] / times[command] for times in rounds) \
            if command in rounds[0] else float("nan")

    ours, swift, bsd, lean = median(commands[0]), median(oneliner), median(arithmetic), median(essentials)
    row("3", "cold start, play arithmetic-quiz --plain < /dev/null",
        f"median {ours:.2f} ms", f"Swift one-liner {swift:.2f} ms, arithmetic(6) {bsd:.2f} ms",
        f"{ratio(oneliner):.2f}x one-liner, {ratio(arithmetic):.2f}x arithmetic", "<= 1.3x the Swift one-liner",
        ratio(oneliner) <= 1.3)
    row("3b", "cold start, play arithmetic-quiz --plain < /dev/null",
        f"median {ours:.2f} ms", f"FoundationEssentials JSON one-liner {lean:.2f} ms",
        f"{ratio(essentials):.2f}x (rounds {min(t[commands[0]] / t[essentials] for t in rounds):.2f}-"
        f"{max(t[commands[0]] / t[essentials] for t in rounds):.2f}x)",
        "<= 1.3x the FoundationEssentials one-liner", ratio(essentials) <= 1.3)
else:
    print("3 | hyperfine is not installed: skipped")

# Row 4: peak memory of a 10,000-key session, against the one-liner.
random.seed(4)
keys = "".join(random.choice("1234\n\n\x1b[C\x1b[Drp") for _ in range(10_000))
keyfile = os.path.join(scratch, "keys")
open(keyfile, "w").write(keys)


def peak_kib(argv, stdin_path):
    """Peak resident memory in KiB, as /usr/bin/time -v reports it. (The rusage of a child
    forked from Python starts from Python's own high-water mark, about 15 MiB, which hid the
    difference between small programs.)"""
    report = os.path.join(scratch, "time")
    with open(stdin_path) as stdin:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report] + argv, stdin=stdin,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return int(open(report).read().split()[-1])


ours = peak_kib([gamehost, "play", "arithmetic-quiz", "--plain", "--data-dir", f"{scratch}/memory"], keyfile)
swift = peak_kib([oneliner], "/dev/null")
row("4", "peak memory, 10,000-key plain session", f"{ours / 1024:.1f} MiB", f"Swift one-liner {swift / 1024:.1f} MiB",
    f"{ours / swift:.2f}x", "<= 2x the one-liner", ours <= 2 * swift)

# Row 4b: peak memory of a 10,000-key Memorize session (moves, turns, new games; no key that
# leaves the board), against the FoundationEssentials one-liner.
random.seed(44)
memorize_keys = "\n" + "".join(random.choice("hjkl \n\nn") for _ in range(9_999))
memorize_file = os.path.join(scratch, "memorize-keys")
open(memorize_file, "w").write(memorize_keys)
ours = peak_kib([gamehost, "play", "memorize", "--plain", "--seed", "1", "--data-dir", f"{scratch}/memorize-memory"],
                memorize_file)
lean = peak_kib([essentials], "/dev/null")
row("4b", "peak memory, 10,000-key Memorize plain session", f"{ours / 1024:.1f} MiB",
    f"FoundationEssentials JSON one-liner {lean / 1024:.1f} MiB", f"{ours / lean:.2f}x",
    "<= 1.3x the FoundationEssentials one-liner", ours <= 1.3 * lean)


# Row 7: the size of the static binary, stripped, as it is installed.
def stripped_size(path):
    copy = os.path.join(scratch, "stripped")
    subprocess.run(["strip", "-o", copy, path], check=True)
    size = os.path.getsize(copy)
    os.remove(copy)
    return size


ours, lean = stripped_size(gamehost), stripped_size(essentials)
row("8", "static binary, stripped", f"{ours / 1e6:.1f} MB", f"FoundationEssentials JSON one-liner {lean / 1e6:.1f} MB",
    f"{ours / lean:.2f}x", "<= 25 MB", ours <= 25e6)
shutil.rmtree(scratch, ignore_errors=True)
