import Foundation
import GameHost
import Testing

/// A Memorize theme of the emoji terminals draw at different widths (VS16, keycap, skin
/// tone, ZWJ, flag, an emoji of Unicode 15), played in tmux and in GNU screen: every card
/// turned, then back to the list. Every board row keeps its borders where the face-down
/// board has them, and the list is as it was before.
@Suite(.serialized)
struct DisputedWidthTests {
    static let emojis = ["❤️", "1️⃣", "👍🏽", "👨‍👩‍👧", "🇫🇷", "🪿"]
    static let borders: Set<Character> = ["│", "┃", "╭", "╮", "╰", "╯", "┏", "┓", "┗", "┛"]

    static func writeTheme(into data: String) throws {
        let theme: [String: Any] = ["id": 1, "name": "Disputed", "emojis": emojis, "removedEmojis": [String](),
                                    "pairCount": 6, "color": "red"]
        let json = try JSONSerialization.data(withJSONObject: ["format": 1, "data": ["themes": [theme], "nextID": 2]])
        try FileManager.default.createDirectory(atPath: data + "/memorize", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: data + "/memorize/themes.json", contents: json)
    }

    /// The snake through the 2×6 board that turns every card once.
    static let path: [String] = {
        var keys: [String] = []
        for row in 0..<2 {
            for column in 0..<6 {
                keys.append("turn")
                if column < 5 { keys.append(row == 0 ? "right" : "left") }
            }
            if row == 0 { keys.append("down") }
        }
        return keys
    }()

    static let tmux33a = "VS16=1 keycap=1 skin tone=4 ZWJ sequence=2 flag=2 ambiguous=1 emoji of Unicode 11.0=2 "
        + "emoji of Unicode 12.0=2 emoji of Unicode 13.0=2 emoji of Unicode 14.0=2 emoji of Unicode 15.0=0 "
        + "emoji of Unicode 16.0=0 emoji of Unicode 17.0=0"

    /// What the probe found, read back from GAMEHOST_PROBE_LOG ("VS16=1 keycap=1 …").
    static func measured(_ log: String) -> TerminalWidths {
        var widths = TerminalWidths()
        for (kind, _) in WidthClass.samples {
            guard let range = log.range(of: "\(kind)=") else { continue }
            widths.drawn[kind] = Int(log[range.upperBound...].prefix { $0.isNumber })
        }
        return widths
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func tmux() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try Self.writeTheme(into: data)
        let log = data + "/probe.txt"
        let tmux = try Tmux()
        tmux.shell("GAMEHOST_PROBE_LOG=\(log) \(Tmux.binary) --data-dir \(data) play memorize --seed 3; echo done-$((40+2))")
        try #require(tmux.waitFor("Choose a theme"))
        let listBefore = tmux.settled()
        // A build from before the probe writes no log: then tmux 3.3a's widths, as measured.
        let widths = Self.measured((try? String(contentsOfFile: log, encoding: .utf8)) ?? Self.tmux33a)
        #expect(widths.drawn.count == WidthClass.samples.count, "tmux answered every question: \(widths.drawn)")

        tmux.send("Enter")
        try #require(tmux.waitFor("Find the pairs"))
        var screen = tmux.settled()
        // Columns as tmux counts them: its widths, as measured.
        let columns = { (text: String) in
            TerminalWidths.$current.withValue(widths) { Self.borderColumns(text) }
        }
        let faceDown = columns(screen)
        #expect(faceDown.filter { !$0.isEmpty }.count == 10, "two rows of cards, five rows each:\n\(screen)")
        for key in Self.path {
            tmux.send(["turn": "Enter", "right": "l", "left": "h", "down": "j"][key]!)
            guard key == "turn" else { continue }
            screen = tmux.capture(changedFrom: screen)
            #expect(columns(screen) == faceDown, "borders moved:\n\(screen)")
            #expect(Self.noStaleCardBacks(screen), "a card back left on a turned card:\n\(screen)")
        }
        tmux.send("q")
        try #require(tmux.waitFor("Choose a theme"))
        // The same list, but for the footer, which now offers to resume the game.
        #expect(tmux.settled().split(separator: "\n").dropLast() == listBefore.split(separator: "\n").dropLast())
        for _ in 0..<4 where !tmux.waitFor("done-42", timeout: 1) { tmux.send("q") }
        #expect(tmux.waitFor("done-42"), "\(tmux.capture())")
    }

    @Test(.enabled(if: GNUScreen.isAvailable, "GNU screen is not installed"))
    func gnuScreen() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try Self.writeTheme(into: data)
        let screen = try GNUScreen("\(Tmux.binary) --data-dir \(data) play memorize --seed 3; sleep 30")
        try #require(screen.waitFor("Choose a theme"))
        let listBefore = screen.changed(from: [])
        screen.stuff("\r")
        try #require(screen.waitFor("Find the pairs"))
        var cells = screen.changed(from: [])
        let faceDown = Self.borderColumns(cells)
        #expect(faceDown.filter { !$0.isEmpty }.count == 10)
        for key in Self.path {
            screen.stuff(["turn": "\r", "right": "l", "left": "h", "down": "j"][key]!)
            guard key == "turn" else { continue }
            cells = screen.changed(from: cells)
            for (row, expected) in faceDown.enumerated() where !expected.isEmpty {
                let bytes = cells.indices.contains(row) ? cells[row] : []
                let found = bytes.indices.filter { Self.borderBytes.contains(bytes[$0]) }
                #expect(Set(expected).isSubset(of: found), "row \(row): borders at \(found) instead of \(expected)")
                // Inside each card, a whole card back (░ is 0x91) or none of it.
                for pair in stride(from: 0, to: expected.count - 1, by: 2) where expected[pair + 1] < bytes.count {
                    let inside = bytes[(expected[pair] + 1)..<expected[pair + 1]]
                    #expect(inside.allSatisfy { $0 == 0x91 } || !inside.contains(0x91), "row \(row): a stale card back")
                }
            }
        }
        screen.stuff("q")
        try #require(screen.waitFor("Choose a theme"))
        #expect(screen.changed(from: []).dropLast(2) == listBefore.dropLast(2), "the same list, but for the footer")
    }

    /// A terminal that draws box drawing 2 cells wide (screen's cjkwidth): the probe finds it,
    /// and every screen is drawn in ASCII stand-ins, whole.
    @Test(.enabled(if: GNUScreen.isAvailable, "GNU screen is not installed"))
    func gnuScreenDrawingBoxDrawingWide() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try Self.writeTheme(into: data)
        let screen = try GNUScreen("\(Tmux.binary) --data-dir \(data) play memorize --seed 3; sleep 30", cjkWidth: true)
        try #require(screen.waitFor("Choose a theme"))
        screen.stuff("\r")
        try #require(screen.waitFor("Find the pairs"))
        var cells = screen.changed(from: [])
        let card = "+--------+", back = "|########|"
        let top = "     " + Array(repeating: card, count: 6).joined(separator: "  ")
        #expect(cells.filter { String(decoding: $0, as: UTF8.self) == top }.count == 4, "two rows of cards, each with a top and a bottom")
        #expect(cells.filter { String(decoding: $0, as: UTF8.self).contains(back) }.count == 6, "card backs in ASCII")
        for key in ["\r", "l", "\r"] { screen.stuff(key) }
        cells = screen.changed(from: cells)
        // No host glyph is drawn wide (screen keeps 0xFF in a wide glyph's second cell) in the
        // header, the footer (arrows) and the card edges; emoji are wide, as they should be.
        let plainRows = cells.prefix(2) + cells.suffix(2)
        #expect(!plainRows.joined().contains(0xFF), "\(plainRows.map { String(decoding: $0, as: UTF8.self) })")
        #expect(cells.filter { String(decoding: $0, as: UTF8.self) == top }.count == 4)
        #expect(cells.contains { String(decoding: $0, as: UTF8.self).contains("^/v/</> move") })
    }

    /// For each row, the columns of card borders (rows with fewer than a row of cards: none).
    static func borderColumns(_ text: String) -> [[Int]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var columns: [Int] = []
            var column = 0
            for character in line {
                if borders.contains(character) { columns.append(column) }
                column += DisplayWidth.of(character)
            }
            return columns.count >= 12 ? columns : []
        }
    }

    static let borderBytes = Set(borders.map { UInt8($0.unicodeScalars.first!.value & 0xFF) })

    /// The same from screen's cells: a border's low byte at its column (VS16's low byte is
    /// ┏'s, so only the face-down board, which has no emoji, is read this way).
    static func borderColumns(_ rows: [[UInt8]]) -> [[Int]] {
        rows.map { row in
            let columns = row.indices.filter { borderBytes.contains(row[$0]) }
            return columns.count >= 12 && columns.count <= 14 ? columns : []
        }
    }

    /// Between two borders, either a whole card back or none of it.
    static func noStaleCardBacks(_ text: String) -> Bool {
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { borders.contains($0) })
            for part in parts where part.contains("░") && !part.allSatisfy({ $0 == "░" }) {
                if part.count <= 10 { return false }
            }
        }
        return true
    }
}

extension Tmux {
    /// The screen once it differs from `previous` and has stopped changing.
    func capture(changedFrom previous: String, timeout: Double = 5) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = capture()
        while Date() < deadline {
            usleep(60_000)
            let now = capture()
            if now == last, now != previous { return now }
            last = now
        }
        return last
    }
}
