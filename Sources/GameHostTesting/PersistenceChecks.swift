#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// What a module stores must read back, and a file that cannot be read must be reported
/// and moved aside, never silently replaced.
enum PersistenceChecks {
    static func run(_ entry: GameEntry, keys: Int) -> [String] {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var failures: [String] = []
        let variants = RandomWalk.variants(entry)

        for (index, variant) in variants.enumerated() {
            let outcome = RandomWalk.walk(entry, variant.values, seed: UInt64(50 + index), keys: keys / 2,
                                          size: ConformanceSuite.sizes[1], dataDirectory: directory)
            failures += outcome.failures.prefix(3).map { "walk from \(variant.name): \($0)" }
        }

        let files = dataFiles(in: directory)
        for file in files {
            guard let data = FileManager.default.contents(atPath: file),
                  case .object(let object)? = try? JSONValue.parse(data),
                  object["format"]?.integer != nil, object["data"] != nil else {
                failures.append("\(relative(file, directory)) is not a versioned JSON file")
                continue
            }
        }

        // Starting again on the same data must read everything without complaint.
        if let driver = try? TestDriver(games: [entry], play: entry.id, dataDirectory: directory) {
            var outcome = RandomWalk.Outcome()
            RandomWalk.walk(driver, entry, seed: 99, keys: 100, into: &outcome, record: false)
            for notice in driver.session.noticeLog {
                failures.append("reading saved data again reported: \(notice)")
            }
        }

        // Each file in turn is spoiled; the game must report it and move it aside.
        let garbage = Data("{ this is not JSON \u{1}".utf8)
        for file in files {
            guard FileManager.default.createFile(atPath: file, contents: garbage) else {
                failures.append("cannot spoil \(relative(file, directory)) for the test")
                continue
            }
            var noticed = false
            for (index, variant) in variants.enumerated() {
                guard let driver = try? TestDriver(games: [entry], play: entry.id, preferences: variant.values,
                                                   seed: UInt64(200 + index), dataDirectory: directory) else { continue }
                var outcome = RandomWalk.Outcome()
                RandomWalk.walk(driver, entry, seed: UInt64(200 + index), keys: 60, into: &outcome, record: false)
                if driver.session.noticeLog.contains(where: { $0.contains(Path.name(of: file)) }) {
                    noticed = true
                }
            }
            let current = FileManager.default.contents(atPath: file)
            let movedAside = (try? FileManager.default.contentsOfDirectory(atPath: Path.folder(of: file)))?
                .contains { $0.hasPrefix(Path.name(of: file) + ".corrupt-") } ?? false
            if current != garbage && !movedAside {
                failures.append("\(relative(file, directory)) was replaced without being moved aside")
            }
            if movedAside && !noticed {
                failures.append("\(relative(file, directory)) was moved aside without telling the player")
            }
        }
        return failures
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
