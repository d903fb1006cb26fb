#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A new game's files, copied from Scaffold/Template and Scaffold/TemplateTests (a small
/// game that is built and tested with the rest) with its names changed to the new game's.
struct Scaffold {
    /// A name that cannot be used, and why; nothing has been created.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let root: URL
    let name: String
    let id: String
    let title: String

    /// Checks `name` against the folder `root` (a GameHost checkout) and the games' ids.
    init(root: URL, name: String, takenIDs: [String]) throws(Refusal) {
        guard !name.isEmpty else { throw Refusal("the game needs a name, e.g. 'new GuessTheNumber'") }
        guard Self.isTypeName(name) else {
            throw Refusal("'\(name)' cannot name a game: use letters and digits, starting with a capital "
                          + "letter, e.g. GuessTheNumber")
        }
        let words = Self.words(name)
        self.root = root
        self.name = name
        id = words.map { $0.lowercased() }.joined(separator: "-")
        title = words.joined(separator: " ")

        let manager = FileManager.default
        guard manager.fileExists(atPath: root.appendingPathComponent("Scaffold/Template").path),
              manager.fileExists(atPath: root.appendingPathComponent("Games").path) else {
            throw Refusal("run it in the GameHost folder (the one holding Games/ and Scaffold/), not in \(root.path)")
        }
        let reserved = ["GameHost", "GameHostTesting", "GameHostApp", "BuiltInGames", "GameHostCLI",
                        "GameHostBench", "Template", "Conformance", "EndToEnd"]
        if reserved.contains(name) || name.hasSuffix("Tests") {
            throw Refusal("'\(name)' is taken by one of GameHost's own modules; choose another name")
        }
        for (folder, path) in [("Games", name), ("Tests", name + "Tests")] {
            let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            if let taken = names.first(where: { $0.lowercased() == path.lowercased() }) {
                throw Refusal("\(folder)/\(taken) already exists; choose another name")
            }
        }
        if takenIDs.contains(id) { throw Refusal("the id '\(id)' is taken by another game; choose another name") }
    }

    /// Each file to write, by its path in the new game, with its text.
    func files() throws -> [(path: String, text: String)] {
        try copies(from: "Scaffold/Template", to: "Games/\(name)")
            + copies(from: "Scaffold/TemplateTests", to: "Tests/\(name)Tests")
    }

    /// Writes the files; if one cannot be written, removes what it made and rethrows.
    func create() throws -> [String] {
        let files = try files()
        let made = ["Games/\(name)", "Tests/\(name)Tests"].map { root.appendingPathComponent($0) }
        do {
            for file in files {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            made.forEach { try? FileManager.default.removeItem(at: $0) }
            throw error
        }
        return files.map(\.path)
    }

    private func copies(from source: String, to destination: String) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(source)
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: base.path) else {
            throw Refusal("cannot read \(source)")
        }
        return try paths.sorted().filter { $0.hasSuffix(".swift") }.map { path in
            let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
            return (destination + "/" + path.replacing("Template", with: name), renamed(text))
        }
    }

    /// The template's names made the new game's: its id, its title, then its type names.
    func renamed(_ text: String) -> String {
        text.replacing(#"id: "template""#, with: #"id: "\#(id)""#)
            .replacing(#"title: "Template""#, with: #"title: "\#(title)""#)
            .replacing("Template", with: name)
    }

    /// An ASCII type name starting with a capital letter.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            && !["Self", "Type", "Protocol", "Any"].contains(name)
    }

    /// "GuessTheNumber" → Guess, The, Number; "HTTPQuiz2" → HTTP, Quiz2.
    static func words(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            let startsWord = character.isUppercase && previous != nil
                && (!(previous!.isUppercase) || (next?.isLowercase ?? false))
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
