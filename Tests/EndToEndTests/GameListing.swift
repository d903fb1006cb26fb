import Foundation

/// The games the built binary offers, read from `gamehost list`, so end-to-end tests can
/// run over every registered module with no code for any one of them.
struct GameListing: Sendable, CustomStringConvertible {
    let id: String
    let title: String
    var description: String { id }

    /// Every game, in menu order; empty if the binary cannot be run (a test checks it is not).
    /// An empty config.json means every game in the catalog, whatever ./config.json says.
    static let all: [GameListing] = {
        let config = NSTemporaryDirectory() + "gamehost-list-\(getpid()).json"
        defer { unlink(config) }
        guard FileManager.default.createFile(atPath: config, contents: Data("{}".utf8)),
              let result = try? spawn([Tmux.binary, "list", "--config", config]), result.status == 0 else { return [] }
        return parse(result.output)
    }()

    /// Whether the binary offers the game (a game's folder can be removed).
    static func has(_ id: String) -> Bool { all.contains { $0.id == id } }

    /// "arithmetic-quiz       Arithmetic Quiz — Sums and products…" → id and title.
    static func parse(_ text: String) -> [GameListing] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { return nil }
            let rest = words[1].trimmingCharacters(in: .whitespaces)
            guard let dash = rest.range(of: " — ") else { return nil }
            return GameListing(id: String(words[0]), title: String(rest[..<dash.lowerBound]))
        }
    }
}
