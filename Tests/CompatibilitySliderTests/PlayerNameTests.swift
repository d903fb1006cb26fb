@testable import CompatibilitySlider
import GameHost
import Testing

/// Both players may not share a name (audit #15): the schema's rule refuses one name for
/// both, whatever its capitals, in the form and with `--set`.
@Suite struct PlayerNameTests {
    let schema = Support.entry.schema

    @Test(arguments: [("Bob", "Bob"), ("Bob", "bob"), ("  Bob", "BOB "), ("李小龍", "李小龍"), ("Player 1", "player 1")])
    func oneNameForBothIsRefused(_ first: String, _ second: String) throws {
        let conflict = try #require(schema.conflict(in: ["player1": .text(first), "player2": .text(second)]))
        #expect(conflict.keys == ["player1", "player2"])
        #expect(conflict.reason.contains("each needs a name of their own"))
        // The default second name is taken too.
        #expect(schema.conflict(in: ["player1": .text("Player 2")]) != nil)
    }

    @Test func namesOfTheirOwnAreFine() {
        #expect(schema.conflict(in: [:]) == nil)
        #expect(schema.conflict(in: ["player1": .text("Bob"), "player2": .text("Bobby")]) == nil)
        #expect(SliderPreferences(player1: "Ann", player2: "Anne").namesClash == false)
    }

    @Test func theMessageSaysWhichNamesClash() {
        #expect(schema.conflict(in: ["player1": .text("Bob"), "player2": .text("Bob")])?.reason
                == "both players would be called “Bob”; each needs a name of their own (capitals do not count)")
        #expect(schema.conflict(in: ["player1": .text("Bob"), "player2": .text("bob")])?.reason
                == "both players would be called “Bob” and “bob”; each needs a name of their own (capitals do not count)")
    }

    @Test func aNameFieldTakesAtMostTwentyCharacters() {
        guard case .text(let limit)? = schema.field("player1")?.kind else { Issue.record("no text field"); return }
        #expect(limit == 20)
        #expect(schema.field("player1")?.kind.validated(.text("Alexandria-Konstantinopolous")) == nil)
    }
}
