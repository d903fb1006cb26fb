/// A new key links itself to a player it already is (Tab on the sign-up screen): it shows a
/// one-time code to type on the keys screen of a connection made with one of the player's
/// keys, or takes a code that screen showed. Either way both keys' holders are present, so
/// the link proves the new key is the player's (see `LinkCodes`).
final class LinkKeyViewModel: ViewModel {
    enum Intent: Codable, Sendable, Equatable { case edit(TextField.Edit), submit, newCode, cancel }

    struct State: Encodable {
        let code: String?
        let text: String
        let refusal: String?
    }

    /// The code this key shows, as shown; nil when none could be made (`refusal` says why).
    private(set) var code: String?
    private(set) var field = TextField(limit: 20)
    /// Why the last Enter did nothing, until the next edit.
    private(set) var refusal: String?
    private let keys: PlayerKeys
    private let key: AuthorizedKey
    private let linked: (String) -> Effect<Intent>

    /// `linked` is what happens once the key is a player's (the session goes on as them).
    init(keys: PlayerKeys, key: AuthorizedKey, linked: @escaping (String) -> Effect<Intent>) {
        self.keys = keys
        self.key = key
        self.linked = linked
        issue()
    }

    var state: State { State(code: code, text: field.text, refusal: refusal) }
    var roundInPlay: Bool? { false }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .edit(let edit):
            _ = field.apply(edit)
            refusal = nil
            return []
        case .newCode:
            issue()
            return []
        case .cancel:
            return [.pop]
        case .submit:
            let typed = field.text.trimmed
            do {
                if typed.isEmpty {
                    // The code shown here was typed on the other connection: is the key theirs now?
                    guard let name = try keys.player(for: key) else {
                        refusal = "Not linked yet: type \(code ?? "the code") on your keys screen (ssh -t HOST keys, or a in the lobby) on a connection made with a key you already use, then press Enter here."
                        return []
                    }
                    return [linked(name)]
                }
                return [linked(try keys.redeem(typed, byKey: key))]
            } catch {
                refusal = "\(error)"
                return []
            }
        }
    }

    private func issue() {
        do {
            code = PlayerKeys.shown(try keys.issueCode(for: key))
            refusal = nil
        } catch {
            code = nil
            refusal = "\(error)"
        }
    }
}

struct LinkKeyView: ScreenView {
    var minimumSize: Size { Size(width: 40, height: 10) }

    func title(_ model: LinkKeyViewModel) -> String { "Link this key" }

    func render(_ model: LinkKeyViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(10, min(size.width - 4, 72))
        let minutes = Int(PlayerKeys.codeLifetime / 60)
        var lines = DisplayWidth.wrap("Connect as you usually do, open your keys (ssh -t HOST keys, or a in the lobby) and type this code there, then press Enter here:", width: width)
        lines += ["", "    " + (model.code ?? "(no code)"), ""]
        lines += DisplayWidth.wrap("It works once, for \(minutes) minutes. Or, if your keys screen showed you a code, type it here:", width: width)
        // The code to type elsewhere stands out, indented and bold.
        let styled = lines.map { ($0, $0.hasPrefix("    ") ? Style.plain.with(bold: true) : .plain) }
        CodeForm.draw(styled, field: model.field, message: model.refusal, width: width, into: &frame)
        return frame
    }

    func bindings(_ model: LinkKeyViewModel) -> [KeyBinding<LinkKeyViewModel.Intent>] {
        [.keys(.enter, label: "link", .submit),
         .keys(.tab, label: "new code", .newCode),
         .keys(.escape, label: "back", .cancel)]
            + TextField.bindings { .edit($0) }
    }
}
