import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The lobby's "my keys": shown and acting only where the session has an account to open.
@Suite struct LobbyAccountTests {
    @Test func aOpensTheAccountWhereThereIsOne() throws {
        var opened = 0
        let withAccount = LobbyViewModel(read: { [] }, openAccount: { _ in opened += 1 }, clock: Date.init)
        #expect(LobbyView().bindings(withAccount).contains { $0.label == "my keys" })
        let effects = withAccount.handle(.account)
        #expect(effects.count == 1)
        if case .session(let name, let work)? = effects.first?.action {
            #expect(name == "account")
            let host = TestDriver.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: host) }
            work(try TestDriver(games: [GameEntry(CounterGame.self)], dataDirectory: host, player: "ada").session)
        }
        #expect(opened == 1)

        let without = LobbyViewModel(read: { [] }, clock: Date.init)
        #expect(!LobbyView().bindings(without).contains { $0.label == "my keys" })
        #expect(without.handle(.account).isEmpty)
    }
}
