#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a session against standard input and output, in one of two modes.
///
/// TTY mode draws full-screen frames, diffed, with a repaint after each resize; time is real:
/// the loop sleeps in `poll` until a key, a resize or the session's next tick or timer, and
/// with nothing due it sleeps until a key. Plain mode (a pipe, a script, `--plain`) reads
/// the same key bytes and prints each new frame as plain text; its time is virtual and
/// moves only when the script says (`ScriptedTime`), so every screen can be driven, and
/// replayed, without a terminal.
public enum Runner {
    /// How long a lone Esc waits for the rest of a sequence before it counts as Esc.
    static let escapeTimeout = Duration.milliseconds(30)

    /// Runs the session full-screen until the player quits; the terminal is restored however it ends.
    /// - Parameter ambiguousIsWide: nil to measure whether the terminal draws box drawing
    ///   2 cells wide; true or false as config.json says.
    /// - Parameter mouse: whether the terminal reports clicks and the wheel (off keeps its own
    ///   text selection).
    /// - Parameter ascii: the locale says the terminal does not decode UTF-8 (C, POSIX): frames
    ///   are written in ASCII unless the probe finds that it does.
    public static func runTerminal(_ session: Session, colors: Bool, ambiguousIsWide: Bool? = nil,
                                   mouse: Bool = true, ascii: Bool = false) throws {
        let terminal = try RawTerminal(mouse: mouse)
        defer { terminal.restore() }
        var widths = TerminalWidths.assumed
        if let ambiguousIsWide { widths.ambiguousIsWide = ambiguousIsWide }
        var encoder = FrameEncoder(colors: colors, widths: widths)
        encoder.ascii = ascii
        var size = RawTerminal.size()
        let time = SteadyTime(session.clock)
        // The probe's question goes out before the first frame, and its answers are read with
        // the keys: the first frame is as quick as ever, and a terminal that never answers
        // costs nothing. The answers redraw the screen with the widths they bring.
        // GAMEHOST_PROBE=0 skips it, for a terminal that shows the samples or answers wrongly.
        let probe = ProcessEnvironment.value("GAMEHOST_PROBE") == "0" ? nil : ProbeListener(started: Date())
        if probe != nil { RawTerminal.writeAll(WidthProbe.query) }
        func draw() {
            TerminalWidths.$current.withValue(widths) {
                RawTerminal.writeAll(encoder.encode(session.frame(size)))
            }
        }
        session.terminalSize = size
        loop(session, wake: terminal.wakeDescriptor, time: time, probe: probe, drawEachKey: false, lines: false,
             suspend: terminal.suspend,
             scope: { body in TerminalWidths.$current.withValue(widths, operation: body) },
             draw: draw,
             resized: {
                 size = RawTerminal.size()
                 session.terminalSize = size
                 encoder.invalidate()
             },
             measured: { result in
                 probe?.log(result)
                 if result.turnedOnGraphemeClusters { terminal.keepMode("?2027") }
                 var found = result.widths
                 if let ambiguousIsWide { found.ambiguousIsWide = ambiguousIsWide }
                 // What the terminal does outweighs what the locale says of it.
                 let asciiFound = found.decodesUTF8.map { !$0 } ?? ascii
                 // Learning only that the terminal decodes UTF-8, as assumed, draws nothing again.
                 var before = widths
                 before.decodesUTF8 = found.decodesUTF8
                 guard found != before || asciiFound != encoder.ascii else {
                     widths = found
                     return
                 }
                 widths = found
                 encoder.widths = found
                 encoder.ascii = asciiFound
                 encoder.invalidate()
                 draw()
             })
    }

    /// Prints the first frame and then every frame that differs from the one before; with
    /// `narrowGlyphs`, in ASCII where a glyph could be drawn 2 cells wide (a dumb terminal).
    /// With `ascii`, every cell in ASCII: the locale says the terminal does not decode UTF-8.
    /// - Parameter lineMode: a person typing lines at a terminal that cannot draw a screen
    ///   (`TERM=dumb` on a tty): time is real, as in a full terminal, so Snake moves; and the
    ///   newline that ends a line is not an Enter of its own (an empty line is).
    public static func runPlain(_ session: Session, size: Size, narrowGlyphs: Bool = false, ascii: Bool = false,
                                lineMode: Bool = false) {
        var last: [UInt8]?
        // Only the script moves time: a key arrives at the session's time as it stands.
        if !lineMode { session.clock.source = { [weak session] in session?.now ?? Date() } }
        session.showsStyles = false
        session.terminalSize = size
        loop(session, wake: nil, time: lineMode ? SteadyTime(session.clock) : nil, probe: nil, drawEachKey: true,
             lines: lineMode, suspend: nil, scope: { $0() }, draw: {
            let page = session.frame(size).plainPage(narrowGlyphs: narrowGlyphs, ascii: ascii)
            guard page != last else { return }
            last = page
            RawTerminal.writeAll(page)
        }, resized: {}, measured: { _ in })
    }

    /// The width probe's replies, taken out of the input until they are complete or late.
    final class ProbeListener {
        let started: Date
        let deadline: Date
        var replies = WidthProbe.Replies()
        var isListening = true

        init(started: Date) {
            self.started = started
            deadline = started.addingTimeInterval(WidthProbe.timeout)
        }

        /// Milliseconds left to wait for the replies.
        var msLeft: Int32 { max(0, Int32(deadline.timeIntervalSinceNow * 1000) + 1) }

        /// For tests and bug reports (GAMEHOST_PROBE_LOG): what the probe found, how long it took.
        func log(_ result: WidthProbe.Result) {
            guard let path = ProcessEnvironment.value("GAMEHOST_PROBE_LOG") else { return }
            let found = WidthClass.samples.map { "\($0.0)=\(result.widths.drawn[$0.0].map(String.init) ?? "?")" }
            let utf8 = result.widths.decodesUTF8.map { $0 ? "yes" : "no" } ?? "?"
            let line = found.joined(separator: " ") + " clusters=\(result.widths.graphemeClusters) UTF-8=\(utf8)"
                + " ms=\(Int(Date().timeIntervalSince(started) * 1000))\n"
            _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        }
    }

    /// - Parameter time: the real clock, in a terminal; nil in plain mode, where the input's
    ///   `ScriptedTime` sequences move time instead.
    /// - Parameter suspend: what Ctrl-Z does (in raw mode it comes as a key, not a signal).
    /// - Parameter lines: input comes a line at a time: a line's ending newline is dropped.
    private static func loop(_ session: Session, wake: Int32?, time: SteadyTime?, probe: ProbeListener?,
                             drawEachKey: Bool, lines: Bool, suspend: (() -> Void)?, scope: (() -> Void) -> Void, draw: () -> Void,
                             resized: () -> Void, measured: (WidthProbe.Result) -> Void) {
        var decoder = KeyDecoder()
        var script = ScriptedTime()
        let monotonic = ContinuousClock()
        var escapeDue: ContinuousClock.Instant?

        func deliver(_ events: [InputEvent]) {
            if let suspend, let index = events.firstIndex(of: .key(.control("z"))) {
                // Back from the stop, the wake pipe asks for a full repaint.
                deliver(Array(events[..<index]))
                suspend()
                deliver(Array(events[(index + 1)...]))
                return
            }
            if drawEachKey {
                for event in events where !session.isFinished {
                    session.handle(event)
                    if !session.isFinished { draw() }
                }
                return
            }
            // Under the terminal's widths: a game may ask how this terminal draws an emoji.
            scope {
                for event in events where !session.isFinished { session.handle(event) }
            }
            if !events.isEmpty, !session.isFinished { draw() }
        }
        func stopListening() {
            guard let probe, probe.isListening else { return }
            probe.isListening = false
            measured(probe.replies.result)
        }
        func deliver(_ pieces: [ScriptedTime.Piece]) {
            for piece in pieces where !session.isFinished {
                switch piece {
                case .bytes(let bytes):
                    deliver(decoder.feed(bytes))
                case .wait(let duration):
                    // Time passing after a lone Esc makes it the Esc key, as a pause would.
                    deliver(decoder.flush())
                    session.advanceTime(by: duration)
                    if !session.isFinished { draw() }
                case .malformed(let bytes):
                    complain(bytes)
                }
            }
        }
        func flushInput() {
            if time == nil { deliver(script.flush()) }
            deliver(decoder.flush())
            escapeDue = nil
        }
        /// In a terminal: delivers what fell due by now, then draws once.
        func keepTime() {
            guard let time, let due = session.nextDue else { return }
            time.dropLag(behind: due)
            let now = time.elapsed
            guard due <= now else { return }
            scope { session.advanceTime(toElapsed: now) }
            // Time that changed nothing drawn (a room's look at its clock, most often) draws nothing.
            if !session.isFinished, session.drawn == nil { draw() }
        }

        var buffer = [UInt8](repeating: 0, count: 4096)
        draw()
        while !session.isFinished {
            session.flushDeferred()
            var wait = escapeDue.map { monotonic.now.duration(to: $0) }
            if let time, let due = session.nextDue {
                let untilDue = due - time.elapsed
                wait = min(wait ?? untilDue, untilDue)
            }
            if let probe, probe.isListening {
                let untilAnswered = Duration.milliseconds(probe.msLeft)
                wait = min(wait ?? untilAnswered, untilAnswered)
            }
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let sources = session.wakeSources
            for source in sources { descriptors.append(pollfd(fd: source.descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = waitForInput(&descriptors, wait: wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            keepTime()
            if let probe, probe.isListening, Date() >= probe.deadline { stopListening() }
            if let due = escapeDue, monotonic.now >= due { flushInput() }
            if ready == 0 { continue }
            for source in sources where descriptors.contains(where: { $0.fd == source.descriptor && $0.revents != 0 }) {
                var fresh = false
                scope { fresh = source.woken() }
                if fresh, !session.isFinished { draw() }
            }
            if wake != nil, descriptors[1].revents != 0 {
                while read(descriptors[1].fd, &buffer, buffer.count) > 0 {}
                resized()
                draw()
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 {
                // End of input ends the session; what must be saved already was.
                flushInput()
                break
            }
            var input = Array(buffer[0..<count])
            if lines, input.count > 1, input.last == 0x0A {
                input.removeLast()
                if input.last == 0x0D { input.removeLast() }
            }
            if let probe, probe.isListening {
                probe.replies.feed(input)
                input = probe.replies.takeTyped()
                if probe.replies.isComplete { stopListening() }
            }
            if time == nil {
                deliver(script.feed(input[...]))
            } else if !input.isEmpty {
                deliver(decoder.feed(input[...]))
            }
            escapeDue = decoder.hasPending || script.hasPending ? monotonic.now.advanced(by: escapeTimeout) : nil
        }
    }

    /// Waits for input, or until `wait` has passed (forever when nil), without spinning.
    /// `poll` counts in whole milliseconds: the wait is rounded up, so what falls due is at
    /// most a millisecond late (a tick keeps its pace: the next is due an interval after this
    /// one was due), and the process sleeps once for it. Sleeping the last fraction apart woke
    /// a room's clock keeper twice for every tick.
    private static func waitForInput(_ descriptors: inout [pollfd], wait: Duration?) -> Int32 {
        guard let wait else { return poll(&descriptors, nfds_t(descriptors.count), -1) }
        guard wait > .zero else { return 0 }
        let (seconds, attoseconds) = wait.components
        let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: milliseconds))
    }

    private static func complain(_ bytes: [UInt8]) {
        let shown = bytes.map { $0 == 0x1B ? "ESC" : $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x\(String($0, radix: 16))" }
            .joined(separator: " ")
        let message = "gamehost: ignored \(shown) in the input: time passes with ESC [ = <milliseconds> t, "
            + "1 to \(ScriptedTime.maximumDigits) digits\n"
        StandardError.write(message)
    }
}

/// The session's time in a terminal: a monotonic clock, so a change of the wall clock moves
/// no tick. It is the session's clock for keys as well, so keys and ticks share one time.
final class SteadyTime {
    /// Past a deadline by more than this, the process was stopped or starved: the time
    /// missed is dropped, rather than replayed as a burst of ticks (a snake would die of it).
    static let longestLag = Duration.seconds(1)

    private let clock = ContinuousClock()
    /// The monotonic instant at which the session's elapsed time was zero.
    private var origin: ContinuousClock.Instant

    /// Becomes the source of `time`, carrying on from where it stands.
    init(_ time: SessionClock) {
        origin = clock.now.advanced(by: .zero - time.elapsed)
        let start = time.startTime
        time.source = { start.adding(self.elapsed) }
    }

    /// The session's time since it started, by this clock.
    var elapsed: Duration { origin.duration(to: clock.now) }

    func dropLag(behind due: Duration) {
        let late = elapsed - due
        if late > Self.longestLag { origin = origin.advanced(by: late) }
    }
}
