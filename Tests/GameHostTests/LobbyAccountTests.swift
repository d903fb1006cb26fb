import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The lobby's "my keys": shown and acting only where the session has an account to open.
@Suite struct LobbyAccountTests {
    @Test func aOpensTheAccountWhereThereIsOne() throws {
        let withAccount = LobbyViewModel(read: { [] }, hasAccount: true, clock: Date.init)
        #expect(LobbyView().bindings(withAccount).contains { $0.label == "my keys" })
        #expect(withAccount.handle(.account).map(\.hostRequest) == [.account])

        let without = LobbyViewModel(read: { [] }, clock: Date.init)
        #expect(!LobbyView().bindings(without).contains { $0.label == "my keys" })
        #expect(without.handle(.account).isEmpty)
    }
}
