#!/usr/bin/env python3
"""Writes Scripts/link/gamehost.order: the functions gamehost runs, those of a start first,
then the data it touches, for the linker to place side by side (Scripts/build-static.sh
passes it to lld).

Why: the static binary holds 11 MB of code (the Swift runtime, the standard library,
FoundationEssentials, GameHost), of which a session runs well under 1 MB, spread all over.
The kernel maps a program's code 64 KiB around each page it first touches, so a session
without the order keeps about 7 MB of code resident and takes a page fault for each
scattered piece at start; with the order, the code it runs is a few hundred KiB in a row.
Data is the same story in smaller pieces: the runtime's caches of type metadata are 8-byte
variables spread over the 600 KiB of zeroed data, and each page first read and then written
costs two faults; placed together, a start of the quiz touches 28 of those pages, not 38.

The profile: callgrind (valgrind) runs the binary through starts of every command, a plain
session of every game, a session on a pseudo-terminal with the mouse and hosted sessions, each
terminal answering the start-up probe as a player's does; every function holding an
instruction it counted is listed. One left out costs more than its size: the kernel maps
the binary's cached pages 64 KiB or a whole large folio at a time around each first touch. Lackey (valgrind) runs the starts again and records the data
they read and write: those variables are listed after the functions, in the order they
were first touched (the linker moves the section holding each, which for Swift code is one
per source file). A name missing from the list (new code, another toolchain) is only
placed elsewhere, never lost: regenerate after large changes. It takes about ten minutes.
    Scripts/order-symbols.py         (needs valgrind; builds the static binary first)"""
import bisect, os, pty, random, re, select, shutil, signal, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
output = os.path.join("Scripts", "link", "gamehost.order")
scratch = tempfile.mkdtemp(prefix="gamehost-order-")

if not shutil.which("valgrind"):
    sys.exit("order-symbols.py: valgrind is needed (apt-get install valgrind)")
link_map = os.path.join(scratch, "gamehost.map")
subprocess.run(["Scripts/build-static.sh", "--no-order", "-Xlinker", f"-Map={link_map}"], check=True)
# valgrind cannot read the DWARF 5 the toolchain writes: profile a copy without it.
binary = os.path.join(scratch, "gamehost")
subprocess.run(["strip", "--strip-debug", "-o", binary, ".build-static/release/gamehost"], check=True)

profiles = {"start": [], "play": []}


def callgrind(group, arguments, keys=b"", terminal=None, environment=None):
    out = os.path.join(scratch, f"callgrind.{len(profiles['start']) + len(profiles['play'])}")
    profiles[group].append(out)
    command = ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no",
               f"--callgrind-out-file={out}", binary] \
        + arguments + ["--data-dir", os.path.join(scratch, "data")]
    if terminal is None:
        subprocess.run(command, input=keys, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    else:
        on_a_terminal(command, terminal, environment or {})


def on_a_terminal(command, steps, environment):
    """Runs `command` on an 80x24 pseudo-terminal; each step is bytes to send once the screen
    has been quiet for a second (under valgrind on a busy machine a key can take longer than
    half of one: a step sent early lands on the wrong screen, and the profile misses a session's
    code, which then costs a hosted process 2 MB resident)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(command[0], command, dict(os.environ, TERM="xterm-256color", **environment))
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    drawn = b""

    def answer(output):
        """Answers the start-up probe as a terminal does (as the hosted benchmark's clients
        do): where the cursor went after each sample, grapheme-cluster mode unknown, the device
        attributes. Without answers the session runs the probe's time-out, which no player's does."""
        nonlocal drawn
        for text, sequence in re.findall(rb"([^\x1b]*)(?:\x1b\[([\x20-\x3f]*[\x40-\x7e]))?", output):
            drawn += text
            if sequence == b"6n":
                glyph = drawn.decode(errors="replace")
                os.write(fd, b"\x1b[2;%dR" % (3 if len(glyph) != 1 or ord(glyph) >= 0x1100 else 2))
            elif sequence == b"?2027$p":
                os.write(fd, b"\x1b[?2027;0$y")
            elif sequence == b"c":
                os.write(fd, b"\x1b[?62;22c")
            if sequence.endswith(b"H") or sequence == b"6n":
                drawn = b""

    def settle(quiet=1.0, limit=30.0):
        end = time.time() + limit
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], quiet)
            if not ready:
                return
            try:
                output = os.read(fd, 65536)
            except OSError:
                return
            if not output:
                return
            answer(output)

    settle(quiet=3.0, limit=90.0)
    for step in steps:
        if step == "resize":
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.kill(pid, signal.SIGWINCH)
        else:
            os.write(fd, step)
        settle()
    os.kill(pid, signal.SIGTERM)
    settle()
    os.waitpid(pid, 0)


# A start: what every command does before anyone presses a key.
games = ["arithmetic-quiz", "memorize", "compatibility-slider", "snake"]
for game in games:
    callgrind("start", ["play", game, "--plain"])
callgrind("start", ["list"])
callgrind("play", ["--help"])
callgrind("play", ["prefs", "memorize"])

# A plain session of every game, with the keys its players use.
random.seed(1)
left, right, up, down = b"\x1b[D", b"\x1b[C", b"\x1b[A", b"\x1b[B"
later = b"\x1b[=150t"
keys = {
    "arithmetic-quiz": [b"1", b"2", b"3", b"4", b"\n", b"\n", left, right, b"r"],
    "memorize": [b"h", b"j", b"k", b"l", b" ", b"\n", b"\n", b"n", left, right, up, down],
    "compatibility-slider": [left, right, b"1", b"2", b"3", b"4", b"5", b"\n", b"\n"],
    "snake": [later, later, later, left, right, up, down, b"h", b"j", b"k", b"l", b"\n", b" "],
}
for game, choices in keys.items():
    callgrind("play", ["play", game, "--plain", "--seed", "1"],
              keys=b"\n" + b"".join(random.choice(choices) for _ in range(1500)))

# The launcher on a terminal: the menu, a game with keys and the mouse, help, preferences.
def click(column, row):
    return f"\x1b[<0;{column};{row}M\x1b[<0;{column};{row}m".encode()


callgrind("play", [], terminal=[down, down, up, b"\n", b"l", b" ", b"l", b" ", click(20, 6), click(30, 9),
                                b"\x1b[<64;20;6M", b"?", b"\x1b", b"p", down, right, b"\x1b", "resize",
                                b"q", down, down, down, b"\n", later, left, click(10, 10), b"q", b"q"])
callgrind("play", ["play", "snake", "--set", "speed=7"], terminal=[b"", b"", right, down, b"", left, b"q"])

# A hosted session as sshd runs it (`host serve`, the key in SSH_USER_AUTH): a new key's
# sign-up, the lobby and the games; then the same key asking for Memorize by name, a
# hosted player's most common session.
auth = os.path.join(scratch, "auth")
with open(auth, "w") as file:
    file.write("publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFh2cMn0Sx3o0lmG5ehRLL/VJuXSbWjqEbG7ICpsPGrA\n")
callgrind("play", ["host", "serve"], environment={"SSH_USER_AUTH": auth},
          terminal=[b"ann\r", down, up, b"g", down, b"\x1b", b"v", b"v", b"q"])
callgrind("play", ["host", "serve"], environment={"SSH_USER_AUTH": auth, "SSH_ORIGINAL_COMMAND": "memorize"},
          terminal=[b"\r", right, left, down, b"\r", right, b"\r", up, b"\r", left, b"\r",
                    click(30, 9), right, left, b"q", b"q", b"q"])
# A player the operator named (`hosting.namedKeys`: no sign-up), asking for Memorize by name
# and moving on its board: a session of the hosted benchmark.
named, config = os.path.join(scratch, "players.keys"), os.path.join(scratch, "config.json")
with open(named, "w") as file:
    file.write("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILjxCPhaZ1E59u6RJEeZYWQzXFX1Y+qvTuvjKsk2WpyP bea\n")
with open(config, "w") as file:
    file.write('{"hosting": {"namedKeys": "%s"}}' % named)
with open(auth, "w") as file:
    file.write("publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILjxCPhaZ1E59u6RJEeZYWQzXFX1Y+qvTuvjKsk2WpyP\n")
callgrind("play", ["host", "serve", "--config", config],
          environment={"SSH_USER_AUTH": auth, "SSH_ORIGINAL_COMMAND": "memorize"},
          terminal=[b"\r", right, left, right, left, right, left, b"q", b"q"])


def executed(path):
    """The functions a callgrind profile saw run, by the addresses of the instructions it counted
    (each found in the binary's own symbol table: valgrind's names for some differ, such as
    "(below main)", or are ones nm lists apart, such as glibc's IFUNC resolvers, which a static
    binary runs at every start)."""
    ran = set()
    for line in open(path, errors="replace"):
        match = re.match(r"(?:calls=\d+ )?0x([0-9a-f]+)", line)
        if match and code_low <= int(match.group(1), 16) < code_high:
            ran.add(functions_by_address[bisect.bisect_right(function_starts, int(match.group(1), 16)) - 1][1])
    return ran


def sections_by_name():
    """From the link map: for each function name, the sizes of the code sections defining it
    (a local name, like a value witness, is defined in many objects)."""
    sizes, current, in_text = {}, None, False
    for line in open(link_map, errors="replace"):
        match = re.match(r"\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s(.*)$", line.rstrip("\n"))
        if not match:
            continue
        size, rest = int(match.group(1), 16), match.group(2)
        if not rest.startswith(" "):
            in_text = rest.startswith(".text")
        elif in_text and rest.strip().endswith(")") and ":(" in rest:
            current = size
        elif in_text and current is not None:
            sizes.setdefault(rest.strip(), []).append(current)
    return sizes


# A section is placed whole: functions in sections of their own come first, those of a
# start before those of play, so that they lie close together; then those sharing a section
# of a few KiB with others; then the large unsplit sections (the standard library's own
# is 1.6 MB), so that none of them lands in the middle and spreads the rest out again.
defined = sections_by_name()
address, functions_by_address = {}, []
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwWi":
        address.setdefault(parts[2], int(parts[0], 16))
        # Every copy of a local name (a merged function's, a value witness's) is found.
        functions_by_address.append((int(parts[0], 16), parts[2]))
functions_by_address.sort()
function_starts = [at for at, _ in functions_by_address]
# The binary's code, from its first function to the end of its executable sections (valgrind
# also counts the vdso's instructions).
code_low, code_high = function_starts[0], 0
for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout.splitlines():
    match = re.match(r"\s*\[\s*\d+\]\s+\S+\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*X\S*)\s", line)
    if match:
        code_high = max(code_high, int(match.group(1), 16) + int(match.group(2), 16))
start = set().union(*(executed(path) for path in profiles["start"])) & address.keys()
play = set().union(*(executed(path) for path in profiles["play"])) & address.keys() - start
# glibc picks its string functions by processor: valgrind's is not this machine's, so every
# variant of one that ran is listed (the others are never touched, and are small).
for name in list(start | play):
    family = re.match(r"(__(?:mem|str|stp|wmem|rawmem)[a-z]*)_(?:sse|avx|evex|erms)", name)
    if family:
        variants = {other for other in address if other.startswith(family.group(1) + "_")}
        (start if name in start else play).update(variants)
play -= start


def placed(names, largest):
    return {name for name in names if max(defined.get(name, [0])) <= largest}


order = []
for group in (placed(start, 4096), placed(start, 64 * 1024), placed(play, 4096), placed(play, 64 * 1024),
              start | play):
    # Each group in the order the code sits in the unordered binary, which keeps a
    # library's own neighbours together.
    order += sorted(group - set(order), key=address.get)
movable = placed(start | play, 64 * 1024)


def data_sections():
    """The writable and read-only data of the binary, as (start, end) address ranges."""
    ranges = []
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match and match.group(1) in (".bss", ".data", ".data.rel.ro", ".rodata"):
            ranges.append((int(match.group(2), 16), int(match.group(2), 16) + int(match.group(3), 16)))
    return ranges


data_symbols = []
for line in subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in "bBdDrR":
        data_symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
data_symbols.sort()
data_starts = [symbol[0] for symbol in data_symbols]
ranges = data_sections()
low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
touched = []


def lackey(arguments):
    """Adds the data variables a run touches to `touched`, in the order first touched."""
    # A trace is hundreds of megabytes: in memory when there is room for it. To a file, as
    # through a pipe each of valgrind's small writes woke the reader: many times slower.
    roomy = os.path.isdir("/dev/shm") and shutil.disk_usage("/dev/shm").free > 2 << 30
    trace = os.path.join("/dev/shm" if roomy else scratch, f"gamehost-lackey-{os.getpid()}")
    subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}", binary] + arguments
                   + ["--data-dir", os.path.join(scratch, "data")],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    seen = set(touched)
    digits = len(f"{high:x}")
    access = re.compile(rb"^ [LSM] 0*([0-9a-f]{1,%d})," % digits, re.MULTILINE)
    rest = b""
    with open(trace, "rb") as log:
        # Tens of millions of lines: read in blocks and let the regular expression find
        # the data accesses among the instructions.
        while block := log.read(1 << 22):
            block, rest = rest + block, b""
            cut = block.rfind(b"\n") + 1
            block, rest = block[:cut], block[cut:]
            for match in access.finditer(block):
                address = int(match.group(1), 16)
                if not low <= address < high or not any(a <= address < b for a, b in ranges):
                    continue
                index = bisect.bisect_right(data_starts, address) - 1
                if index < 0:
                    continue
                start_address, size, name = data_symbols[index]
                if address < start_address + max(size, 1) and name not in seen:
                    seen.add(name)
                    touched.append(name)
    os.remove(trace)


# Starts only: a trace of every access is hundreds of megabytes a run, and what a session
# touches after its start is mostly what the start touched.
for game in games:
    lackey(["play", game, "--plain"])
lackey(["list"])
functions = list(order)
order += touched
os.makedirs(os.path.dirname(output), exist_ok=True)
with open(output, "w") as file:
    file.write("".join(name + "\n" for name in order))
size = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True).stdout
bytes_by_name = {p[3]: int(p[1], 16) for p in (l.split() for l in size.splitlines()) if len(p) == 4}
print(f"{output}: {len(start)} functions of a start, {len(play)} more of play, "
      f"{len(start | play) - len(movable)} in large sections, {len(touched)} data variables; "
      f"{sum(bytes_by_name.get(n, 0) for n in functions) / 1024:.0f} KiB of code")
shutil.rmtree(scratch, ignore_errors=True)
