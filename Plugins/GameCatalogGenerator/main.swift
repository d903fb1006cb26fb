import Foundation

// Writes BuiltInGames+Generated.swift: the game module types found in each game's sources,
// and config.json's text as the built-in defaults.
//
//   GameCatalogGenerator OUTPUT CONFIG [NAME SOURCE... ;]...
//
// A game's module type is the public type its sources declare as conforming to GameModule.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: GameCatalogGenerator OUTPUT CONFIG [NAME SOURCE... ;]...") }
let output = arguments.removeFirst()
let configPath = arguments.removeFirst()

var games: [(name: String, sources: [String])] = []
while let name = arguments.first {
    let end = arguments.firstIndex(of: ";") ?? arguments.endIndex
    games.append((name, Array(arguments[1..<end])))
    arguments.removeFirst(min(end + 1, arguments.count))
}

/// `public enum NameGame: GameModule {` and the like, with other conformances allowed.
let declaration = try! NSRegularExpression(
    pattern: #"^\s*((?:public|open|internal|package|fileprivate|private|final|@\w+|\s)*)\b(?:enum|struct|class|actor)\s+(\w+)\s*:[^{]*\bGameModule\b"#,
    options: [.anchorsMatchLines])

var modules: [(game: String, type: String)] = []
for game in games {
    var found: [String] = []
    for path in game.sources {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        let range = NSRange(text.startIndex..., in: text)
        for match in declaration.matches(in: text, range: range) {
            let modifiers = String(text[Range(match.range(at: 1), in: text)!])
            let type = String(text[Range(match.range(at: 2), in: text)!])
            guard modifiers.contains("public") || modifiers.contains("open") else {
                fail("\(path): \(type) conforms to GameModule but is not public; write 'public' before it")
            }
            found.append(type)
        }
    }
    guard !found.isEmpty else {
        fail("Games/\(game.name) declares no type conforming to GameModule; its module file should hold "
             + "'public enum \(game.name)Game: GameModule { … }'")
    }
    modules += found.map { (game.name, $0) }
}

guard let config = try? String(contentsOfFile: configPath, encoding: .utf8) else { fail("cannot read \(configPath)") }
// A raw string whose delimiter the text cannot close.
var hashes = "#"
while config.contains("\"" + hashes) { hashes += "#" }

var text = """
    // Generated at build time by Plugins/GameCatalogGenerator from the folders under Games/
    // and config.json. Do not edit: add or remove a game's folder instead.
    import GameHost

    """
for game in Set(modules.map(\.game)).sorted() { text += "import \(game)\n" }
text += """

    extension BuiltInGames {
        /// Every game module found under Games/, in folder order.
        static let discovered: [any GameModule.Type] = [

    """
// A type name two games share is qualified by its module; others are not, since a module
// holding a type of its own name cannot be qualified.
let names = modules.map { module in
    modules.filter { $0.type == module.type }.count > 1 ? module.game + "." + module.type : module.type
}
for name in names { text += "        \(name).self,\n" }
text += """
        ]

        /// The same games as the host's lists hold them, each made from its own type (no list
        /// of existential types to build at start).
        static var discoveredEntries: [GameEntry] {
            [

    """
for name in names { text += "            GameEntry(\(name).self),\n" }
text += """
            ]
        }

        /// config.json as it was when this was built: the defaults when no config file is found.
        package static let shippedConfig = \(hashes)\"\"\"

    """
// The line break before the closing delimiter is not part of the string.
text += config + "\n"
text += "\"\"\"\(hashes)\n}\n"

do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch { fail("cannot write \(output): \(error)") }
