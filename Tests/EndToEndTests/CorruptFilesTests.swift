import Foundation
import Testing

/// Each data file, and config.json, damaged every way a disk, an editor or another program
/// can damage it. The launcher starts anyway, moves the bad file aside, says so, and keeps
/// everything else; a bad config.json is refused with one line naming the file and the problem.
/// A data file of a newer format is no damage: it is left as it is, read-only.
@Suite(.serialized, .enabled(if: GameListing.has("arithmetic-quiz") && GameListing.has("memorize"),
          "its files are the quiz's and Memorize's"))
struct CorruptFilesTests {
    static let dataFiles = ["arithmetic-quiz/preferences.json", "arithmetic-quiz/scores.json",
                            "arithmetic-quiz/practice.json", "memorize/themes.json"]

    enum Damage: String, CaseIterable, CustomStringConvertible {
        case empty, truncated, garbage, wrongShape, wrongData, newerFormat, directory, invalidUTF8
        var description: String { rawValue }

        /// Writes the damaged version of `good` at `path`.
        func apply(to path: String, good: Data) throws {
            try? FileManager.default.removeItem(atPath: path)
            let bytes: Data
            switch self {
            case .empty: bytes = Data()
            case .truncated: bytes = good.prefix(good.count / 2)
            case .garbage: bytes = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) })
            case .wrongShape: bytes = Data("[1, 2, 3]".utf8)
            case .wrongData: bytes = Data(#"{"format": 1, "data": [true, "\u001b[2J", {"x": null}]}"#.utf8)
            case .newerFormat:
                bytes = Data(String(decoding: good, as: UTF8.self).replacingOccurrences(
                    of: #""format"\s*:\s*1"#, with: #""format": 99"#, options: .regularExpression).utf8)
            case .directory:
                try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
                return
            case .invalidUTF8: bytes = Data(#"{"format": 1, "data": {"a": ""#.utf8) + Data([0xFF, 0xC3, 0x28]) + Data(#""}}"#.utf8)
            }
            guard FileManager.default.createFile(atPath: path, contents: bytes) else { throw TmuxError("cannot write \(path)") }
        }
    }

    /// Keys that make the launcher read every data file: the quiz's scores, its preferences
    /// form, the quiz (practice weights, as practice is on), then Memorize (themes); then quit.
    /// (A number key opens its game's preferences form; Enter there plays.)
    static let readEverything = "sq1\nqq2\nqqq"
    /// Wide frames, so a notice with two paths in it is not wrapped.
    static let wide = ["COLUMNS": "500", "LINES": "60"]

    /// A data folder holding every file, made once by playing: saved preferences, a round of
    /// the quiz in practice mode (scores and practice weights), Memorize's themes.
    static let goodData: String = {
        let folder = scratchDirectory() + "/data"
        let config = configFile()
        _ = try? Child.run(["prefs", "arithmetic-quiz", "--set", "practice=true", "--set", "questions=3",
                            "--data-dir", folder, "--config", config])
        _ = try? Child.run(["play", "arithmetic-quiz", "--seed", "1", "--data-dir", folder, "--config", config],
                           input: "\n1\n1\n1")
        // Playing a theme is Memorize's first change: it saves the themes. The round it starts
        // is left unfinished: its journal goes, so no run after it is offered a resume.
        _ = try? Child.run(["play", "memorize", "--data-dir", folder, "--config", config], input: "\n")
        try? FileManager.default.removeItem(atPath: folder + "/memorize/journal.jsonl")
        return folder
    }()

    /// config.json meaning every game and no settings, readable by anyone.
    static func configFile() -> String {
        let path = scratchDirectory() + "/config.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
        return path
    }

    @Test func theGoodDataHoldsEveryFile() {
        for file in Self.dataFiles {
            #expect(FileManager.default.fileExists(atPath: Self.goodData + "/" + file), "\(file) was made")
        }
    }

    /// Damage of every kind but a newer format, which is no damage (below).
    static let damages = Damage.allCases.filter { $0 != .newerFormat }

    @Test(arguments: dataFiles, damages)
    func aDamagedDataFileIsMovedAsideAndReported(_ file: String, _ damage: Damage) throws {
        try withCopyOfGoodData { data, config in
            let path = data + "/" + file
            let good = try #require(FileManager.default.contents(atPath: path))
            try damage.apply(to: path, good: good)
            let damaged = FileManager.default.contents(atPath: path)

            let result = try Child.run(["--data-dir", data, "--config", config], input: Self.readEverything,
                                       environment: Self.wide)
            #expect(result.status == 0, "the launcher starts and quits normally: \(result.error)")
            try checkMovedAside(path, damaged: damaged, isDirectory: damage == .directory, output: result.output)
            try checkNothingElseChanged(data, except: file)
        }
    }

    /// A file a newer GameHost wrote is not damaged: it is left byte for byte, nothing is moved
    /// aside, and the player is told once that it is read-only for this build (audit N16).
    @Test(arguments: dataFiles)
    func aNewerDataFileIsLeftAsItIsAndReadOnly(_ file: String) throws {
        try withCopyOfGoodData { data, config in
            let path = data + "/" + file
            let good = try #require(FileManager.default.contents(atPath: path))
            try Damage.newerFormat.apply(to: path, good: good)
            let newer = FileManager.default.contents(atPath: path)
            let result = try Child.run(["--data-dir", data, "--config", config], input: Self.readEverything,
                                       environment: Self.wide)
            #expect(result.status == 0, "the launcher starts and quits normally: \(result.error)")
            #expect(FileManager.default.contents(atPath: path) == newer, "\(file) is left as it was")
            #expect(try corruptCopies(of: path).isEmpty, "nothing is moved aside")
            #expect(result.output.components(separatedBy: "\(path) is from a newer GameHost (format 99; this one reads up to 1)")
                .count - 1 == 1, "the player is told, once:\n\(result.output.suffix(3000))")
            #expect(result.output.contains("read-only here") && !result.output.contains("could not be read"))
            try checkNothingElseChanged(data, except: file)
        }
    }

    /// A round finished while the scores are a newer build's: the player is told the score was
    /// not saved because the file is read-only, and the file is not written.
    @Test func aRoundFinishedOverNewerScoresSaysSoAndWritesNothing() throws {
        try withCopyOfGoodData { data, config in
            let path = data + "/arithmetic-quiz/scores.json"
            try Damage.newerFormat.apply(to: path, good: try #require(FileManager.default.contents(atPath: path)))
            let newer = FileManager.default.contents(atPath: path)
            let result = try Child.run(["play", "arithmetic-quiz", "--seed", "2", "--data-dir", data, "--config", config],
                                       input: "\n1\n1\n1", environment: Self.wide)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("The score could not be saved: \(path) is read-only for this GameHost"),
                    "\(result.output.suffix(3000))")
            #expect(FileManager.default.contents(atPath: path) == newer, "the newer scores are left as they were")
            #expect(try corruptCopies(of: path).isEmpty)
        }
    }

    @Test(.enabled(if: Unprivileged.isPossible, "running as root without setpriv: no way to make a file unreadable"),
          arguments: dataFiles)
    func anUnreadableDataFileIsMovedAsideAndReported(_ file: String) throws {
        try withCopyOfGoodData { data, config in
            let path = data + "/" + file
            let good = FileManager.default.contents(atPath: path)
            Unprivileged.own(data)
            #expect(chmod(path, 0) == 0)
            let result = try Child.run(["--data-dir", data, "--config", config], input: Self.readEverything,
                                       environment: Self.wide, user: try Unprivileged.user.get())
            #expect(result.status == 0, "the launcher starts and quits normally: \(result.error)")
            #expect(result.output.contains("permission denied"))
            // Read back as root, or after giving the permission back.
            let aside = try corruptCopies(of: path)
            if let first = aside.first { chmod(first, 0o644) }
            try checkMovedAside(path, damaged: good, isDirectory: false, output: result.output)
            try checkNothingElseChanged(data, except: file)
        }
    }

    /// A bad file in a folder where it cannot be moved: reported once, left as it is, and
    /// nothing is saved over it.
    @Test(.enabled(if: Unprivileged.isPossible, "running as root without setpriv: no way to make a folder read-only"),
          arguments: dataFiles)
    func aBadFileInAReadOnlyFolderIsLeftAndReportedOnce(_ file: String) throws {
        try withCopyOfGoodData { data, config in
            let path = data + "/" + file
            try Damage.garbage.apply(to: path, good: Data())
            let damaged = FileManager.default.contents(atPath: path)
            Unprivileged.own(data)
            let folder = (path as NSString).deletingLastPathComponent
            #expect(chmod(folder, 0o555) == 0)
            defer { chmod(folder, 0o755) }
            let result = try Child.run(["--data-dir", data, "--config", config], input: Self.readEverything,
                                       environment: Self.wide, user: try Unprivileged.user.get())
            #expect(result.status == 0, "the launcher starts and quits normally: \(result.error)")
            #expect(FileManager.default.contents(atPath: path) == damaged, "\(file) is left as it was")
            #expect(reports(of: path, in: result.output) == 1, "\(file) is reported, once")
        }
    }

    // MARK: - config.json

    static let configDamages = Damage.allCases.filter { $0 != .wrongData }

    /// Each damage, with words the one-line message must hold to say what the problem is.
    @Test(arguments: configDamages)
    func aDamagedConfigIsRefusedWithOneClearLine(_ damage: Damage) throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config.json").path
        let good = try #require(FileManager.default.contents(atPath: repository))
        let path = folder + "/config.json"
        try damage.apply(to: path, good: good)
        let result = try Child.run(["--data-dir", folder + "/data", "--config", path], input: "q")
        let words: [Damage: String] = [.empty: "empty", .truncated: "not valid JSON", .garbage: "not valid",
                                       .wrongShape: "must be an object", .newerFormat: "format",
                                       .directory: "directory", .invalidUTF8: "UTF-8"]
        checkRefusal(result, path: path, problem: words[damage]!)
        #expect(!FileManager.default.fileExists(atPath: folder + "/data"), "nothing is written")
    }

    @Test(.enabled(if: Unprivileged.isPossible, "running as root without setpriv: no way to make a file unreadable"))
    func anUnreadableConfigIsRefusedWithOneClearLine() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config.json"
        _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
        Unprivileged.own(folder)
        #expect(chmod(path, 0) == 0)
        let result = try Child.run(["--data-dir", folder + "/data", "--config", path], input: "q",
                                   user: try Unprivileged.user.get())
        checkRefusal(result, path: path, problem: "permission denied")
    }

    // MARK: - Checks

    func checkRefusal(_ result: Child.Result, path: String, problem: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 78, "exit status 78: \(result.error)", sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, "nothing drawn", sourceLocation: sourceLocation)
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.contains(path), "names the file: \(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.localizedCaseInsensitiveContains(problem), "says '\(problem)': \(result.error)",
                sourceLocation: sourceLocation)
        #expect(!result.error.contains("DecodingError"), "in words, not a Swift error: \(result.error)",
                sourceLocation: sourceLocation)
        #expect(result.error.count < 300, "short: \(result.error.count) characters", sourceLocation: sourceLocation)
        #expect(!result.error.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "no control characters", sourceLocation: sourceLocation)
    }

    /// The damaged file is now NAME.corrupt-…, as it was, and the player was told where.
    func checkMovedAside(_ path: String, damaged: Data?, isDirectory: Bool, output: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let aside = try corruptCopies(of: path)
        try #require(aside.count == 1, "\(path) moved aside once: \(aside)", sourceLocation: sourceLocation)
        var directory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: aside[0], isDirectory: &directory))
        #expect(directory.boolValue == isDirectory, sourceLocation: sourceLocation)
        if !isDirectory {
            #expect(FileManager.default.contents(atPath: aside[0]) == damaged, "kept as it was",
                    sourceLocation: sourceLocation)
        }
        #expect(reports(of: path, in: output) == 1, "the player is told, once", sourceLocation: sourceLocation)
        #expect(output.contains("moved to \(aside[0])"), "and where it went", sourceLocation: sourceLocation)
        // A file started again in its place is whole.
        if let data = FileManager.default.contents(atPath: path) {
            #expect(isVersionedJSON(data), "the new \(path) is versioned JSON", sourceLocation: sourceLocation)
        }
    }

    /// Every other data file is byte for byte as it was, and nothing else was moved aside.
    func checkNothingElseChanged(_ data: String, except file: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        for other in Self.dataFiles where other != file {
            #expect(FileManager.default.contents(atPath: data + "/" + other)
                    == FileManager.default.contents(atPath: Self.goodData + "/" + other),
                    "\(other) is unchanged", sourceLocation: sourceLocation)
            #expect(try corruptCopies(of: data + "/" + other).isEmpty, sourceLocation: sourceLocation)
        }
    }

    // MARK: - Helpers

    /// A copy of the good data and a config.json in a scratch folder, removed when `body` ends.
    func withCopyOfGoodData(_ body: (_ data: String, _ config: String) throws -> Void) throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.goodData, toPath: folder + "/data")
        _ = FileManager.default.createFile(atPath: folder + "/config.json", contents: Data("{}".utf8))
        try body(folder + "/data", folder + "/config.json")
    }

    func corruptCopies(of path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix(name + ".corrupt-") }.sorted().map { folder + "/" + $0 }
    }

    /// How many times the player was told about a file. A notice shows until the next key,
    /// and plain mode prints a frame only when it changes, so each report is printed once.
    func reports(of path: String, in output: String) -> Int {
        output.components(separatedBy: "\(path) could not be read").count - 1
    }
}

/// `{"format": N, "data": …}`
func isVersionedJSON(_ data: Data) -> Bool {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
    return object["format"] is NSNumber && object["data"] != nil
}
