/// The hosted player's one-line forms: on a key's first visit, the name to sign up with (or,
/// with Tab, linking the key to a player one already is: `LinkKeyViewModel`); a room's code.
/// What is typed is checked by `submit`, which returns the refusal in words, or nil when it
/// was taken. (A player's keys have a screen of their own, `KeysViewModel`.)
final class AccountViewModel: ViewModel {
    enum Mode: Equatable {
        /// A key seen for the first time chooses a name.
        case signUp
        /// A player types a room's code to join it (not an account's, but the same one-line form).
        case roomCode
    }

    enum Intent: Codable, Sendable, Equatable { case edit(TextField.Edit), submit, cancel, alternative }

    struct State: Encodable {
        let text: String
        let refusal: String?
    }

    let mode: Mode
    private(set) var field: TextField
    /// Why the last submission was refused, until the next edit.
    private(set) var refusal: String?
    /// Typing went past the field's limit since the last change: a name typed too long is
    /// not taken cut short without a word (audit C11); Enter says so once.
    private var cut = false
    private let submit: (String) -> String?
    private let done: (String) -> [Effect<Intent>]
    /// What Tab offers instead of the form (on the sign-up screen: linking the key), if
    /// anything; made when asked, so each Tab starts it afresh.
    let alternative: (label: String, effect: () -> Effect<Intent>)?

    /// `done` is what a taken submission does, given what was taken (end the sign-up, or
    /// join the room of that code).
    init(mode: Mode, submit: @escaping (String) -> String?, done: @escaping (String) -> [Effect<Intent>],
         alternative: (label: String, effect: () -> Effect<Intent>)? = nil) {
        self.mode = mode
        // A name has at most 20, so typing the 21st says so.
        field = TextField(limit: mode == .signUp ? HostedPlayer.longestName : 12)
        self.submit = submit
        self.done = done
        self.alternative = alternative
    }

    var state: State { State(text: field.text, refusal: refusal) }
    var roundInPlay: Bool? { false }

    func handle(_ intent: Intent) -> [Effect<Intent>] {
        switch intent {
        case .edit(let edit):
            let outcome = field.apply(edit)
            refusal = outcome != .tooLong ? nil : mode == .roomCode
                ? "A room code has \(RoomCode.length) letters." : "A name has at most \(HostedPlayer.longestName) characters."
            if outcome != .unchanged { cut = outcome == .tooLong }
            return []
        case .submit:
            if cut, mode == .signUp, !field.text.isEmpty {
                cut = false
                refusal = "A name has at most \(HostedPlayer.longestName) characters, so what you typed stops at \(field.text). Press Enter again to take that name, or change it."
                return []
            }
            let typed = field.text.trimmed
            if let refused = submit(typed) {
                refusal = refused
                return []
            }
            return done(typed)
        case .cancel:
            return [.pop]
        case .alternative:
            return alternative.map { [$0.effect()] } ?? []
        }
    }
}

struct AccountView: ScreenView {
    var minimumSize: Size { Size(width: 40, height: 8) }

    func title(_ model: AccountViewModel) -> String {
        switch model.mode {
        case .signUp: "Welcome"
        case .roomCode: "Join a room"
        }
    }

    func render(_ model: AccountViewModel, in size: Size) -> Frame {
        var frame = Frame(size: size)
        let width = max(10, min(size.width - 4, 72))
        var lines: [String] = []
        switch model.mode {
        case .signUp:
            lines += DisplayWidth.wrap("This key is new here. Choose the name other players will see: letters, digits, - and _, at most \(HostedPlayer.longestName). From now on this key is you; no password.", width: width)
            if model.alternative != nil {
                lines.append("")
                lines += DisplayWidth.wrap("Already a player here with another key? Press Tab to link this key to your player.", width: width)
            }
        case .roomCode:
            lines += DisplayWidth.wrap("Type the four letters of the room's code, as its player read them to you, and press Enter.", width: width)
        }
        // The field and why it was refused always show; the explanation above them gives way
        // on a small terminal.
        let refusal = model.refusal.map { DisplayWidth.wrap($0, width: width) } ?? []
        let room = size.height - 3 - (refusal.isEmpty ? 0 : refusal.count + 1)
        var row = 1
        for line in lines.prefix(max(0, room)) {
            frame.write(line, row: row, column: 2)
            row += 1
        }
        row = min(row + 1, max(0, size.height - 1 - (refusal.isEmpty ? 0 : refusal.count + 1)))
        let label = model.mode == .signUp ? "Name: " : "Code: "
        let column = frame.write(label, row: row, column: 2, style: .plain.with(bold: true))
        model.field.draw(into: &frame, row: row, column: column, width: max(4, size.width - column - 2))
        for (index, line) in refusal.enumerated() where row + 2 + index < size.height {
            frame.write(line, row: row + 2 + index, column: 2, style: .plain.with(bold: true))
        }
        return frame
    }

    func bindings(_ model: AccountViewModel) -> [KeyBinding<AccountViewModel.Intent>] {
        [.keys(.enter, label: model.mode == .signUp ? "sign up" : "join", .submit)]
            + (model.alternative.map { [.keys(.tab, label: $0.label, .alternative)] } ?? [])
            + [.keys(.escape, label: model.mode == .signUp ? "leave" : "back", .cancel)]
            + TextField.bindings { .edit($0) }
    }
}
