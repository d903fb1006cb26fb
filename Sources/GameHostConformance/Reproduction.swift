import GameHost

/// The one command that replays a failing walk in the real program: the same game, seed,
/// preferences (every one, so config.json cannot change them), terminal size and keys, on
/// an empty data directory.
enum Reproduction {
    static func command(_ entry: GameEntry, _ start: WalkStart, steps: [Step], program: String) -> String {
        let variant = Variant.all(entry)[start.variant]
        var words = ["COLUMNS=\(start.size.width)", "LINES=\(start.size.height)", program, "play", entry.id,
                     "--seed", "\(start.seed)"]
        for field in entry.schema.fields {
            let value = variant.values[field.key] ?? field.defaultValue
            words += ["--set", quote("\(field.key)=\(argument(value))")]
        }
        words += ["--data-dir", "\"$(mktemp -d)\"", "--plain"]
        let keys = steps.compactMap { step -> String? in if case .key(let key) = step { key.name } else { nil } }
        if !keys.isEmpty { words += ["--keys", quote(keys.joined(separator: " "))] }
        if keys.count < steps.count { words.append("# the walk's waits and clicks (in its steps) are not replayed by --keys") }
        return words.joined(separator: " ")
    }

    static func argument(_ value: PreferenceValue) -> String {
        switch value {
        case .choice(let key): key
        case .integer(let number): "\(number)"
        case .toggle(let on): on ? "true" : "false"
        case .text(let text): text
        }
    }

    /// Single quotes for the shell, unless the word needs none.
    static func quote(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_=.,/:".unicodeScalars.contains($0)
        }
        return plain && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
