import Foundation
import Testing
@testable import GameHost
import GameHostTesting

/// A game says when a round is in play (`ViewModel.roundInPlay`); the journal records it as
/// it changes, and a resume is offered only for a game left with a round in play.
@Suite struct RoundInPlayTests {
    /// A round starts with s, scores with ↑, ends with e (reported); b only browses.
    final class RoundsViewModel: ViewModel {
        enum Intent: String, Codable, Sendable { case start, score, end, browse }
        struct State: Encodable { var playing = false, points = 0, browsed = 0 }
        private(set) var state = State()

        var roundInPlay: Bool? { state.playing }

        func handle(_ intent: Intent) -> [Effect<Intent>] {
            switch intent {
            case .start: state.playing = true
            case .score: state.points += 1
            case .browse: state.browsed += 1
            case .end:
                guard state.playing else { return [] }
                state.playing = false
                return [.reportRound(RoundResult(score: state.points, summary: "\(state.points) points"))]
            }
            return []
        }
    }

    struct RoundsView: ScreenView {
        func title(_ model: RoundsViewModel) -> String { "Rounds" }
        func render(_ model: RoundsViewModel, in size: Size) -> Frame {
            var frame = Frame(size: size)
            frame.write("\(model.state.playing ? "playing" : "waiting") \(model.state.points)", row: 0, column: 0)
            return frame
        }
        func bindings(_ model: RoundsViewModel) -> [KeyBinding<RoundsViewModel.Intent>] {
            [.keys(.character("s"), label: "start", .start), .keys(.up, label: "score", .score),
             .keys(.character("e"), label: "end", .end), .keys(.character("b"), label: "browse", .browse)]
        }
    }

    enum RoundsGame: GameModule {
        static let info = GameInfo(id: "rounds", title: "Rounds", summary: "Says when a round is in play")
        static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
            Screen(id: "rounds.main", model: RoundsViewModel(), view: RoundsView())
        }
    }

    let games = [GameEntry(RoundsGame.self)]

    func offered(after keys: [Key], stop: ResumeCheck.Stop) throws -> (offered: String?, kept: Bool) {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var kept = false
        let outcome = try ResumeCheck.run(games, game: "rounds", keys: keys, stop: stop, dataDirectory: directory) {
            kept = FileManager.default.fileExists(atPath: directory + "/rounds/journal.jsonl")
        }
        if outcome.offered == "host.resume" { #expect(outcome.after == outcome.before) }
        return (outcome.offered, kept)
    }

    @Test(arguments: ResumeCheck.Stop.allCases)
    func inputsOutsideARoundLeaveNothingToResume(_ stop: ResumeCheck.Stop) throws {
        let result = try offered(after: [.character("b"), .up, .character("b")], stop: stop)
        #expect(result.offered == "rounds.main")
        #expect(!result.kept || stop == .killedMidWrite, "a journal with no round in play is removed")
    }

    @Test(arguments: ResumeCheck.Stop.allCases)
    func aRoundInPlayIsOffered(_ stop: ResumeCheck.Stop) throws {
        #expect(try offered(after: [.character("b"), .character("s"), .up], stop: stop).offered == "host.resume")
    }

    @Test(arguments: [ResumeCheck.Stop.controlC, .back, .endOfInput])
    func aReportedRoundIsNotOffered(_ stop: ResumeCheck.Stop) throws {
        let result = try offered(after: [.character("s"), .up, .character("e"), .character("b")], stop: stop)
        #expect(result.offered == "rounds.main")
        #expect(!result.kept)
    }

    @Test func theJournalRecordsTheClaimWhenItChanges() throws {
        let directory = TestDriver.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let driver = try TestDriver(games: games, play: "rounds", dataDirectory: directory, journals: true)
        driver.press(.character("b"), .character("s"), .up, .up, .character("e"), .character("b"))
        let journal = try Journal.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/rounds/journal.jsonl")))
        let claims = journal.lines.compactMap { line -> String? in
            if case .inPlay(let inputs, let playing) = line { return "\(inputs):\(playing)" }
            return nil
        }
        #expect(claims == ["2:true", "5:false"])
        #expect(!journal.roundInPlay)
    }

    /// A journal written before games said anything: any input after the last round counts.
    @Test func aJournalWithoutClaimsCountsInputsSinceTheRound() {
        let header = JournalHeader(journal: 1, game: "rounds", version: "1", preferences: [:],
                                   random: SeededGenerator(seed: 1), started: 0, checkEvery: 20)
        let key = JournalLine.input(.key(.up), time: 1)
        #expect(Journal(header: header, lines: [key]).roundInPlay)
        #expect(!Journal(header: header, lines: [key, .round(inputs: 1)]).roundInPlay)
        #expect(!Journal(header: header, lines: [key, .inPlay(inputs: 1, false)]).roundInPlay)
        #expect(Journal(header: header, lines: [.inPlay(inputs: 0, true), .round(inputs: 0)]).roundInPlay)
    }

    @Test func anInPlayLineRoundTrips() throws {
        let line = JournalLine.inPlay(inputs: 3, true)
        let data = try JSONEncoder().encode(line)
        #expect(String(decoding: data, as: UTF8.self).contains(#""kind":"in-play""#))
        #expect(try JSONDecoder().decode(JournalLine.self, from: data) == line)
    }
}
