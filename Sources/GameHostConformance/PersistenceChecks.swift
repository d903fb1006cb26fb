#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// What a module stores must read back, and a file that cannot be read must be reported
/// and moved aside, never silently replaced.
enum PersistenceChecks {
    static func run(_ context: CheckContext) -> Int {
        let directory = Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let variants = Variant.all(context.entry)
        var pressed = 0
        func fail(_ message: String) { Checks.fail(context, "persistence", message) }

        func walk(_ variant: Int, seed: UInt64, keys: Int) -> Walker? {
            let start = WalkStart(variant: variant, label: variants[variant].name, seed: seed, size: WalkChecks.sizes[0])
            guard let walker = try? Walker(context.entry, start, channel: context.channel, dataDirectory: directory)
            else { return nil }
            var random = SeededGenerator(seed: seed)
            while walker.steps.count < keys, walker.inGame { walker.perform(Checks.defaultStep(walker, &random)) }
            pressed += walker.steps.count
            return walker
        }

        for index in variants.indices {
            _ = walk(index, seed: context.options.seed &+ 50 &+ UInt64(index), keys: min(context.options.keys, 1_500))
        }

        let files = dataFiles(in: directory)
        for file in files {
            guard let data = FileManager.default.contents(atPath: file),
                  case .object(let object)? = try? JSONValue.parse(data),
                  object["format"]?.integer != nil, object["data"] != nil else {
                fail("\(relative(file, directory)) is not a versioned JSON file")
                continue
            }
        }

        // Starting again on the same data must read everything without complaint (the host's
        // messages about files name them; a game's own notices are its business).
        if let walker = walk(0, seed: 99, keys: 100) {
            for notice in walker.session.noticeLog where notice.contains(directory) {
                fail("reading saved data again reported: \(notice)")
            }
        }

        // Each file in turn is spoiled; the game must report it and move it aside.
        let garbage = Data("{ this is not JSON \u{1}".utf8)
        for file in files {
            guard FileManager.default.createFile(atPath: file, contents: garbage) else {
                fail("cannot spoil \(relative(file, directory)) for the test")
                continue
            }
            var noticed = false
            for index in variants.indices {
                guard let walker = walk(index, seed: 200 &+ UInt64(index), keys: 60) else { continue }
                if walker.session.noticeLog.contains(where: { $0.contains(Path.name(of: file)) }) {
                    noticed = true
                }
            }
            let current = FileManager.default.contents(atPath: file)
            let folder = Path.folder(of: file)
            let movedAside = (try? FileManager.default.contentsOfDirectory(atPath: folder))?
                .contains { $0.hasPrefix(Path.name(of: file) + ".corrupt-") } ?? false
            if current != garbage && !movedAside {
                fail("\(relative(file, directory)) was replaced without being moved aside")
            }
            if movedAside && !noticed {
                fail("\(relative(file, directory)) was moved aside without telling the player")
            }
        }
        return pressed
    }

    /// Every JSON file under the directory, but for locks, temporaries and corrupt copies.
    static func dataFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: directory) else { return [] }
        var files: [String] = []
        for name in names {
            let path = directory + "/" + name
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory,
                  name.hasSuffix(".json") else { continue }
            files.append(path)
        }
        return files.sorted()
    }

    private static func relative(_ path: String, _ directory: String) -> String {
        String(path.dropFirst(directory.count + 1))
    }
}
