import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a session against standard input and output, in one of two modes.
///
/// TTY mode draws full-screen frames, diffed, with a repaint after each resize. Plain mode
/// (a pipe, a script, `--plain`) reads the same key bytes and prints each new frame as plain
/// text, so every screen can be driven without a terminal.
public enum Runner {
    /// How long a lone Esc waits for the rest of a sequence before it counts as Esc.
    static let escapeTimeout: Int32 = 30

    /// - Parameter ambiguousIsWide: nil to measure whether the terminal draws box drawing
    ///   2 cells wide; true or false as config.json says.
    public static func runTerminal(_ session: Session, colors: Bool, ambiguousIsWide: Bool? = nil) throws {
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        var widths = TerminalWidths.assumed
        if let ambiguousIsWide { widths.ambiguousIsWide = ambiguousIsWide }
        var encoder = FrameEncoder(colors: colors, widths: widths)
        var size = RawTerminal.size()
        // The probe's question goes out before the first frame, and its answers are read with
        // the keys: the first frame is as quick as ever, and a terminal that never answers
        // costs nothing. The answers redraw the screen with the widths they bring.
        // GAMEHOST_PROBE=0 skips it, for a terminal that shows the samples or answers wrongly.
        let probe = ProcessInfo.processInfo.environment["GAMEHOST_PROBE"] == "0" ? nil : ProbeListener(started: Date())
        if probe != nil { RawTerminal.writeAll(WidthProbe.query) }
        func draw() {
            TerminalWidths.$current.withValue(widths) {
                RawTerminal.writeAll(encoder.encode(session.frame(size)))
            }
        }
        loop(session, wake: terminal.wakeDescriptor, probe: probe, drawEachKey: false,
             scope: { body in TerminalWidths.$current.withValue(widths, operation: body) },
             draw: draw,
             resized: {
                 size = RawTerminal.size()
                 encoder.invalidate()
             },
             measured: { result in
                 probe?.log(result)
                 if result.turnedOnGraphemeClusters { terminal.keepMode("?2027") }
                 var found = result.widths
                 if let ambiguousIsWide { found.ambiguousIsWide = ambiguousIsWide }
                 guard found != widths else { return }
                 widths = found
                 encoder.widths = found
                 encoder.invalidate()
                 draw()
             })
    }

    /// Prints the first frame and then every frame that differs from the one before.
    public static func runPlain(_ session: Session, size: Size) {
        var last: String?
        loop(session, wake: nil, probe: nil, drawEachKey: true, scope: { $0() }, draw: {
            let text = session.frame(size).text
            guard text != last else { return }
            last = text
            let rule = String(repeating: "-", count: size.width)
            RawTerminal.writeAll(Array((text + "\n" + rule + "\n").utf8))
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
            guard let path = ProcessInfo.processInfo.environment["GAMEHOST_PROBE_LOG"] else { return }
            let found = WidthClass.samples.map { "\($0.0)=\(result.widths.drawn[$0.0].map(String.init) ?? "?")" }
            let line = found.joined(separator: " ") + " clusters=\(result.widths.graphemeClusters)"
                + " ms=\(Int(Date().timeIntervalSince(started) * 1000))\n"
            FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
        }
    }

    private static func loop(_ session: Session, wake: Int32?, probe: ProbeListener?, drawEachKey: Bool,
                             scope: (() -> Void) -> Void, draw: () -> Void, resized: () -> Void,
                             measured: (WidthProbe.Result) -> Void) {
        func deliver(_ keys: [Key]) {
            if drawEachKey {
                for key in keys where !session.isFinished {
                    session.handle(key)
                    if !session.isFinished { draw() }
                }
                return
            }
            // Under the terminal's widths: a game may ask how this terminal draws an emoji.
            scope {
                for key in keys where !session.isFinished { session.handle(key) }
            }
            if !session.isFinished { draw() }
        }
        func stopListening() {
            guard let probe, probe.isListening else { return }
            probe.isListening = false
            measured(probe.replies.result)
        }
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        draw()
        while !session.isFinished {
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = decoder.hasPending ? escapeTimeout : -1
            if let probe, probe.isListening { timeout = timeout < 0 ? probe.msLeft : min(timeout, probe.msLeft) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if let probe, probe.isListening, Date() >= probe.deadline { stopListening() }
            if ready == 0 {
                if decoder.hasPending { deliver(decoder.flush()) }
                continue
            }
            if descriptors.count > 1, descriptors[1].revents != 0 {
                while read(descriptors[1].fd, &buffer, buffer.count) > 0 {}
                resized()
                draw()
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 {
                // End of input ends the session; what must be saved already was.
                deliver(decoder.flush())
                break
            }
            var input = Array(buffer[0..<count])
            if let probe, probe.isListening {
                probe.replies.feed(input)
                input = probe.replies.takeTyped()
                if probe.replies.isComplete { stopListening() }
            }
            if !input.isEmpty { deliver(decoder.feed(input)) }
        }
    }
}
