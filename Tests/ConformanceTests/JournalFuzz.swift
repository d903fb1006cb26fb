import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

/// Fuzz check (Fuzz/Targets/journal.swift): the bytes as a game's `journal.jsonl`.
///
/// Opening the game must not crash whatever the file holds: the journal is offered for
/// resume, replayed, or moved aside with a notice. Either way the frames fit, no round is
/// reported, and nothing outside the game's folder changes.
enum JournalFuzz {
    static func problems(_ bytes: [UInt8]) -> [String] {
        let games = BuiltInGames.entries
        guard !games.isEmpty else { return [] }
        // The game the header names, when it names one, so that valid journals go deep.
        let id = (try? Journal.parse(Data(bytes))).map(\.header.game).flatMap { name in games.first { $0.id == name }?.id }
            ?? games[Int(bytes.first ?? 0) % games.count].id
        return Fuzzing.withDirectory(holding: bytes, as: id + "/journal.jsonl") { directory in
            var failures: [String] = []
            try? "outside".write(toFile: directory + "/other.txt", atomically: true, encoding: .utf8)
            let size = Size(width: 80, height: 24)
            guard let driver = try? TestDriver(games: games, play: id, size: size, dataDirectory: directory,
                                               journals: true) else { return ["the driver could not start"] }
            failures += Fuzzing.frameProblems(driver.frame, size: size, context: "first screen")
            if driver.screenID == "host.resume" {
                driver.press(.enter)
                failures += Fuzzing.frameProblems(driver.frame, size: size, context: "after resume")
                if !driver.screenIDs.contains(where: { $0.hasPrefix(id + ".") }) {
                    failures.append("no screen of \(id) after resume: \(driver.screenIDs)")
                }
            }
            driver.session.closeJournal()
            if FileManager.default.fileExists(atPath: directory + "/" + id + "/scores.json") {
                failures.append("a round was reported by opening the game")
            }
            let outside = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if Set(outside).subtracting([id]) != ["other.txt"]
                || (try? String(contentsOfFile: directory + "/other.txt", encoding: .utf8)) != "outside" {
                failures.append("files outside the game's folder changed: \(outside.sorted())")
            }
            return failures
        }
    }
}
