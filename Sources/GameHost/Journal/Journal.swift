#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A journal read back: its header and its lines, checked whole before anything is replayed.
///
/// A file cut in the middle of its last line (the program killed, the power lost, during a
/// write) reads up to the last whole line. Anything else that is not what the host writes
/// is refused with a reason: a journal is either replayed as written or not at all.
public struct Journal: Equatable, Sendable {
    /// Larger journals are refused rather than read into memory.
    public static let maximumSize = 64 << 20

    public let header: JournalHeader
    public let lines: [JournalLine]
    /// Whether a last, unfinished line was left out.
    public let cutTail: Bool

    public init(header: JournalHeader, lines: [JournalLine], cutTail: Bool = false) {
        self.header = header
        self.lines = lines
        self.cutTail = cutTail
    }

    public static func parse(_ data: Data) throws(JournalError) -> Journal {
        guard data.count <= maximumSize else { throw .unreadable("it is larger than \(maximumSize >> 20) MB") }
        var rows = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        // The text after the last newline is a line whose write did not finish.
        let tail = rows.removeLast()
        let cutTail = !tail.isEmpty
        guard let first = rows.first else {
            throw .unreadable(cutTail ? "its first line is unfinished" : "the file is empty")
        }
        let decoder = JSONDecoder()
        let header: JournalHeader
        do {
            header = try decoder.decode(JournalHeader.self, from: Data(first))
        } catch {
            // Not JSON at all: some other file (a typo on the command line), said in words.
            guard (try? JSONValue.parse(Data(first))) != nil else {
                throw .unreadable("it is not a journal nor a trace: its first line is not JSON, "
                                  + "where a journal's is its header ({\"game\": …})")
            }
            throw .unreadable("line 1 is not a journal header (\(DataStore.describe(error)))")
        }
        guard JournalHeader.readableFormats.contains(header.journal) else {
            let formats = JournalHeader.readableFormats
            throw .unreadable("it is journal format \(header.journal); this GameHost reads formats \(formats.lowerBound) to \(formats.upperBound)")
        }
        guard (1...10_000).contains(header.checkEvery) else {
            throw .unreadable("\"checkEvery\" is \(header.checkEvery), not from 1 to 10000")
        }
        guard header.started.isFinite, abs(header.started) < 1e11 else { throw .unreadable("\"started\" is not a date") }

        var lines: [JournalLine] = []
        var inputs = 0
        var time = 0.0
        for (offset, row) in rows.dropFirst().enumerated() {
            let number = offset + 2
            let line: JournalLine
            do {
                line = try decoder.decode(JournalLine.self, from: Data(row))
            } catch {
                throw .unreadable("line \(number) cannot be read (\(DataStore.describe(error)))")
            }
            switch line {
            case .input(_, let t):
                guard t.isFinite, t >= time, t < 1e10 else {
                    throw .unreadable("line \(number): time \(t) goes back or out of range (after \(time))")
                }
                time = t
                inputs += 1
            case .check(let count, _), .round(let count), .inPlay(let count, _):
                guard count == inputs else {
                    throw .unreadable("line \(number) counts \(count) inputs where \(inputs) came before it")
                }
            case .file(let name, _):
                // A game's file is a name inside its folder, never a way out of it.
                guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
                      !TextSanitizer.hasUnsafe(name) else {
                    throw .unreadable("line \(number) names a file outside the game's folder")
                }
            case .unreplayable:
                break
            }
            lines.append(line)
        }
        return Journal(header: header, lines: lines, cutTail: cutTail)
    }

    /// The inputs, in order.
    public var inputs: [(input: JournalInput, time: Double)] {
        lines.compactMap { if case .input(let input, let time) = $0 { (input, time) } else { nil } }
    }

    public var inputCount: Int { lines.reduce(0) { if case .input = $1 { $0 + 1 } else { $0 } } }

    /// Whether a round was in play when the journal ends: what its last `in-play` line says.
    /// A journal that records every claim (format 2) and holds none had nothing in play,
    /// whether its game was quit or killed; only a format 1 journal, written before every
    /// claim was recorded, falls back to whether any input came after the last reported
    /// round. A resume is offered only when this is true.
    public var roundInPlay: Bool {
        for line in lines.reversed() {
            if case .inPlay(_, let playing) = line { return playing }
        }
        return header.recordsEveryClaim ? false : inputsSinceRound > 0
    }

    /// Inputs after the last reported round.
    public var inputsSinceRound: Int {
        var count = 0
        for line in lines {
            switch line {
            case .input: count += 1
            case .round: count = 0
            default: break
            }
        }
        return count
    }

    /// Whether every input can be replayed.
    public var isReplayable: Bool { !lines.contains(.unreplayable) }

    /// The files as the game first read them, by name.
    public var files: [String: Data?] {
        var files: [String: Data?] = [:]
        for case .file(let name, let data) in lines where files[name] == nil { files[name] = .some(data) }
        return files
    }

    /// Seconds from the start to the last input.
    public var duration: Double { inputs.last?.time ?? 0 }

    /// Seconds the round left in play was played: from the input that put it in play (its
    /// last `in-play` line turning true; in a format 1 journal, the first input after the last
    /// reported round) to the last input. Time on the game's screens before the first move,
    /// and earlier rounds, are not the round's (audit K2: "0:34 played" for a round whose
    /// finish said "in 0:06").
    public var roundTime: Double {
        var times: [Double] = []
        /// The number of the input that started the round (1 is the first).
        var start = 1
        var playing = false
        for line in lines {
            switch line {
            case .input(_, let time): times.append(time)
            case .inPlay(let count, let now):
                if now, !playing { start = count }
                playing = now
            case .round(let count) where !header.recordsEveryClaim: start = count + 1
            default: break
            }
        }
        guard let last = times.last, times.indices.contains(start - 1) else { return 0 }
        return last - times[start - 1]
    }

    /// The header's preferences, checked against the game's schema.
    public func preferences(for entry: GameEntry) throws(JournalError) -> PreferenceValues {
        var values: PreferenceValues = [:]
        for (key, json) in header.preferences.sorted(by: { $0.key < $1.key }) {
            do {
                values[key] = try entry.schema.validate(game: entry.id, key: key, json: json)
            } catch {
                throw .unreadable("its preferences are not valid: \(error)")
            }
        }
        return values
    }

    /// Refuses a journal of another game or another version of it.
    public func check(against entry: GameEntry) throws(JournalError) {
        guard header.game == entry.id else {
            throw .otherGame("it is a journal of '\(TextSanitizer.brief(header.game))', not of '\(entry.id)'")
        }
        guard header.version == entry.info.version else {
            throw .otherVersion("it was written by version \(TextSanitizer.brief(header.version)) of \(entry.info.title); this is version \(entry.info.version)")
        }
        guard isReplayable else { throw .unreadable("it holds an input no player made (a test's intent), which cannot be replayed") }
    }
}

/// Why a journal is not replayed, in words for the player.
public enum JournalError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case otherGame(String)
    case otherVersion(String)
    /// The replay reached another state than the one recorded, after `input` inputs.
    case diverged(input: Int, expected: String, found: String)
    /// What the game depends on changed since (a file of its folder).
    case changedSince(String)

    public var description: String {
        switch self {
        case .unreadable(let reason), .otherGame(let reason), .otherVersion(let reason): reason
        case let .diverged(input, expected, found):
            "the replay went elsewhere at input \(input) (state \(found), the journal recorded \(expected))"
        case .changedSince(let reason): reason
        }
    }
}
