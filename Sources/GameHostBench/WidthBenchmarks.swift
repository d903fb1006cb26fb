import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

/// Row 2w: what re-anchoring disputed graphemes costs. Memorize's scripted session (row 2's)
/// with the shipped themes and with an emoji-heavy theme of every disputed class, on a
/// terminal that draws everything as assumed and on one measured like tmux 3.3a.
extension Benchmarks {
    static let emojiHeavy = ["❤️", "1️⃣", "👍🏽", "👨‍👩‍👧", "🇫🇷", "🪿", "☀️", "#️⃣", "👩🏽‍💻", "🇯🇵", "🫩", "🐶"]

    /// tmux 3.3a as its cursor reports measured it (VS16 and keycaps 1 cell, skin tones 4,
    /// emoji of Unicode 15 and later 0).
    static var tmuxWidths: TerminalWidths {
        var widths = TerminalWidths()
        for (kind, _) in WidthClass.samples {
            switch kind {
            case .vs16, .keycap, .ambiguous: widths.drawn[kind] = 1
            case .skinTone: widths.drawn[kind] = 4
            case .emoji(let age): widths.drawn[kind] = age >= 1500 ? 0 : 2
            default: widths.drawn[kind] = 2
            }
        }
        return widths
    }

    /// One two-pair theme per disputed class (its emoji and a dog), every card turned over
    /// and over, with a new game after each round.
    static let perClass: [(String, [String])] = [("VS16", "❤️"), ("keycap", "1️⃣"), ("skin tone", "👍🏽"),
        ("ZWJ", "👨‍👩‍👧"), ("flag", "🇫🇷"), ("new emoji", "🪿"), ("no disputed", "🐸")].map { name, emoji in
        ("\(name) pair", [emoji, "🐶"])
    }
    static let everyCard: [Key] = [.enter, .right, .enter, .right, .enter, .right, .enter, .down, .enter, .left,
                                   .enter, .left, .enter, .left, .enter, .character("n"), .enter]

    static func disputedBytes(keys: Int) {
        guard let entry = BuiltInGames.entries.first(where: { $0.id == "memorize" }) else { return }
        let sessions: [(String, [String]?, [Key])] = [("shipped themes", nil, scripts["memorize"]!),
            ("emoji-heavy theme", emojiHeavy, scripts["memorize"]!)] + perClass.map { ($0.0, $0.1, everyCard) }
        for (themes, theme, script) in sessions {
            for (terminal, widths) in [("assumed widths", TerminalWidths.assumed), ("tmux widths", tmuxWidths)] {
                let perKey = TerminalWidths.$current.withValue(widths) {
                    bytesPerKey(entry, theme: theme, script: script, widths: widths, keys: keys)
                }
                report("2w", "memorize bytes/key, \(themes), \(terminal)", figure: "\(format(perKey)) B/key diffed",
                       target: "—", met: nil)
            }
        }
    }

    private static func bytesPerKey(_ entry: GameEntry, theme: [String]?, script: [Key], widths: TerminalWidths,
                                    keys: Int) -> Double {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        if let theme {
            let json: [String: Any] = ["format": 1, "data": ["themes": [["id": 1, "name": "Emoji", "emojis": theme,
                "removedEmojis": [String](), "pairCount": theme.count, "color": "red"]], "nextID": 2]]
            try? FileManager.default.createDirectory(atPath: directory + "/memorize", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: directory + "/memorize/themes.json",
                                           contents: try? JSONSerialization.data(withJSONObject: json))
        }
        guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: 2, size: small, dataDirectory: directory)
        else { return 0 }
        var encoder = FrameEncoder(colors: true, widths: widths)
        var total = 0
        for index in 0..<keys {
            if !driver.screenIDs.contains(where: { $0.hasPrefix(entry.id + ".") }) { driver.session.play(entry.id) }
            driver.session.handle(script[index % script.count])
            total += encoder.encode(driver.session.frame(small)).count
        }
        return Double(total) / Double(keys)
    }
}
