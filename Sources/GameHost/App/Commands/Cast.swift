#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An asciinema recording (format version 2: a JSON header line, then one `[time, "o", text]`
/// line per write to the terminal), so a round can be shared wherever such recordings play.
///
/// Frames go through the same encoder as a terminal session: the first is painted in full,
/// each later one writes only the cells that changed, at the moment the replay drew it. A last
/// event (`ending`) shows the cursor again below the frame.
public struct CastRecording {
    public let size: Size
    private var encoder: FrameEncoder
    private var lines: [String]
    /// Frames that changed the screen, and the time of the last.
    public private(set) var frames = 0
    public private(set) var duration = 0.0

    /// - Parameters:
    ///   - started: when the round began (the header's `timestamp`), if known.
    ///   - idleTimeLimit: players shorten pauses longer than this, as `gamehost replay` does;
    ///     the file keeps the recorded times.
    public init(size: Size, colors: Bool, title: String, started: Double?, idleTimeLimit: Double = 5) {
        self.size = size
        encoder = FrameEncoder(colors: colors)
        var header = "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height)"
        if let started, started.isFinite, started > 0 { header += ", \"timestamp\": \(Int(started))" }
        header += ", \"idle_time_limit\": \(Self.number(idleTimeLimit))"
        header += ", \"title\": " + Self.quoted(TextSanitizer.clean(title))
        header += ", \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}"
        lines = [header]
    }

    /// Adds `frame` as drawn `time` seconds into the recording; a frame that changes nothing
    /// adds nothing. Times never go backwards.
    public mutating func record(_ frame: Frame, at time: Double) {
        var bytes = encoder.encode(frame)
        if frames == 0 { bytes = Array("\u{1B}[?25l".utf8) + bytes }   // the cursor hidden, as in a session
        guard !bytes.isEmpty else { return }
        duration = max(duration, time.isFinite ? time : 0)
        frames += 1
        lines.append("[" + Self.number(duration) + ", \"o\", " + Self.quoted(String(decoding: bytes, as: UTF8.self)) + "]")
    }

    /// The file's text: one JSON value per line. It ends, at the last frame's time, with the
    /// cursor shown again and on a fresh line below the frame, as a session leaves a terminal:
    /// whoever plays or `cat`s it gets their prompt back where it belongs.
    public var text: String {
        (lines + ["[" + Self.number(duration) + ", \"o\", " + Self.quoted(ending) + "]"]).joined(separator: "\n") + "\n"
    }

    /// The last event: plain style, the frame's last row, a new line, the cursor shown.
    var ending: String { "\u{1B}[0m\u{1B}[\(size.height);1H\r\n\u{1B}[?25h" }

    /// Writes the recording to `path` whole: a temporary file beside it, renamed over it.
    /// nil when done, else what went wrong.
    public func write(to path: String) -> String? {
        let folder = Path.folder(of: path).isEmpty ? "." : Path.folder(of: path)
        // A path on the command line names a folder that exists: a typo is said, not made.
        guard Path.names(in: folder) != nil else { return "cannot write \(path): there is no folder \(folder)" }
        let store = DataStore(directory: folder, report: { _ in })
        do {
            try store.write(Data(text.utf8), to: Path.name(of: path))
        } catch {
            return "\(error)"
        }
        return nil
    }

    /// "80x24" → 80×24; nil for anything else or a size no terminal has.
    public static func size(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              sizes.width.contains(width), sizes.height.contains(height) else { return nil }
        return Size(width: width, height: height)
    }

    /// The sizes a recording may have.
    public static let sizes = (width: 20...1000, height: 5...500)

    /// Seconds with at most microseconds: "1.25", "0".
    static func number(_ value: Double) -> String {
        let micro = Int((value * 1_000_000).rounded())
        let whole = micro / 1_000_000, fraction = micro % 1_000_000
        guard fraction > 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// A JSON string: quotes, backslashes and every control character escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
