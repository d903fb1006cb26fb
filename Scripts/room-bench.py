#!/usr/bin/env python3
"""Rooms benchmark (issue 29, point 8).

Two seats of a Compatibility Slider room, each a `gamehost host serve` in a pseudo-terminal
of its own, either run directly (as sshd would run it: SSH_USER_AUTH names the key) or
through a throwaway sshd on 127.0.0.1 with real `ssh -tt` clients (needs root; adds and
removes an account). It measures:

  * key -> frame at the OTHER seat: Enter (lock in / next topic / play again) written to one seat's
    terminal, until the first byte of the redrawn frame arrives on the other seat's
    terminal; p50/p99 over N keys, alternating seats. The other process is woken by
    inotify on the room's folder, not by polling.
  * a floor beside it: a key echoed by `cat` in a pty (local), and through the same sshd
    (a `cat` ForceCommand for a second account) when --via sshd.
  * following cost: 20 spectators (local `host serve` processes watching the room), CPU
    per spectator per input applied and resident memory per spectator, from /proc; and the
    key -> frame figure again while they watch.

  Scripts/room-bench.py [--via local|sshd] [--keys N] [--spectators N] [--binary PATH]
"""
import argparse, os, pty, select, shutil, signal, subprocess, sys, tempfile, time, fcntl, termios, struct

ap = argparse.ArgumentParser()
ap.add_argument("--via", default="local", choices=["local", "sshd"])
ap.add_argument("--keys", type=int, default=400)
ap.add_argument("--spectators", type=int, default=20)
ap.add_argument("--binary", default=None)
opts = ap.parse_args()
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = opts.binary or next(p for p in [root + "/.build/release/gamehost", root + "/.build/debug/gamehost"] if os.path.exists(p))
work = tempfile.mkdtemp(prefix="gamehost-room-bench.", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
os.chmod(work, 0o755)
host = work + "/host"
os.makedirs(host)
children, cleanups = [], []


class Term:
    """A program in a pseudo-terminal of the given size."""
    def __init__(self, argv, env, width=80, height=24):
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(argv[0], argv, env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.pid, self.fd, self.seen = pid, fd, b""
        children.append(pid)

    def send(self, data):
        os.write(self.fd, data.encode() if isinstance(data, str) else data)

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.seen += chunk
        return chunk

    def wait_for(self, text, timeout=15):
        deadline = time.time() + timeout
        while text.encode() not in self.seen:
            if time.time() > deadline:
                raise SystemExit("timed out waiting for %r; last output: %r" % (text, self.seen[-400:]))
            self.read(0.05)
        self.seen = b""

    def drain(self, quiet=0.03):
        while self.read(quiet):
            pass
        self.seen = b""


def keygen(name):
    path = work + "/" + name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", path], check=True)
    words = open(path + ".pub").read().split()
    with open(path + ".auth", "w") as f:
        f.write("publickey %s %s\n" % (words[0], words[1]))
    return path


sshd = None
def start_sshd():
    """A throwaway sshd: the account's ForceCommand is gamehost, a second account's is cat."""
    global sshd
    account, floor = "ghroom%d" % (os.getpid() % 10000), "ghcat%d" % (os.getpid() % 10000)
    for user in (account, floor):
        subprocess.run(["useradd", "-M", "-d", work, "-s", "/bin/bash", user], check=True)
        subprocess.run(["usermod", "-p", "*", user], check=True)
        cleanups.append(lambda u=user: subprocess.run(["userdel", u], stderr=subprocess.DEVNULL))
    subprocess.run(["chown", account, host], check=True)
    # sshd runs the AuthorizedKeysCommand only from folders root owns and no one else may
    # write to, all the way up: not from /dev/shm or /tmp.
    bindir = tempfile.mkdtemp(prefix="gamehost-room-bench.", dir="/var/lib")
    os.chmod(bindir, 0o755)
    cleanups.append(lambda: shutil.rmtree(bindir, ignore_errors=True))
    shutil.copy(binary, bindir + "/gamehost")
    os.chmod(bindir + "/gamehost", 0o755)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", work + "/host_key"], check=True)
    import socket
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
    block = subprocess.run([bindir + "/gamehost", "host", "sshd-config", "--account", account, "--data-dir", host],
                           check=True, capture_output=True, text=True).stdout
    config = ("Port %d\nListenAddress 127.0.0.1\nHostKey %s/host_key\nPidFile %s/sshd.pid\nUsePAM no\n"
              "AllowUsers %s %s\nSetEnv GAMEHOST_ROOM_SEED=4\n" % (port, work, work, account, floor)) + block
    config += "\nMatch User %s\n  ForceCommand /bin/cat\n  PermitTTY yes\n  AuthorizedKeysFile %s/%%u.keys\n" % (floor, work)
    open(work + "/sshd_config", "w").write(config)
    os.makedirs("/run/sshd", exist_ok=True)
    sshd = subprocess.Popen(["/usr/sbin/sshd", "-D", "-f", work + "/sshd_config", "-E", work + "/sshd.log"])
    deadline = time.time() + 10
    while "Server listening" not in (open(work + "/sshd.log").read() if os.path.exists(work + "/sshd.log") else ""):
        if time.time() > deadline:
            raise SystemExit("sshd did not start")
        time.sleep(0.05)
    return account, floor, port


def ssh_argv(key, account, port):
    return ["/usr/bin/ssh", "-tt", "-i", key, "-p", str(port), "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none",
            "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "LogLevel=ERROR", "%s@127.0.0.1" % account]


base_env = {"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": work, "GAMEHOST_PROBE": "0",
            "GAMEHOST_ROOM_SEED": "4"}
server = start_sshd() if opts.via == "sshd" else None


def player(name, width=80, height=24, local=False):
    key = keygen(name)
    if server and not local:
        term = Term(ssh_argv(key, server[0], server[2]), dict(base_env), width, height)
    else:
        env = dict(base_env, SSH_USER_AUTH=key + ".auth")
        term = Term([binary, "host", "serve", "--data-dir", host], env, width, height)
    term.wait_for("Welcome")
    term.send(name + "\r")
    term.wait_for("Who is online")
    return term


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def measure(a, b, keys):
    """Enter at one seat, the first byte at the other; alternating seats."""
    samples, misses = [], 0
    for index in range(keys):
        sender, other = (a, b) if index % 2 == 0 else (b, a)
        a.drain(); b.drain()
        start = time.perf_counter()
        sender.send("\r")
        if other.read(0.5):
            samples.append((time.perf_counter() - start) * 1000)
        else:
            misses += 1
    return samples, misses


def floor_local(keys=400):
    term = Term(["/bin/cat"], dict(base_env))
    time.sleep(0.1); term.drain()
    samples = []
    for _ in range(keys):
        start = time.perf_counter(); term.send("x")
        term.read(1); samples.append((time.perf_counter() - start) * 1000)
    os.kill(term.pid, signal.SIGKILL)
    return samples


def floor_sshd(keys=400):
    key = keygen("floor")
    shutil.copy(key + ".pub", work + "/%s.keys" % server[1]); os.chmod(work + "/%s.keys" % server[1], 0o644)
    term = Term(ssh_argv(key, server[1], server[2]), dict(base_env))
    time.sleep(1.0); term.drain(0.2)
    samples = []
    for _ in range(keys):
        start = time.perf_counter(); term.send("x")
        if term.read(1):
            samples.append((time.perf_counter() - start) * 1000)
    os.kill(term.pid, signal.SIGKILL)
    return samples


def cpu_ms(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def rss_kb(pid):
    for line in open("/proc/%d/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def row(what, samples, misses=0):
    print("%-58s p50 %6.2f ms  p99 %6.2f ms  (%d keys%s)" % (what, percentile(samples, 50), percentile(samples, 99),
          len(samples), ", %d without a frame" % misses if misses else ""))


try:
    print("GameHost rooms benchmark, via %s; binary %s" % (opts.via, binary))
    print("uptime: " + subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    alice = player("alice")
    alice.send("g"); time.sleep(0.2); alice.send("\x1b[B\x1b[B\r"); alice.wait_for("open a room")
    alice.send("o"); alice.wait_for("Waiting for")
    code = [n for n in os.listdir(host + "/rooms") if n != "ended"][0]
    bob = player("bob", 70, 20)
    bob.send("c"); time.sleep(0.2); bob.send(code + "\r")
    bob.wait_for("Topic 1"); alice.drain()
    row("floor: a key echoed by cat in a local pty", floor_local())
    if server:
        row("floor: a key echoed by cat through the same sshd", floor_sshd())
    samples, misses = measure(alice, bob, opts.keys)
    row("key at one seat -> frame at the other (%s)" % ("ssh -tt via sshd" if server else "local ptys"), samples, misses)

    watchers = []
    for number in range(opts.spectators):
        term = player("s%02d" % number, 64, 22, local=True)
        term.send("j" * 60); time.sleep(0.1); term.send("w"); term.wait_for("· watching")
        watchers.append(term)
    time.sleep(0.5)
    for term in watchers: term.drain()
    # Spectators' terminals are read as a real terminal would, so no one blocks on a full pty:
    # by a process of its own, which takes no time from the measuring one.
    reader = os.fork()
    if reader == 0:
        fds = [t.fd for t in watchers]
        while True:
            ready, _, _ = select.select(fds, [], [])
            for fd in ready:
                try: os.read(fd, 65536)
                except OSError: pass
    children.append(reader)
    pids = [t.pid for t in watchers]
    before = {p: cpu_ms(p) for p in pids}
    idle_start = time.time(); time.sleep(2.0)
    idle = sum(cpu_ms(p) - before[p] for p in pids) / len(pids) / (time.time() - idle_start)
    before = {p: cpu_ms(p) for p in pids}
    started = time.time()
    samples, misses = measure(alice, bob, opts.keys)
    elapsed = time.time() - started
    used = [cpu_ms(p) - before[p] for p in pids]
    row("key -> frame at the other seat, %d spectators following" % len(pids), samples, misses)
    inputs = len(samples) + misses
    print("spectators: %d; inputs applied during the run: %d in %.1f s" % (len(pids), inputs, elapsed))
    print("  CPU per spectator: %.3f ms per input applied (%.2f%% of a core at %.1f inputs/s); idle %.2f ms/s"
          % (sum(used) / len(used) / inputs, sum(used) / len(used) / elapsed / 10, inputs / elapsed, idle))
    rss = [rss_kb(p) for p in pids]
    print("  resident memory per spectator: %.1f MB (min %.1f, max %.1f)" % (sum(rss) / len(rss) / 1024,
          min(rss) / 1024, max(rss) / 1024))
    print("  seats' processes: alice %.1f MB, bob %.1f MB resident" % (rss_kb(alice.pid) / 1024, rss_kb(bob.pid) / 1024)
          if not server else "  (seats' gamehost processes run under sshd)")
finally:
    for pid in children:
        try: os.kill(pid, signal.SIGKILL)
        except OSError: pass
    if sshd:
        sshd.terminate(); sshd.wait()
        time.sleep(0.3)
        subprocess.run(["pkill", "-KILL", "-u", server[0]], stderr=subprocess.DEVNULL)
    for cleanup in cleanups: cleanup()
    shutil.rmtree(work, ignore_errors=True)
