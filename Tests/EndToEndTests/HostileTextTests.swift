import Foundation
import Testing

/// Text made to attack a terminal — escape sequences, C0 and C1 controls, bidi overrides,
/// invalid UTF-8, 10,000 characters — in a themes file, typed at the keyboard and in
/// config.json. It reaches the terminal inert or is refused with a short message, and the
/// terminal is as it was afterwards.
@Suite(.serialized)
struct HostileTextTests {
    static let hostile = [
        "CSI \u{1B}[2J\u{1B}[H wiped", "OSC \u{1B}]0;pwned\u{7} title", "OSC52 \u{1B}]52;c;aGk=\u{1B}\\ clip",
        "DCS \u{1B}P1$r\u{1B}\\ dcs", "alt \u{1B}[?1049l off", "C0 \u{7}\u{8}\u{B}\u{C}\r\n\t\u{0}\u{7F} end",
        "C1 \u{9B}2J \u{9D}0;x\u{9C} \u{85}", "bidi \u{202E}desrever\u{202C} \u{2066}iso\u{2069} \u{200F}",
        String(repeating: "W", count: 10_000), String(repeating: "界", count: 10_000),
    ]

    // MARK: - In a real terminal

    /// Bytes typed at the editor's name and emoji fields: an OSC title, CSI, C1, invalid
    /// UTF-8, a bidi override, BEL, backspaces and a 10,000-character paste.
    static let typed: [[UInt8]] = [
        Array("\u{1B}]0;pwned\u{7}".utf8), Array("\u{1B}[2J".utf8), [0xC2, 0x9B, 0x33, 0x31, 0x6D],
        [0xFF, 0xFE, 0xC3, 0x28, 0x41], Array("\u{202E}abc".utf8), [0x07, 0x08, 0x7F, 0x00],
    ]

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func aHostileThemesFileAndHostileTypingReachTheTerminalInert() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try writeThemes(into: data)
        let tmux = try Tmux()
        let title = tmux.variable("pane_title")
        tmux.record(to: data + "/raw")
        tmux.shell("sh -c 'stty -g > \(data)/before; \(Tmux.binary) play memorize --data-dir \(data);"
            + " stty -g > \(data)/after'; echo done-$((40+2))")
        try #require(tmux.waitFor("Choose a theme"))
        var screens: [String] = []
        /// Waits until the screen stops changing, then keeps it.
        func settle() {
            var last = tmux.capture()
            for _ in 0..<60 {
                usleep(50_000)
                let now = tmux.capture()
                if now == last { break }
                last = now
            }
            screens.append(last)
        }
        for _ in Self.hostile { tmux.send("Down") }
        settle()
        // Each theme's editor, each field, then hostile typing on the name and the emojis.
        tmux.send("e")
        for _ in Self.hostile {
            tmux.send("Enter", "Down", "Right", "Down", "Down", "Down", "Escape", "Down")
            settle()
        }
        tmux.send("Enter")
        for field in 0..<2 {
            for bytes in Self.typed {
                _ = try Tmux.run(["send-keys", "-t", tmux.name, "-H"] + bytes.map { String(format: "%02x", $0) })
                settle()
                // An Esc among the bytes closes the editor: open it again on the same field.
                if !tmux.capture().contains("Edit theme") { tmux.send("Enter") }
                if field == 1 && !tmux.capture().contains("› Emojis") { tmux.send("Down") }
            }
            tmux.send(String(repeating: "W", count: 10_000), literal: true)
            settle()
            tmux.send("Down")
        }
        tmux.send("Escape", "Escape", "Escape", "Enter", "Enter", "Right", "Enter")
        settle()
        tmux.send("q", "q", "q", "q")
        #expect(tmux.waitFor("done-42"))
        let raw = tmux.recording(data + "/raw", endingWith: "done-42")

        for screen in screens {
            let lines = screen.components(separatedBy: "\n")
            #expect(lines.first?.hasPrefix(" GameHost › Memorize") == true, "the header is in place:\n\(screen)")
            #expect(lines.count >= 24 && lines[23].contains("? help"), "the footer is in place:\n\(screen)")
        }
        #expect(String(decoding: raw, as: UTF8.self).contains("Choose a theme"), "the output was recorded")
        #expect(TerminalBytes.problems(raw).isEmpty, "\(TerminalBytes.problems(raw).prefix(5))")
        for payload in ["\u{1B}]", "\u{1B}P", "\u{1B}[2J\u{1B}[H wiped", "\u{1B}[?1049l off", "\u{1B}[2J\u{1B}[H\u{1B}[2J"] {
            #expect(!raw.contains(Data(payload.utf8)), "no \(payload.debugDescription) reaches the terminal")
        }
        #expect(tmux.variable("pane_title") == title, "the window title is unchanged")
        #expect(tmux.variable("alternate_on") == "0")
        #expect(tmux.variable("cursor_flag") == "1")
        let before = try String(contentsOfFile: "\(data)/before", encoding: .utf8)
        let after = try String(contentsOfFile: "\(data)/after", encoding: .utf8)
        #expect(before == after, "stty -g is unchanged")
        // What was typed is saved clean.
        let saved = try String(contentsOfFile: "\(data)/memorize/themes.json", encoding: .utf8)
        #expect(!saved.contains("\\u001b") && !saved.contains("\\u0007") && !saved.contains("\u{202E}"))
    }

    func writeThemes(into data: String) throws {
        let themes = Self.hostile.enumerated().map { index, name -> [String: Any] in
            ["id": index + 1, "name": name, "emojis": ["🐶", "🐱", "🐭\u{1B}[31m", "\u{1B}]0;x\u{7}", "🐹\u{202E}", "🐻"],
             "removedEmojis": ["\u{1B}[2J", "🐼\u{9B}"], "pairCount": 2, "color": "red"]
        }
        let json = try JSONSerialization.data(withJSONObject: ["format": 1, "data": ["themes": themes, "nextID": 99]])
        try FileManager.default.createDirectory(atPath: data + "/memorize", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: data + "/memorize/themes.json", contents: json)
    }

    // MARK: - config.json

    static var configs: [(name: String, json: Any)] {
        let long = { (letter: String) in String(repeating: letter, count: 10_000) }
        func player(_ name: String) -> Any { ["preferences": ["compatibility-slider": ["player1": name]]] }
        return [
            ("an OSC game id", ["games": ["\u{1B}]0;pwned\u{7}"]]),
            ("a 10,000-character game id", ["games": [long("x")]]),
            ("a 10,000-character game key", ["preferences": [long("y"): [String: Any]()]]),
            ("a CSI player name", player("\u{1B}[2J")),
            ("a bidi player name", player("\u{202E}evil")),
            ("a 10,000-character player name", player(long("W"))),
            ("a C1 preference key", ["preferences": ["compatibility-slider": ["\u{9B}31m" + long("k"): 1]]]),
            ("10,000 BELs as a choice", ["preferences": ["arithmetic-quiz": ["difficulty": long("\u{7}")]]]),
            ("a bidi top-level key", ["\u{202E}gnp.exe": 1]),
            ("a CSI color", ["color": "\u{1B}[31m" + long("c")]),
            ("a CSI data folder", ["dataDirectory": "\u{1B}[2J"]),
            ("a 10,000-character data folder", ["dataDirectory": "/tmp/" + long("d")]),
        ]
    }

    @Test(arguments: configs.map(\.name))
    func hostileConfigStringsAreRefusedInOneShortCleanLine(_ name: String) throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config.json"
        let json = try #require(Self.configs.first { $0.name == name }?.json)
        _ = FileManager.default.createFile(atPath: path, contents: try JSONSerialization.data(withJSONObject: json))
        let result = try Child.run(["--data-dir", folder + "/data", "--config", path], input: "q")
        #expect(result.status == 78, "refused: \(result.error.prefix(300))")
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("gamehost: \(path): ") && result.error.hasSuffix("\n"))
        #expect(result.error.split(separator: "\n").count == 1, "one line")
        #expect(result.error.count < 300, "short: \(result.error.count) characters")
        #expect(TerminalBytes.problems(Data(result.error.utf8), allowEscapes: false).isEmpty,
                "inert: \(TerminalBytes.problems(Data(result.error.utf8), allowEscapes: false))")
    }

    @Test func invalidUTF8InConfigIsRefusedInWords() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data(#"{"games": [""#.utf8) + Data([0xFF, 0x1B, 0x9B]) + Data(#""]}"#.utf8))
        let result = try Child.run(["--data-dir", folder + "/data", "--config", path], input: "q")
        #expect(result.status == 78)
        #expect(result.error.contains("not UTF-8"), "\(result.error)")
    }
}

/// What a program may write to a terminal: text, CR LF, and CSI sequences with numeric
/// parameters (cursor moves, colors, modes). No other escape (OSC, DCS…), no other C0
/// control, no DEL, no C1 control, no bidi control, no invalid UTF-8.
enum TerminalBytes {
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    static func problems(_ bytes: Data, allowEscapes: Bool = true) -> [String] {
        var problems: [String] = []
        let bytes = [UInt8](bytes)
        var text: [UInt8] = []
        var index = 0
        func flushText() {
            guard let string = String(validating: text, as: UTF8.self) else {
                problems.append("invalid UTF-8 near byte \(index)")
                text.removeAll()
                return
            }
            for scalar in string.unicodeScalars where isUnsafe(scalar) && scalar != "\r" && scalar != "\n" {
                problems.append("U+\(String(scalar.value, radix: 16, uppercase: true)) near byte \(index)")
            }
            text.removeAll()
        }
        while index < bytes.count {
            guard bytes[index] == 0x1B else {
                text.append(bytes[index])
                index += 1
                continue
            }
            flushText()
            guard allowEscapes, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                problems.append("an escape that is not CSI at byte \(index)")
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
            // Intermediates, as in the width probe's mode question (CSI ? 2027 $ p).
            while end < bytes.count, (0x20...0x2F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count, (0x40...0x7E).contains(bytes[end]) else {
                problems.append("a broken CSI at byte \(index)")
                index = end
                continue
            }
            index = end + 1
        }
        flushText()
        return problems
    }
}
