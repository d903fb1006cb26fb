@testable import GameHost
import Testing

/// A room game's kept bindings (`RoomGame.bindings(for:)`) against the top screen's own,
/// asked for again and again as lines are applied, for each seat and for a spectator.
@Suite struct RoomGameBindingsTests {
    func look(_ bindings: [ScreenBinding]) -> [String] {
        bindings.map { "\($0.keys) \($0.label) \($0.isEnabled) \($0.showsHint) \($0.acceptsText)" }
    }

    /// What a room's forwarded binding shows and sends.
    func look(_ bindings: [KeyBinding<RoomViewModel.Intent>]) -> [String] {
        bindings.map { binding in
            let sent = (binding.keys + [.character("x")]).map { "\(String(describing: binding.intent(for: $0)))" }
            return "\(binding.keys) \(binding.label) \(binding.isEnabled) \(binding.showsHint) \(binding.acceptsText) "
                + "\(String(describing: binding.refusal?([]))) \(sent)"
        }
    }

    @Test func keptBindingsAreTheTopScreensOwnAfterEveryLine() throws {
        let duel = GameEntry(DuelGame.self)
        let header = JournalHeader(journal: JournalHeader.currentFormat, game: "duel", version: duel.info.version,
                                   preferences: [:], random: SeededGenerator(seed: 7), started: 1_700_000_000, checkEvery: 20)
        var names: [String?] = ["ada", "bob"]
        let game = RoomGame(entry: duel, journal: nil, names: { names }, reported: { _ in })
        try game.start(header, files: [:])
        let lines = [RoomLine(.input(.key(.up), time: 1), seat: Seat(0)), RoomLine(.input(.key(.character("p")), time: 2), seat: Seat(1)),
                     RoomLine(.input(.key(.up), time: 3), seat: Seat(1)), RoomLine(.input(.key(.up), time: 4), seat: Seat(0)),
                     RoomLine(.input(.key(.up), time: 5), seat: Seat(0)), RoomLine(.input(.key(.up), time: 6), seat: Seat(1))]
        let forwarded = ForwardedBindings()
        func expectSame(_ step: String) throws {
            let top = try #require(game.top)
            for seat in [Seat(0), Seat(1), nil] {
                // The room's keys kept from the game's are those forwarded afresh.
                #expect(look(forwarded.bindings(from: game.bindings(for: seat)))
                        == look(ForwardedBindings.forward(top.bindings(for: seat))), "\(step), \(String(describing: seat)) forwarded")
                // Twice: the second is the kept one.
                #expect(look(game.bindings(for: seat)) == look(top.bindings(for: seat)), "\(step), \(String(describing: seat))")
                #expect(look(game.bindings(for: seat)) == look(top.bindings(for: seat)), "\(step), \(String(describing: seat)) again")
            }
        }
        try expectSame("started")
        var enabled: [String] = []
        for (index, line) in lines.enumerated() {
            game.apply(line)
            try expectSame("line \(index + 1)")
            enabled.append(look(game.bindings(for: Seat(0))).joined())
        }
        #expect(Set(enabled).count > 1, "the bindings changed along the way: \(enabled)")
        names[1] = "cy"
        try expectSame("a seat's player changed")
    }
}
