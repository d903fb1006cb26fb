import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A two-to-three seat game for the seats contract: each seat on its turn picks a secret
/// number; a seat sees its own picks, never the others' until all have picked.
private struct SecretsPreferences: Sendable, Equatable {
    var players = 2
}

private enum Secrets: GameModule {
    static let info = GameInfo(id: "secrets", title: "Secrets", summary: "Pick in turn, reveal together")
    static let preferences = PreferenceSchema(defaults: SecretsPreferences(), fields: [
        .integer("players", \.players, in: 2...3, label: "Players", help: "How many pick"),
    ])
    static func seats(_ preferences: SecretsPreferences) -> Int { preferences.players }
    static func makeRoot(_ preferences: SecretsPreferences, _ context: GameContext) -> Screen {
        Screen(id: "secrets.main", model: SecretsModel(context), view: SecretsView())
    }
}

private final class SecretsModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case pick(Int) }

    let context: GameContext
    private(set) var picks: [Int?]
    private(set) var senders: [Seat?] = []

    init(_ context: GameContext) {
        self.context = context
        picks = Array(repeating: nil, count: context.seatCount)
    }

    var state: [Int?] { picks }
    var turn: Seat? { picks.firstIndex { $0 == nil }.map(Seat.init) }
    var revealed: Bool { turn == nil }

    func handle(_ intent: Intent) -> [Effect<Intent>] { handle(intent, from: nil) }

    func handle(_ intent: Intent, from seat: Seat?) -> [Effect<Intent>] {
        senders.append(seat)
        guard let onTurn = turn, (seat ?? onTurn) == onTurn, case .pick(let number) = intent else { return [] }
        picks[onTurn.index] = number
        return []
    }

    func hidden(from seat: Seat) -> [String] {
        revealed ? [] : picks.indices.filter { $0 != seat.index }.compactMap { picks[$0].map { "picked \($0)" } }
    }
}

private struct SecretsView: ScreenView {
    func title(_ model: SecretsModel) -> String { "Secrets" }
    func render(_ model: SecretsModel, in size: Size) -> Frame { render(model, in: size, for: nil) }
    func render(_ model: SecretsModel, in size: Size, for seat: Seat?) -> Frame {
        var frame = Frame(size: size)
        for (index, pick) in model.picks.enumerated() {
            let shown = model.revealed || seat == Seat(index)
            frame.write("seat \(index): " + (pick.map { shown ? "picked \($0)" : "has picked" } ?? "…"),
                        row: index, column: 0)
        }
        return frame
    }
    func bindings(_ model: SecretsModel) -> [KeyBinding<SecretsModel.Intent>] { bindings(model, for: nil) }
    func bindings(_ model: SecretsModel, for seat: Seat?) -> [KeyBinding<SecretsModel.Intent>] {
        let mine = seat == nil || seat == model.turn
        return (1...3).map { .keys(.character(Character("\($0)")), label: "pick \($0)", enabled: mine, .pick($0)) }
    }
}

@Suite("Seats: the contract addition")
struct SeatContractTests {
    @Test("A seat is a bare number in JSON, ordered by index, and a negative one is refused in words")
    func seatCoding() throws {
        let data = try JSONEncoder().encode([Seat(0), Seat(3)])
        #expect(String(decoding: data, as: UTF8.self) == "[0,3]")
        #expect(try JSONDecoder().decode([Seat].self, from: data) == [Seat(0), Seat(3)])
        #expect(Seat(0) < Seat(1) && [Seat(2), Seat(0)].sorted() == [Seat(0), Seat(2)])
        #expect(Seat.all(3) == [Seat(0), Seat(1), Seat(2)])
        #expect(Seat(1).description == "seat 1")
        do {
            _ = try JSONDecoder().decode(Seat.self, from: Data("-1".utf8))
            Issue.record("a negative seat decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("from 0"))
        }
    }

    @Test("A context made with the old initializer has one seat on one terminal")
    func contextDefaults() {
        let store = GameContext.forTesting(gameID: "x").storage
        let old = GameContext(gameID: "x", seed: 1, storage: store, clock: { Date() })
        #expect(old.seatCount == 1 && old.seating == .oneTerminal)
        let room = GameContext(gameID: "x", seed: 1, storage: store, clock: { Date() }, seatCount: 3, seating: .room)
        #expect(room.seatCount == 3 && room.seating == .room)
        #expect(GameContext(gameID: "x", seed: 1, storage: store, clock: { Date() }, seatCount: 0).seatCount == 1)
    }

    @Test("A module that says nothing takes one seat; another says how many from its preferences")
    func entrySeats() {
        #expect(GameEntry(CounterGame.self).seats([:]) == 1)
        #expect(GameEntry(Secrets.self).seats([:]) == 2)
        #expect(GameEntry(Secrets.self).seats(["players": .integer(3)]) == 3)
    }

    @Test("A one-seat screen draws and binds the same for every seat, says no turn and hides nothing")
    func screenDefaults() {
        let context = GameContext.forTesting(gameID: "counter")
        let screen = GameEntry(CounterGame.self).makeRoot([:], context)
        let size = Size(width: 40, height: 10)
        #expect(screen.render(size, for: Seat(1)).text == screen.render(size).text)
        #expect(screen.bindings(for: Seat(1)).map(\.label) == screen.bindings().map(\.label))
        #expect(screen.turn() == nil)
        #expect(screen.hidden(from: Seat(0)).isEmpty)
        // An intent from a seat reaches a one-seat game as a plain intent.
        _ = screen.bindings(for: Seat(1)).first { $0.label == "add" }?.resolve(.up)?.perform()
        #expect((screen.model as? CounterViewModel)?.counter.value == 1)
    }

    @Test("Bindings resolved for a seat hand the intent over with that seat; the shared terminal's with nil")
    func seatReachesHandle() throws {
        let context = GameContext.forTesting(gameID: "secrets", seatCount: 2, seating: .room)
        let screen = GameEntry(Secrets.self).makeRoot([:], context)
        let model = try #require(screen.model as? SecretsModel)
        #expect(screen.turn() == Seat(0))
        // Seat 1 is not on turn: its keys are disabled and its input would be ignored anyway.
        #expect(screen.bindings(for: Seat(1)).allSatisfy { !$0.isEnabled })
        _ = screen.intent(SecretsModel.Intent.pick(2), from: Seat(1))?.perform()
        #expect(model.picks == [nil, nil] && model.senders == [Seat(1)])
        _ = screen.bindings(for: Seat(0)).first { $0.keys == [.character("2")] }?.resolve(.character("2"))?.perform()
        #expect(model.picks == [2, nil] && model.senders.last == Seat(0))
        let size = Size(width: 40, height: 10)
        #expect(screen.render(size, for: Seat(0)).text.contains("picked 2"))
        #expect(!screen.render(size, for: Seat(1)).text.contains("picked 2"))
        #expect(screen.hidden(from: Seat(1)) == ["picked 2"] && screen.hidden(from: Seat(0)).isEmpty)
        _ = screen.bindings().first { $0.keys == [.character("3")] }?.resolve(.character("3"))?.perform()
        #expect(model.senders.count == 3 && model.senders[2] == nil && model.picks == [2, 3])
        #expect(screen.turn() == nil && screen.hidden(from: Seat(1)).isEmpty)
    }

    @Test("The host starts a game with the seats its preferences ask for, on one terminal unless told")
    func sessionSeats() throws {
        let driver = try TestDriver(games: [GameEntry(Secrets.self)], play: "secrets", preferences: ["players": .integer(3)])
        let model = try #require(driver.session.topScreen?.model as? SecretsModel)
        #expect(model.context.seatCount == 3 && model.context.seating == .oneTerminal)
        driver.press(.character("2"))
        #expect(model.senders == [nil] && model.picks == [2, nil, nil])
        // Not seat 2's turn: its disabled key is refused before the game hears of it.
        driver.session.handle(.character("3"), from: Seat(2))
        #expect(model.senders == [nil] && model.picks == [2, nil, nil] && driver.session.refusal != nil)
        driver.session.handle(.character("3"), from: Seat(1))
        #expect(model.senders.last == Seat(1) && model.picks == [2, 3, nil])
    }
}
