import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a client does once connected: the text that says the first frame has come, keys
/// that take it to where it plays (not measured), and the keys it then presses in turn,
/// each of which must change the frame.
struct ClientScript {
    var marker: String
    var setup: [String] = []
    var cycle: [String] = []
    /// A byte written as soon as the client starts, whose echo is the first frame (cat
    /// draws nothing of its own).
    var probe: String?
    /// What the player types after the host name (`ssh games@HOST -- ID`).
    var command: [String] = []
    /// Seconds between two keys.
    var interval = 1.0
}

/// One `ssh -tt` client in a pseudo-terminal of its own, as a player's terminal would be.
final class Client {
    let pid: pid_t
    let master: Int32
    let spawned: UInt64
    var firstFrame: UInt64?
    /// Output before the first frame, to find the marker in.
    var early: [UInt8] = []
    /// When the key now awaiting its frame was written, if it is to be measured.
    var pending: UInt64?
    var measuring = false
    var nextKey: UInt64 = 0
    var presses = 0
    var open = true
    var lastOutput: UInt64 = 0
    /// The last output, to say what a session that closed early showed.
    var recent: [UInt8] = []
    /// How far `early` has been read for the terminal's questions, and the text drawn since
    /// the cursor last moved.
    var scanned = 0
    var drawn: [UInt8] = []

    init(_ arguments: [String], columns: UInt16, rows: UInt16) throws {
        guard let pty = PseudoTerminal.functions else { throw BenchError("no pseudo-terminals") }
        let master = pty.open(O_RDWR | O_NOCTTY)
        guard master >= 0, pty.grant(master) == 0, pty.unlock(master) == 0, let name = pty.name(master) else {
            if master >= 0 { close(master) }
            throw BenchError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let terminal = String(cString: name)
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        // Raw from the start: a key written before ssh makes the terminal raw itself must not
        // wait in a line buffer or come back as an echo.
        let slave = Glibc.open(terminal, O_RDWR | O_NOCTTY)
        if slave >= 0 {
            var modes = termios()
            tcgetattr(slave, &modes)
            cfmakeraw(&modes)
            tcsetattr(slave, TCSANOW, &modes)
            close(slave)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid, without O_NOCTTY: the terminal becomes ssh's controlling one.
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, terminal, O_RDWR, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's 0x80), which Swift's Glibc module does not show.
        posix_spawnattr_setflags(&attributes, 0x80)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = ["TERM=xterm-256color", "PATH=/usr/bin:/bin", "HOME=/root"]
        var environment = variables.map { strdup($0) } + [nil]
        defer { environment.forEach { free($0) } }
        var pid = pid_t()
        spawned = now()
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &environment)
        guard status == 0 else {
            close(master)
            throw BenchError("cannot run ssh: \(String(cString: strerror(status)))")
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.pid = pid
        self.master = master
        Cleanup.shared.add(pid)
    }

    /// Ends the client (its connection closes, so sshd hangs up on the session) and reaps it.
    func end() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        open = false
        Cleanup.shared.remove(pid)
    }
}

extension Client {
    /// Answers what GameHost asks a terminal at start (WidthProbe), as a terminal would:
    /// where the cursor went after each sample (every emoji 2 wide, a box-drawing line 1),
    /// that grapheme-cluster mode is unknown, and the device attributes. Without answers
    /// every session would wait for the probe's time-out, as no player's does.
    func answerQuestions() {
        let bytes = early
        var index = scanned
        var reply = ""
        while index < bytes.count {
            guard bytes[index] == 0x1B else {
                drawn.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count else { break }
            guard bytes[index + 1] == UInt8(ascii: "[") else { index += 1; continue }
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { break }
            let sequence = String(decoding: bytes[(index + 2)...end], as: UTF8.self)
            switch sequence {
            case "6n":
                let glyph = String(decoding: drawn, as: UTF8.self).unicodeScalars
                let width = glyph.count == 1 && glyph.first!.value < 0x1100 ? 1 : 2
                reply += "\u{1B}[2;\(1 + width)R"
            case "?2027$p": reply += "\u{1B}[?2027;0$y"
            case "c": reply += "\u{1B}[?62;22c"
            default: break
            }
            if sequence.hasSuffix("H") || sequence == "6n" { drawn = [] }
            index = end + 1
        }
        scanned = index
        if !reply.isEmpty { _ = Array(reply.utf8).withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) } }
    }
}

/// Many clients driven from one thread with poll(2): keys are written on schedule, and each
/// reply's first bytes are timed against the key that caused them.
final class Fleet {
    let server: BenchServer
    let script: ClientScript
    var clients: [Client] = []
    /// Key → first bytes of the changed frame, in ms, for keys written while `measuring`.
    var keyToFrame = Sample()
    /// Start of the client → its first frame, in ms.
    var connect = Sample()
    /// Keys that brought no frame within `patience`, or clients that were closed early.
    var unanswered = 0
    /// Output that came with no key awaiting it (a clock, a refresh), while measuring: it
    /// would be mistaken for a key's frame, so it is counted.
    var unasked = 0
    var closedEarly = 0
    var measuring = false
    private let patience: UInt64 = 5_000_000_000
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(server: BenchServer, script: ClientScript) {
        self.server = server
        self.script = script
    }

    var connected: Int { clients.filter { $0.firstFrame != nil && $0.open }.count }

    /// Opens clients until there are `count`, at most `concurrent` connecting at once
    /// (as players arrive, rather than all in one instant), driving the open ones meanwhile.
    func grow(to count: Int, concurrent: Int, timeout: Double) throws {
        let deadline = now() + UInt64(timeout * 1e9)
        while clients.count < count || clients.contains(where: { $0.open && $0.firstFrame == nil }) {
            guard now() < deadline else {
                let waiting = clients.first { $0.firstFrame == nil }.map { String(decoding: $0.early, as: UTF8.self).debugDescription } ?? ""
                throw BenchError("only \(connected) of \(count) sessions connected in \(Int(timeout)) s; "
                                 + "a waiting one has shown … \(waiting.suffix(1500)), not '\(script.marker)'")
            }
            let connecting = clients.filter { $0.open && $0.firstFrame == nil }.count
            for _ in 0..<max(0, min(concurrent - connecting, count - clients.count)) {
                let client = try Client(server.ssh(clients.count) + script.command, columns: 80, rows: 24)
                if let probe = script.probe { _ = probe.utf8CString.withUnsafeBufferPointer { write(client.master, $0.baseAddress, $0.count - 1) } }
                clients.append(client)
            }
            step(until: now() + 5_000_000)
            if clients.count == count, clients.allSatisfy({ !$0.open }) { throw BenchError("every session closed; sshd's log ends: \(server.logTail)") }
        }
    }

    /// Drives the clients for `seconds`.
    func run(seconds: Double) {
        let end = now() + UInt64(seconds * 1e9)
        while now() < end { step(until: min(end, now() + 50_000_000)) }
    }

    /// One round: writes the keys that are due, then waits for output until `until` or the
    /// next key, whichever is first.
    func step(until: UInt64) {
        var moment = now()
        var soonest = until
        for client in clients where client.open {
            if let pending = client.pending, moment - pending > patience {
                unanswered += 1
                client.pending = nil
            }
            guard let first = client.firstFrame else { continue }
            if client.nextKey == 0 { client.nextKey = first + 300_000_000 }
            if client.pending == nil, client.nextKey <= moment {
                press(client)
                moment = now()
            }
            // A client awaiting its frame wakes the poll by its output, not by the clock.
            if client.pending == nil { soonest = min(soonest, max(client.nextKey, moment)) }
        }
        var descriptors = clients.filter(\.open).map { pollfd(fd: $0.master, events: Int16(POLLIN), revents: 0) }
        let open = clients.filter(\.open)
        let wait = Int32(max(0, min(100, (Int64(soonest) - Int64(now()) + 999_999) / 1_000_000)))
        guard poll(&descriptors, nfds_t(descriptors.count), wait) > 0 else { return }
        for (client, descriptor) in zip(open, descriptors) where descriptor.revents != 0 {
            receive(client, hungUp: descriptor.revents & Int16(POLLIN) == 0)
        }
    }

    private func press(_ client: Client) {
        let inSetup = client.presses < script.setup.count
        let keys = inSetup ? script.setup : script.cycle
        guard !keys.isEmpty else { client.nextKey = .max; return }
        let index = inSetup ? client.presses : (client.presses - script.setup.count) % keys.count
        let bytes = Array(keys[index].utf8)
        let started = now()
        guard write(client.master, bytes, bytes.count) == bytes.count else { return }
        client.presses += 1
        client.pending = started
        client.measuring = measuring && !inSetup
        // Setup keys follow each other quickly; then a key every `interval`.
        client.nextKey = started + (inSetup ? 300_000_000 : UInt64(script.interval * 1e9))
    }

    private func receive(_ client: Client, hungUp: Bool) {
        let count = read(client.master, &buffer, buffer.count)
        guard count > 0 else {
            if count == 0 || hungUp || errno != EAGAIN {
                closedEarly += 1
                client.end()
                let shown = String(decoding: client.recent, as: UTF8.self).debugDescription
                FileHandle.standardError.write(Data("(a session closed after \(client.presses) keys; it last showed …\(shown.suffix(400)))\n".utf8))
            }
            return
        }
        let arrived = now()
        client.recent = Array((client.recent + buffer[0..<count]).suffix(400))
        if client.firstFrame == nil {
            client.early += buffer[0..<count]
            client.answerQuestions()
            if script.marker.isEmpty || client.early.count >= script.marker.utf8.count
                && String(decoding: client.early, as: UTF8.self).contains(script.marker) {
                client.firstFrame = arrived
                connect.add(Double(arrived - client.spawned) / 1e6)
                client.early = []
            }
            return
        }
        if let pending = client.pending {
            if client.measuring { keyToFrame.add(Double(arrived - pending) / 1e6) }
            client.pending = nil
        } else if measuring, arrived - client.lastOutput > 20_000_000 {
            unasked += 1
        }
        client.lastOutput = arrived
    }

    /// Ends every client.
    func close() {
        for client in clients where client.open { client.end() }
    }
}
