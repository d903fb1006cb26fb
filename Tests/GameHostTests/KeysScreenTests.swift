import Foundation
@testable import GameHost
import Testing

/// The keys screen and the new key's link screen: a pasted public key links nothing, a code does.
@Suite struct KeysScreenTests {
    func signedUp() throws -> PlayerKeys {
        let keys = PlayerKeys(hostDirectory: HostingTests().temporaryFolder(), namedKeysPath: nil, report: { _ in })
        _ = try keys.signUp("alice", key: KeyProofTests.alice)
        return keys
    }

    func type(_ text: String, into model: KeysViewModel) {
        _ = model.handle(.edit(.clear))
        _ = model.handle(.edit(.type(text)))
    }

    func shown(_ frame: Frame) -> String {
        (0..<frame.size.height).map(frame.line).joined(separator: "\n")
    }

    /// Audit S1, attack 20: pasting an unclaimed key on the keys screen used to make it the player's.
    @Test func aPastedPublicKeyLinksNothing() throws {
        let keys = try signedUp()
        defer { try? FileManager.default.removeItem(atPath: keys.hostDirectory) }
        let model = KeysViewModel(keys: keys, name: "alice", connectedWith: KeyProofTests.alice)
        type("\(KeyProofTests.laptop) victim@laptop", into: model)
        _ = model.handle(.submit)
        #expect(model.message?.hasPrefix("A code has 8 letters and digits") == true, "\(model.message ?? "")")
        #expect(try keys.player(for: KeyProofTests.laptop) == nil)
        #expect(model.keys.count == 1)
    }

    @Test func theCodeOfTheNewKeyTypedHereLinksIt() throws {
        let keys = try signedUp()
        defer { try? FileManager.default.removeItem(atPath: keys.hostDirectory) }
        var linkedAs: String?
        let link = LinkKeyViewModel(keys: keys, key: KeyProofTests.laptop, linked: { name in
            linkedAs = name
            return .pop
        })
        let code = try #require(link.code)
        // Enter before the code was typed elsewhere: not linked yet, said so.
        #expect(link.handle(.submit).isEmpty)
        #expect(link.refusal?.hasPrefix("Not linked yet: type \(code)") == true)
        let frame = LinkKeyView().render(link, in: Size(width: 80, height: 20))
        #expect(shown(frame).contains(code))

        let model = KeysViewModel(keys: keys, name: "alice", connectedWith: KeyProofTests.alice)
        type(code, into: model)
        _ = model.handle(.submit)
        #expect(model.message == "Linked \(KeyProofTests.laptop.fingerprint): it now lets you in as alice.")
        #expect(model.keys.count == 2)
        #expect(shown(KeysView().render(model, in: Size(width: 100, height: 20))).contains(KeyProofTests.laptop.fingerprint))
        // The new key's screen now goes on as alice.
        #expect(link.handle(.submit).count == 1 && linkedAs == "alice")
    }

    @Test func aCodeGivenHereIsTypedOnTheNewKeysScreen() throws {
        let keys = try signedUp()
        defer { try? FileManager.default.removeItem(atPath: keys.hostDirectory) }
        let model = KeysViewModel(keys: keys, name: "alice", connectedWith: KeyProofTests.alice)
        _ = model.handle(.giveCode)
        let code = try #require(model.code)
        #expect(shown(KeysView().render(model, in: Size(width: 80, height: 20))).contains(code))
        var linkedAs: String?
        let link = LinkKeyViewModel(keys: keys, key: KeyProofTests.laptop, linked: { name in
            linkedAs = name
            return .pop
        })
        _ = link.handle(.edit(.type("WRONGCODE")))
        #expect(link.handle(.submit).isEmpty && link.refusal != nil)
        _ = link.handle(.edit(.clear))
        _ = link.handle(.edit(.type(code)))
        #expect(link.handle(.submit).count == 1 && linkedAs == "alice")
    }

    @Test func aHostClosedToSignUpsOffersNoCodes() throws {
        let keys = try signedUp()
        defer { try? FileManager.default.removeItem(atPath: keys.hostDirectory) }
        let model = KeysViewModel(keys: keys, name: "alice", connectedWith: KeyProofTests.alice, canLink: false)
        _ = model.handle(.giveCode)
        #expect(model.code == nil && model.message == KeysViewModel.closedHost)
        #expect(shown(KeysView().render(model, in: Size(width: 80, height: 20))).contains("This host takes no new keys"))
    }

    @Test func removingAKeyAsksTwiceAndNeverTheConnectionsOwn() throws {
        let keys = try signedUp()
        defer { try? FileManager.default.removeItem(atPath: keys.hostDirectory) }
        try keys.redeem(try keys.issueCode(forPlayer: "alice"), byKey: KeyProofTests.laptop)
        let model = KeysViewModel(keys: keys, name: "alice", connectedWith: KeyProofTests.alice)
        let own = try #require(model.keys.firstIndex { $0.key == KeyProofTests.alice })
        while model.selected != own { _ = model.handle(own > model.selected ? .down : .up) }
        _ = model.handle(.remove)
        _ = model.handle(.remove)
        #expect(model.keys.count == 2)
        #expect(model.message == "That is the key of this connection: remove it from a connection made with another of your keys.")
        _ = model.handle(own == 0 ? .down : .up)
        _ = model.handle(.remove)
        #expect(model.confirming && model.keys.count == 2)
        _ = model.handle(.remove)
        #expect(model.keys.map(\.key) == [KeyProofTests.alice])
        #expect(try keys.player(for: KeyProofTests.laptop) == nil)
    }

    /// Audit C11: a name typed past 20 characters was taken cut short on Enter, without a word.
    @Test func aNameTypedTooLongIsNotTakenCutShortWithoutAWord() {
        var taken: [String] = []
        let model = AccountViewModel(mode: .signUp, submit: { name in
            taken.append(name)
            return nil
        }, done: { _ in [.pop] })
        for letter in "abcdefghijklmnopqrstu" { _ = model.handle(.edit(.type(String(letter)))) }
        #expect(model.refusal == "A name has at most 20 characters.")
        #expect(model.handle(.submit).isEmpty && taken.isEmpty)
        #expect(model.refusal == "A name has at most 20 characters, so what you typed stops at abcdefghijklmnopqrst. Press Enter again to take that name, or change it.")
        #expect(model.handle(.submit).count == 1 && taken == ["abcdefghijklmnopqrst"])
    }

    @Test func theSignUpScreenOffersLinkingOnTab() {
        let model = AccountViewModel(mode: .signUp, submit: { _ in nil }, done: { _ in [.pop] },
                                     alternative: ("link to my player", { .notify("linking") }))
        #expect(model.handle(.alternative).count == 1)
        #expect(AccountView().bindings(model).contains { $0.label == "link to my player" })
        let frame = AccountView().render(model, in: Size(width: 80, height: 16))
        #expect(shown(frame).contains("Press Tab to link this key"))
    }
}
