import Foundation
import GameHost
import Testing

/// Docs that cannot drift (issue 30): every link resolves, every shell command a reader is
/// told to run runs (in a temporary folder per page, its exit status and stated output
/// checked), every frame shown is what the program draws, every Swift sample compiles, and
/// the command-line reference is the program's own.
///
/// How commands run: `gamehost` is the binary under test (so `swift run gamehost ARGS` runs
/// it as `gamehost ARGS`: the build is what `swift run` would make), HOME is the page's folder,
/// which holds a copy of the repository's config.json, and as the user's config.json the
/// same hiding the games the README's table does not describe (so adding a game changes no
/// page), and stdin is empty. A shell block
/// (sh) must exit 0 line by line; a console block states output after each `$ command`
/// (`...` stands for any lines, or any text within a line; two or more spaces for two or
/// more), and `$ echo $?` the status of the command before. Blocks marked `<!-- not run: WHY -->` are skipped, saying so; a block
/// marked `<!-- file: NAME -->` is written to NAME in the folder for the commands after it.
///
/// docs/pending-*.md (prose of other helpers, to be folded in) is skipped, saying so, unless
/// GAMEHOST_DOCS_PENDING=1. `UPDATE_DOCS=1` writes the frames again (read the diff).
@Suite struct DocsTests {
    static let checkPending = ProcessInfo.processInfo.environment["GAMEHOST_DOCS_PENDING"] == "1"

    static var pages: [DocPage] {
        DocPage.all().filter { page in
            guard page.path.hasPrefix("docs/pending-"), !checkPending else { return true }
            print("skipped \(page.path): a helper's prose waiting to be folded in (GAMEHOST_DOCS_PENDING=1 checks it)")
            return false
        }
    }

    // MARK: - Links

    @Test func everyLinkResolves() {
        let all = DocPage.all()
        for page in Self.pages {
            let folder = (page.path as NSString).deletingLastPathComponent
            for (line, target) in page.links where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page.path : Self.resolve(parts[0], from: folder)
                #expect(!file.hasPrefix(".."), "\(page.path):\(line): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: repositoryRoot + "/" + file),
                        "\(page.path):\(line): \(target): no file \(file)")
                if parts.count == 2, file.hasSuffix(".md") {
                    let anchors = all.first { $0.path == file }?.anchors ?? []
                    #expect(anchors.contains(parts[1]), "\(page.path):\(line): \(target): no heading #\(parts[1]) in \(file)")
                }
            }
        }
    }

    /// `target` relative to `folder`, both from the repository's root, with `..` taken out.
    static func resolve(_ target: String, from folder: String) -> String {
        var parts: [String] = []
        for part in (folder.isEmpty ? target : folder + "/" + target).split(separator: "/") {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() }
            else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    // MARK: - Shell commands

    @Test(arguments: Self.pages.map(\.path))
    func everyShellCommandRuns(_ path: String) throws {
        let page = try #require(DocPage.all().first { $0.path == path })
        let blocks = page.blocks.filter {
            ["sh", "bash", "shell", "console"].contains($0.language) || $0.marker?.kind == "file"
        }
        guard !blocks.isEmpty else { return }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for block in blocks {
            if let marker = block.marker, marker.kind == "file" {
                // A file the reader is shown, written where the commands after it can use it.
                try (block.body.joined(separator: "\n") + "\n").write(toFile: folder + "/" + marker.value,
                                                                     atomically: true, encoding: .utf8)
                continue
            }
            if let marker = block.marker, marker.kind == "not run" {
                print("skipped \(block.place): not run (\(marker.value))")
                continue
            }
            for pair in Self.commands(block) {
                Self.check(try Self.run(pair.0, in: folder), pair, block)
            }
        }
    }

    /// A folder for one page's commands, with `gamehost` on the PATH, a copy of the
    /// repository's config.json, and the user's config.json (which `gamehost` reads): the
    /// same, hiding every game the README's table does not list, so the pages show the games
    /// they describe whatever else Games/ holds (a game just scaffolded, say).
    static func folder() throws -> String {
        let folder = scratchDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/.bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/.bin/gamehost", withDestinationPath: Tmux.binary)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/config.json", toPath: folder + "/config.json")
        let shipped = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/config.json"))
        var config = try JSONSerialization.jsonObject(with: shipped) as? [String: Any] ?? [:]
        let undescribed = GameListing.all.map(\.id).filter { !documentedGames.contains($0) }
        config["hidden"] = (config["hidden"] as? [String] ?? []) + undescribed
        try FileManager.default.createDirectory(atPath: folder + "/.config/gamehost", withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: folder + "/.config/gamehost/config.json"))
        return folder
    }

    /// The games the pages describe: the ids in the README's table of games ("| `snake` | …").
    static let documentedGames: [String] = DocPage.all().first { $0.path == "README.md" }.map { readme in
        readme.prose.compactMap { line -> String? in
            let cells = line.text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.text.hasPrefix("| `"), let id = cells.first, id.hasPrefix("`"), id.hasSuffix("`") else { return nil }
            return String(id.dropFirst().dropLast())
        }
    } ?? []

    /// A command with what it is said to print (nil: not stated) and its stated status.
    struct Command {
        let text: String
        let line: Int
        var output: [String]?
        var status: Int32 = 0
    }

    static func commands(_ block: DocPage.Block) -> [(Command, Command)] {
        var commands: [Command] = []
        if block.language == "console" {
            for (offset, line) in block.body.enumerated() {
                if line.hasPrefix("$ ") {
                    let text = String(line.dropFirst(2))
                    if text == "echo $?", !commands.isEmpty {
                        commands[commands.count - 1].status = -1     // its status is stated next
                    }
                    commands.append(Command(text: text, line: block.line + 1 + offset, output: []))
                } else if !commands.isEmpty {
                    commands[commands.count - 1].output?.append(line)
                }
            }
            // `$ echo $?` states the status of the command before it.
            var result: [(Command, Command)] = []
            for command in commands {
                if command.text == "echo $?", let last = result.popLast() {
                    var stated = last.1
                    stated.status = Int32((command.output ?? []).first { !$0.isEmpty }.flatMap { Int32($0) } ?? -2)
                    result.append((last.0, stated))
                } else {
                    result.append((command, command))
                }
            }
            return result
        }
        var pending = ""
        for (offset, line) in block.body.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty, trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasSuffix("\\") {
                pending += String(trimmed.dropLast()) + " "
                continue
            }
            let command = Command(text: pending + line, line: block.line + 1 + offset, output: nil)
            commands.append(command)
            pending = ""
        }
        return commands.map { ($0, $0) }
    }

    static func run(_ command: Command, in folder: String) throws -> (status: Int32, output: String) {
        var text = command.text
        if text.hasPrefix("swift run gamehost") { text = String(text.dropFirst("swift run ".count)) }
        if text.hasPrefix("swift ") {
            return (-3, "a swift command builds for minutes: mark its block <!-- not run: WHY -->")
        }
        return try shell("timeout 120 bash -c \(quoted(text))", in: folder, environment: [
            "HOME": folder, "XDG_DATA_HOME": folder + "/.local/share", "XDG_CONFIG_HOME": folder + "/.config",
            "PATH": folder + "/.bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "TERM": "xterm-256color", "COLUMNS": "", "LINES": "",
        ])
    }

    /// `expected`: the command as written, and what it is said to do (status, output).
    static func check(_ run: (status: Int32, output: String), _ expected: (Command, Command), _ block: DocPage.Block) {
        let (said, stated) = expected
        let place = "\(block.page):\(said.line): \(said.text)"
        #expect(run.status == stated.status, "\(place): exit status \(run.status), not \(stated.status)\n\(run.output)")
        if let output = stated.output {
            let actual = normalized(run.output.components(separatedBy: "\n"))
            #expect(matches(normalized(output), actual),
                    "\(place): printed\n\(actual.joined(separator: "\n"))\nnot\n\(output.joined(separator: "\n"))")
        }
    }

    /// Lines without trailing spaces, and no empty lines at the end.
    static func normalized(_ lines: [String]) -> [String] {
        var lines = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether `actual` is `expected`, where a line "..." stands for any lines and "..."
    /// within a line for any text.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        let rest = Array(expected.dropFirst())
        if first == "..." { return (0...actual.count).contains { matches(rest, Array(actual.dropFirst($0))) } }
        guard let line = actual.first, lineMatches(first, line) else { return false }
        return matches(rest, Array(actual.dropFirst()))
    }

    /// Two or more spaces match two or more: columns padded to their widest entry widen
    /// when a game with a longer id is added.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let columns = { (text: String) in text.replacingOccurrences(of: " {2,}", with: "  ", options: .regularExpression) }
        let (pattern, line) = (columns(pattern), columns(line))
        let parts = pattern.components(separatedBy: "...")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]) else { return false }
        var rest = Substring(line.dropFirst(parts[0].count))
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }

    // MARK: - Frames

    @Test func everyFrameIsWhatTheProgramDraws() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1"
        for page in Self.pages {
            let frames = page.blocks.filter { $0.marker?.kind == "frame" }
            guard !frames.isEmpty else { continue }
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var lines = page.lines
            for block in frames.reversed() {
                let command = Command(text: block.marker!.value, line: block.line - 1, output: nil)
                let run = try Self.run(command, in: folder)
                #expect(run.status == 0, "\(block.place): \(command.text): exit status \(run.status)\n\(run.output)")
                let drawn = Self.normalized(run.output.components(separatedBy: "\n"))
                if update {
                    lines.replaceSubrange(block.line..<(block.line + block.body.count), with: drawn)
                } else {
                    #expect(drawn == Self.normalized(block.body),
                            "\(block.place): the program draws\n\(drawn.joined(separator: "\n"))\n(UPDATE_DOCS=1 writes it)")
                }
            }
            if update, lines != page.lines {
                try lines.joined(separator: "\n").write(toFile: repositoryRoot + "/" + page.path, atomically: true, encoding: .utf8)
            }
        }
    }
}
