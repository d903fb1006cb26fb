import GameHost

/// Fuzz check (Fuzz/Targets/keys.swift): terminal bytes through the key decoder, read in one
/// piece, byte by byte and in pseudo-random pieces chosen from the bytes themselves.
///
/// A read may end anywhere, so every reading must give the same keys, with one allowance: a
/// grapheme cluster cut by a read arrives as two keys (the decoder cannot wait for the rest
/// of a cluster without delaying every typed key), so characters are compared as one run of
/// scalars. Only the final flush stands for a pause; a pause in between is a different input.
/// And whatever the bytes were, an arrow key read after them arrives as that arrow.
enum KeyDecoderFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        var failures: [String] = []
        let whole = decode(bytes, cuts: [], failures: &failures)
        for key in whole.compactMap(\.key) { failures += keyProblems(key) }

        // Whatever came before, the next key a player presses still arrives: an escape
        // sequence starts afresh at its Esc.
        // (Inside an unfinished paste it is pasted text, by design.)
        let up: [UInt8] = [0x1B, 0x5B, 0x41]
        // Searched as bytes: as characters, a combining mark after "~" would hide the marker.
        let start: [UInt8] = Array("\u{1B}[200~".utf8)
        let pastes = bytes.count >= start.count
            && (0...(bytes.count - start.count)).contains { bytes[$0..<($0 + start.count)].elementsEqual(start) }
        if !pastes, decode(bytes + up, cuts: [bytes.count], failures: &failures).last != .key(.up) {
            failures.append("↑ pressed after \(bytes) did not arrive")
        }

        var random = SeededGenerator(seed: bytes.reduce(1469598103934665603) { ($0 ^ UInt64($1)) &* 1099511628211 })
        let randomCuts = bytes.indices.dropFirst().filter { _ in random.next() % 4 == 0 }
        let readings = [("byte by byte", Array(bytes.indices.dropFirst())), ("in pieces \(randomCuts)", randomCuts)]
        for (name, cuts) in readings {
            let keys = decode(bytes, cuts: cuts, failures: &failures)
            if runs(keys) != runs(whole) {
                failures.append("read \(name), \(bytes) gives \(keys), in one piece \(whole)")
            }
        }
        return failures
    }

    private static func decode(_ bytes: [UInt8], cuts: [Int], failures: inout [String]) -> [InputEvent] {
        var decoder = KeyDecoder()
        var keys: [InputEvent] = []
        var start = 0
        for end in cuts + [bytes.count] {
            keys += decoder.feed(bytes[start..<end])
            start = end
        }
        keys += decoder.flush()
        if decoder.hasPending { failures.append("bytes still wait after the flush: \(bytes) cut at \(cuts)") }
        return keys
    }

    /// A key never holds a control character, and its name reads back as the same key
    /// (traces and `--set`-style key names depend on it).
    private static func keyProblems(_ key: Key) -> [String] {
        var failures: [String] = []
        switch key {
        case .character(let character):
            if character.unicodeScalars.contains(where: TextSanitizer.isUnsafe) {
                failures.append("key \(key.name.unicodeScalars.map(\.value)) holds a control character")
            }
        case .control(let letter):
            if !("a"..."z").contains(letter) { failures.append("control key with \(letter.unicodeScalars.map(\.value))") }
        case .function(let number):
            if !(1...24).contains(number) { failures.append("function key \(number)") }
        default:
            break
        }
        if Key(name: key.name) != key { failures.append("key name '\(key.name)' does not read back as \(key)") }
        return failures
    }

    private enum Run: Equatable {
        case key(InputEvent)
        case text([Unicode.Scalar])
    }

    /// Non-character keys as they are, and each run of character keys as its scalars
    /// (compared exactly: String's == would call "é" and "e\u{301}" equal).
    private static func runs(_ keys: [InputEvent]) -> [Run] {
        var runs: [Run] = []
        for key in keys {
            guard case .key(.character(let character)) = key else {
                runs.append(.key(key))
                continue
            }
            if case .text(let scalars)? = runs.last {
                runs[runs.count - 1] = .text(scalars + character.unicodeScalars)
            } else {
                runs.append(.text(Array(character.unicodeScalars)))
            }
        }
        return runs
    }
}
