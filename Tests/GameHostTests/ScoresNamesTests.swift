import Foundation
@testable import GameHost
import Testing

/// A round's players are kept apart from its summary and shown whole where the Scores
/// screen has room, cut with "…" only where it has not (audit #20).
@Suite struct ScoresNamesTests {
    static func round(_ players: [String], score: Int = 100, at hour: Double = 0) -> RoundResult {
        var round = RoundResult(score: score, maximum: 100, summary: "\(score)% compatible", duration: 61,
                                players: players)
        round.date = Date(timeIntervalSince1970: 1_780_000_000 + hour * 3_600)
        return round
    }

    static func lines(_ rounds: [RoundResult], _ size: Size) -> [String] {
        let model = ScoresViewModel(game: GameInfo(id: "pairs", title: "Pairs", summary: "Two players"),
                                    rounds: rounds, timeZone: TimeZone(identifier: "UTC")!)
        return ScoresView().render(model, in: size).lines
    }

    @Test func namesAreWholeWhereThereIsRoom() {
        let long = Self.round(["Alexandria-Konstantinopolous", "Player 2"])
        let rounds = [long, Self.round(["Player 1", "Player 2"], score: 60, at: 1)]
        let wide = Self.lines(rounds, Size(width: 200, height: 40))
        #expect(wide.contains { $0.contains("Best") && $0.contains("Recent") }, "still side by side")
        #expect(wide.filter { $0.contains("100% compatible · Alexandria-Konstantinopolous & Player 2") }.count == 2)
        #expect(wide.filter { $0.contains("60% compatible · Player 1 & Player 2") }.count == 2)
        #expect(!wide.joined().contains("…"))
        // A classic terminal has the room for the names of a short round too.
        let classic = Self.lines(rounds, Size(width: 80, height: 24))
        #expect(classic.contains { $0.contains("60% compatible · Player 1 & Player 2") })
    }

    @Test func namesAreCutOnlyWhereThereIsNoRoomLongestFirst() {
        let round = Self.round(["Alexandria-Konstantinopolous", "Al"])
        #expect(ScoresViewModel.result(round) == "100% compatible · Alexandria-Konstantinopolous & Al")
        #expect(ScoresViewModel.result(round, width: 40) == "100% compatible · Alexandria-Konst… & Al")
        #expect(ScoresViewModel.result(Self.round(["Bartholomew", "Konstantin"]), width: 32)
                == "100% compatible · Bart… & Konst…")
        // Too narrow for even short names: the whole is cut, marked.
        #expect(ScoresViewModel.result(round, width: 12) == "100% compat…")
        // Rounds without players (other games, older files) show their summary as it is.
        #expect(ScoresViewModel.result(RoundResult(score: 3, summary: "3 of 5 correct")) == "3 of 5 correct")
        // At 80 columns the long name is cut, marked, and the time and date still show.
        let classic = Self.lines([round], Size(width: 80, height: 24))
        let row = classic.first { $0.contains("100% compatible") } ?? ""
        #expect(row.contains("Alexandria-") && row.contains("… & Al") && row.contains("1:01") && row.contains("2026-"))
    }

    @Test func aRoundDecodesWithOrWithoutPlayers() throws {
        let old = #"{"score": 80, "maximum": 100, "summary": "80% compatible · Ada & Grace"}"#
        let decoded = try JSONDecoder().decode(RoundResult.self, from: Data(old.utf8))
        #expect(decoded.players == nil && ScoresViewModel.result(decoded) == "80% compatible · Ada & Grace")
        let new = try JSONDecoder().decode(RoundResult.self, from: JSONEncoder().encode(Self.round(["Ada", "Grace"])))
        #expect(new.players == ["Ada", "Grace"])
    }
}
