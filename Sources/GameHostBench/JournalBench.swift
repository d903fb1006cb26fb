import Foundation
import BuiltInGames
import GameHost
import GameHostTesting

/// Row 7: what journaling costs — the size of a journal, the time to resume a long one, and
/// the extra time per key.
enum JournalBench {
    /// The extra time per key: the scripted session of row 2, journaled and not.
    static func keyCost(_ entry: GameEntry, keys: Int) {
        var medians: [Bool: Double] = [:]
        for journals in [false, true] {
            let directory = TestDriver.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            guard let driver = try? TestDriver(games: [entry], play: entry.id, seed: 2, size: Benchmarks.small,
                                               dataDirectory: directory, journals: journals) else { return }
            let script = Benchmarks.scripts[entry.id] ?? [.left, .right, .enter]
            var encoder = FrameEncoder(colors: true)
            var sample = Sample()
            for index in 0..<keys {
                if !driver.screenIDs.contains(where: { $0.hasPrefix(entry.id + ".") }) { driver.session.play(entry.id) }
                let start = now()
                driver.session.handle(script[index % script.count])
                _ = encoder.encode(driver.session.frame(Benchmarks.small))
                sample.add(Double(now() - start) / 1_000)
            }
            medians[journals] = sample.median
        }
        guard let plain = medians[false], let journaled = medians[true] else { return }
        let ratio = journaled / plain
        report("9", "\(entry.id) key→frame, journaled", figure: "median \(format(journaled)) µs",
               reference: "median \(format(plain)) µs unjournaled", ratio: "\(format(ratio, 2))×",
               target: "≤ 1.5×", met: ratio <= 1.5)
    }

    /// The time from Resume to the game on screen, for a journal of `inputs` inputs.
    static func resumeTime(_ entry: GameEntry, inputs: Int) {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard let first = try? TestDriver(games: [entry], play: entry.id, seed: 2, size: Benchmarks.small,
                                          dataDirectory: directory, journals: true) else { return }
        // Keys that stay in the game: moves, and answers or turns.
        let script: [Key] = Benchmarks.scripts[entry.id] ?? [.left, .right]
        for count in 0..<(inputs - 1) { first.press(script[count % script.count]) }
        // One more key, so the round is unfinished whatever the script did last.
        first.press(.right)
        first.session.closeJournal()
        let path = directory + "/" + entry.id + "/journal.jsonl"
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard let second = resuming(entry, in: directory, after: "\(inputs) keys") else { return }
        let start = now()
        second.press(.enter)
        _ = second.session.frame(Benchmarks.small)
        let milliseconds = Double(now() - start) / 1e6
        let resumed = second.screenIDs.contains { $0.hasPrefix(entry.id + ".") } && second.session.noticeLog.isEmpty
        report("9", "\(entry.id) resume a \(inputs)-input journal (\(size / 1024) KB)",
               figure: "\(format(milliseconds, 1)) ms\(resumed ? "" : " (NOT resumed: \(second.session.noticeLog))")",
               target: "≤ 1 s", met: resumed && milliseconds <= 1_000)
    }

    /// A second session on the same data folder, at the Resume screen; nil, said, when it is
    /// not offered.
    static func resuming(_ entry: GameEntry, in directory: String, after what: String) -> TestDriver? {
        guard let second = try? TestDriver(games: [entry], play: entry.id, seed: 3, size: Benchmarks.small,
                                           dataDirectory: directory, journals: true),
              second.screenID == "host.resume" else {
            print("  ! \(entry.id): no resume offered after \(what)")
            return nil
        }
        return second
    }

    /// Journal sizes: a 5-question quiz round, a whole game of Memorize played by a player
    /// with a perfect memory.
    static func sizes() {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        if let quiz = BuiltInGames.entries.first(where: { $0.id == "arithmetic-quiz" }),
           let driver = try? TestDriver(games: [quiz], play: quiz.id, preferences: ["questions": .integer(5)],
                                        seed: 4, dataDirectory: directory, journals: true) {
            driver.press(.enter)
            for answer in 1...5 { driver.press(.digit(answer % 4 + 1), .enter) }
            report("9", "journal of a 5-question quiz round", figure: "\(journalSize(directory, quiz.id)) bytes",
                   target: "-", met: true)
        }
        if let memorize = BuiltInGames.entries.first(where: { $0.id == "memorize" }),
           let driver = try? TestDriver(games: [memorize], play: memorize.id, seed: 4, dataDirectory: directory,
                                        journals: true) {
            driver.press(.enter)
            let keys = playMemorize(driver)
            report("9", "journal of a whole Memorize game (\(keys) keys)",
                   figure: "\(journalSize(directory, memorize.id)) bytes", target: "-", met: true)
        }
    }

    /// The journal as it is, or the round's copy in the history once the round ended.
    private static func journalSize(_ directory: String, _ id: String) -> Int {
        let history = directory + "/" + id + "/journals"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: history)) ?? []).sorted().map { history + "/" + $0 }
        let path = files.last ?? directory + "/" + id + "/journal.jsonl"
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Plays a game of Memorize to the end (or to its last pair, `leavingOnePair`),
    /// remembering every card seen; the keys pressed.
    static func playMemorize(_ driver: TestDriver, leavingOnePair: Bool = false) -> Int {
        struct State: Decodable { let cards: [String]; let cursor: Int; let isOver: Bool }
        func state() -> State? { try? JSONDecoder().decode(State.self, from: Data(driver.stateJSON.utf8)) }
        var keys = 0
        func press(_ key: Key) { driver.press(key); keys += 1 }
        guard let first = state() else { return 0 }
        press(.down)
        let columns = max(1, (state()?.cursor ?? 1) - first.cursor)
        press(.up)
        func choose(_ target: Int) {
            for _ in 0..<64 {
                guard let now = state(), now.cursor != target else { break }
                let (row, column) = (now.cursor / columns, now.cursor % columns)
                press(row < target / columns ? .down : row > target / columns ? .up
                      : column < target % columns ? .right : .left)
            }
            press(.enter)
        }
        var known: [Int: String] = [:]
        for _ in 0..<200 {
            guard let now = state(), !now.isOver else { break }
            let open = now.cards.indices.filter { now.cards[$0] != "matched" }
            if leavingOnePair, open.count <= 2 { break }
            if let pair = open.first(where: { a in open.contains { $0 != a && known[$0] != nil && known[$0] == known[a] } }),
               let partner = open.first(where: { $0 != pair && known[$0] == known[pair] }) {
                choose(pair)
                choose(partner)
                continue
            }
            guard let unknown = open.first(where: { known[$0] == nil }) else { break }
            choose(unknown)
            if let seen = state()?.cards[unknown] { known[unknown] = seen }
            if let partner = open.first(where: { $0 != unknown && known[$0] == known[unknown] }) {
                choose(partner)
            } else if let next = open.first(where: { known[$0] == nil }) {
                choose(next)
                if let seen = state()?.cards[next] { known[next] = seen }
            }
        }
        return keys
    }
}
