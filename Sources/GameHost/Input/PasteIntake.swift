/// What a paste put into a text field, one character at a time: the characters that changed
/// something on the screen are the paste as the game took it, and only those are journaled
/// (a full field's refusals are not the game's input, nor is a secret pasted by mistake
/// into a field that keeps 30 characters of it).
///
/// A field that took none of `giveUpAfter` characters in a row is taken to be full: the rest
/// of the paste is dropped rather than offered to it one character at a time (a 1 MB paste
/// into a name field cost seconds).
struct PasteIntake {
    static let giveUpAfter = 64

    /// The characters that went in, in order.
    private(set) var accepted = ""
    private var refusedInARow = 0

    /// Whether the field stopped taking characters.
    var isDone: Bool { refusedInARow >= Self.giveUpAfter }

    /// Notes what one character did: `changed` when the screen's state, its effects or the
    /// screen on top show it was taken. A refused one changed nothing, so a replay without it
    /// reaches the same state.
    mutating func offered(_ character: Character, changed: Bool) {
        if changed {
            accepted.append(character)
            refusedInARow = 0
        } else {
            refusedInARow += 1
        }
    }
}
