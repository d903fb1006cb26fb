import Foundation
import GameHost

/// Plays part of a round in a journaled session, stops it one of the ways a player or the
/// machine stops a game, opens the game again in a new session, resumes, and gives back the
/// screen before and after, for a test to compare.
public enum ResumeCheck {
    public enum Stop: String, CaseIterable, Sendable {
        /// q/Esc until the player is back in the launcher.
        case back
        /// Ctrl-C quits the program.
        case controlC
        /// The input ends (a closed pipe, EOF).
        case endOfInput
        /// The program killed in the middle of writing a line (a crash, a power cut).
        case killedMidWrite
    }

    public struct Outcome {
        /// The last screen of the game the player saw, as text.
        public let before: String
        /// The screen after Resume.
        public let after: String
        /// The screen the reopened game showed first ("host.resume" when it offered).
        public let offered: String?
        public let notices: [String]
        /// The session that resumed, to go on playing.
        public let driver: TestDriver
    }

    public static func run(_ games: [GameEntry], game: String, keys: [Key], stop: Stop, seed: UInt64 = 7,
                           preferences: PreferenceValues = [:], size: Size = Size(width: 80, height: 24),
                           dataDirectory: String, meanwhile: () -> Void = {}) throws -> Outcome {
        let first = try TestDriver(games: games, play: game, preferences: preferences, seed: seed, size: size,
                                   dataDirectory: dataDirectory, journals: true)
        first.press(keys)
        var before = first.text
        switch stop {
        case .back:
            while first.screenIDs.contains(where: { $0.hasPrefix(game + ".") }) {
                before = first.text
                first.press(.escape)
            }
        case .controlC:
            first.press(.control("c"))
        case .endOfInput:
            first.session.closeJournal()
        case .killedMidWrite:
            // What a kill leaves: the journal as it was written (a killed program tidies
            // nothing away), every whole line, then part of the one being written.
            let path = dataDirectory + "/" + game + "/journal.jsonl"
            let written = FileManager.default.contents(atPath: path)
            first.session.closeJournal()
            if let written {
                _ = FileManager.default.createFile(atPath: path, contents: written + Data(#"{"key":"ent"#.utf8))
            }
        }
        meanwhile()
        let second = try TestDriver(games: games, play: game, preferences: preferences, seed: seed + 1, size: size,
                                    dataDirectory: dataDirectory, journals: true)
        let offered = second.screenID
        if offered == "host.resume" { second.press(.enter) }
        return Outcome(before: before, after: second.text, offered: offered,
                       notices: second.session.noticeLog, driver: second)
    }
}
