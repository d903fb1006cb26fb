import GameHost

/// The one command that replays a failing walk in the real program: the same game, seed,
/// preferences (every one, so config.json cannot change them), terminal size and keys, on
/// an empty data directory, and every step the walk took (keys, waits, clicks). A room's
/// walk is the suite's own (`play` has one terminal): `check <id> --room` walks the same
/// steps from every seat in a room again, and checks each as the seats check does.
enum Reproduction {
    static func command(_ entry: GameEntry, _ start: WalkStart, steps: [Step], options: ConformanceOptions) -> String {
        let program = options.program
        if start.room == true {
            var words = [program, "check", entry.id, "--room", quote(Variant.all(entry)[start.variant].name),
                         "--seed", "\(start.seed)", "--size", "\(start.size.width)x\(start.size.height)"]
            if !steps.isEmpty { words += ["--keys", quote(steps.map(\.word).joined(separator: " "))] }
            return words.joined(separator: " ")
        }
        let variant = Variant.all(entry)[start.variant]
        var words = ["COLUMNS=\(start.size.width)", "LINES=\(start.size.height)", program, "play", entry.id,
                     "--seed", "\(start.seed)"]
        for field in entry.schema.fields {
            let value = variant.values[field.key] ?? field.defaultValue
            words += ["--set", quote("\(field.key)=\(argument(value))")]
        }
        words += ["--data-dir", "\"$(mktemp -d)\"", "--plain"]
        // Keys, waits and clicks alike, in one argument: `play --keys` replays them on the
        // walk's own clock (see `Session.play(_:)`).
        if !steps.isEmpty { words += ["--keys", quote(steps.map { $0.input.word }.joined(separator: " "))] }
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
