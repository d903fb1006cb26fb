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

    public static func runTerminal(_ session: Session, colors: Bool, mouse: Bool = true) throws {
        let terminal = try RawTerminal(mouse: mouse)
        defer { terminal.restore() }
        var encoder = FrameEncoder(colors: colors)
        var size = RawTerminal.size()
        session.screenSize = size
        loop(session, wake: terminal.wakeDescriptor, drawEachKey: false, draw: {
            RawTerminal.writeAll(encoder.encode(session.frame(size)))
        }, resized: {
            size = RawTerminal.size()
            session.screenSize = size
            encoder.invalidate()
        })
    }

    /// Prints the first frame and then every frame that differs from the one before.
    public static func runPlain(_ session: Session, size: Size) {
        var last: String?
        session.screenSize = size
        loop(session, wake: nil, drawEachKey: true, draw: {
            let text = session.frame(size).text
            guard text != last else { return }
            last = text
            let rule = String(repeating: "-", count: size.width)
            RawTerminal.writeAll(Array((text + "\n" + rule + "\n").utf8))
        }, resized: {})
    }

    private static func loop(_ session: Session, wake: Int32?, drawEachKey: Bool,
                             draw: () -> Void, resized: () -> Void) {
        func deliver(_ events: [InputEvent]) {
            for event in events where !session.isFinished {
                session.handle(event)
                if drawEachKey, !session.isFinished { draw() }
            }
            if !drawEachKey, !session.isFinished { draw() }
        }
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        draw()
        while !session.isFinished {
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), decoder.hasPending ? escapeTimeout : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                deliver(decoder.flush())
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
            deliver(decoder.feed(buffer[0..<count]))
        }
    }
}
