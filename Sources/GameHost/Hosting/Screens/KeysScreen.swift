#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A hosted player's keys (`ssh -t HOST keys`, or `a` in the lobby): the keys they have,
/// removing one, and linking a new one with a one-time code. Pasting a public key links
/// nothing: a public key is public, so only a code shown on the new key's own connection
/// (or typed there) proves its holder is this player (see `LinkCodes`).
final class KeysViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case edit(TextField.Edit), submit, giveCode, up, down, remove, cancel }

    struct State: Encodable {
        let keys: [String]
        let selected: Int
        let code: String?
        let text: String
        let message: String?
        let confirming: Bool
    }

    let name: String
    /// The key of this connection: it cannot be removed from here.
    let connectedWith: AuthorizedKey
    private(set) var keys: [PlayerKeys.KeyInfo] = []
    private(set) var selected = 0
    /// A code this screen showed for a new key to type, as shown.
    private(set) var code: String?
    private(set) var field = TextField(limit: 20)
    /// What the last action did or why it was refused, until the next edit.
    private(set) var message: String?
    /// The selected key was asked to be removed once: the second ask removes it.
    private(set) var confirming = false
    /// Whether new keys reach a screen to link from: not on a host closed to sign-ups
    /// (`hosting.signUp` false), where an unknown key is turned away and the operator adds keys.
    let canLink: Bool
    private let store: PlayerKeys

    init(keys: PlayerKeys, name: String, connectedWith: AuthorizedKey, canLink: Bool = true) {
        store = keys
        self.name = name
        self.connectedWith = connectedWith
        self.canLink = canLink
        reload()
    }

    static let closedHost = "This host takes no new keys: an unknown key is turned away before it could show or take a code. Ask the host's operator to add your key."

    var state: State {
        State(keys: keys.map(\.key.fingerprint), selected: selected, code: code, text: field.text, message: message,
              confirming: confirming)
    }
    var roundInPlay: Bool? { false }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        if intent != .remove { confirming = false }
        switch intent {
        case .edit(let edit):
            _ = field.apply(edit)
            message = nil
        case .up:
            selected = max(0, selected - 1)
        case .down:
            selected = min(max(0, keys.count - 1), selected + 1)
        case .cancel:
            return [.pop]
        case .giveCode:
            guard canLink else {
                message = Self.closedHost
                return []
            }
            do {
                code = PlayerKeys.shown(try store.issueCode(forPlayer: name))
                message = nil
            } catch {
                message = "\(error)"
            }
        case .submit:
            guard canLink else {
                message = Self.closedHost
                return []
            }
            do {
                let key = try store.redeem(field.text.trimmed, byPlayer: name)
                _ = field.apply(.clear)
                reload()
                message = "Linked \(key.fingerprint): it now lets you in as \(name)."
            } catch {
                message = "\(error)"
            }
        case .remove:
            guard keys.indices.contains(selected) else { return [] }
            let key = keys[selected].key
            guard confirming else {
                confirming = true
                message = key == connectedWith
                    ? "That is the key of this connection: remove it from a connection made with another of your keys."
                    : "Remove \(key.fingerprint)? Press Ctrl-X again to remove it; any other key keeps it."
                if key == connectedWith { confirming = false }
                return []
            }
            confirming = false
            do {
                try store.remove(key, from: name, connectedWith: connectedWith)
                reload()
                message = "Removed \(key.fingerprint): it no longer lets anyone in as \(name)."
            } catch {
                message = "\(error)"
            }
        }
        return []
    }

    private func reload() {
        keys = store.keys(of: name)
        selected = min(selected, max(0, keys.count - 1))
    }
}

struct KeysView: ScreenView {
    var minimumSize: Size { Size(width: 40, height: 10) }

    func title(_ model: KeysViewModel) -> String { "Your keys" }

    func render(_ model: KeysViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(10, min(size.width - 4, 76))
        var lines: [(String, Style)] = DisplayWidth.wrap("\(model.name)'s keys (each one lets you in as \(model.name)):", width: width).map { ($0, .plain) }
        for (index, info) in model.keys.enumerated() {
            var notes: [String] = []
            if info.key == model.connectedWith { notes.append("this connection") }
            if info.named { notes.append("from the operator") } else if !info.proven { notes.append("not proven: lets no one in") }
            let line = (index == model.selected ? "› " : "  ") + info.key.fingerprint + " " + info.key.type
                + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
            lines.append((DisplayWidth.truncate(line, to: width), index == model.selected ? .plain.with(bold: true) : .plain))
        }
        lines.append(("", .plain))
        let minutes = Int(PlayerKeys.codeLifetime / 60)
        if !model.canLink {
            lines += DisplayWidth.wrap(KeysViewModel.closedHost, width: width).map { ($0, .plain) }
        } else if let code = model.code {
            lines += DisplayWidth.wrap("Type this code on the new key's screen (connect with it and press Tab to link it); it works once, for \(minutes) minutes:", width: width).map { ($0, .plain) }
            lines.append(("    " + code, .plain.with(bold: true)))
        } else {
            lines += DisplayWidth.wrap("To add a key, connect with it (ssh -t -i KEY HOST), press Tab on its Welcome screen and type the code it shows here. Tab here gives a code to type there instead.", width: width).map { ($0, .plain) }
        }
        CodeForm.draw(lines, field: model.field, message: model.message, width: width, into: &frame)
        return frame
    }

    func bindings(_ model: KeysViewModel) -> [KeyBinding<KeysViewModel.Intent>] {
        [.keys(.enter, label: "link", .submit),
         .keys(.tab, label: "give a code", .giveCode),
         .keys(.up, label: "previous key", hint: false, .up),
         .keys(.down, label: "next key", hint: false, .down),
         .keys(.control("x"), label: "remove the key", .remove),
         .keys(.escape, label: "back", .cancel)]
            + TextField.bindings { .edit($0) }
    }
}
