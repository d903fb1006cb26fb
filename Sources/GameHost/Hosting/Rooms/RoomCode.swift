/// A room's code: four letters a player reads aloud to a friend ("join K-M-A-X"), from an
/// alphabet with no look-alikes (no I/L/1, O/Q/0, U/V, S/5, Z/2, B/8) and no letters that
/// rhyme when spoken (of B C D E G P T V Z only C is kept), so nothing is misheard or misread.
public struct RoomCode: Hashable, Sendable, CustomStringConvertible {
    /// The letters a code is made of.
    public static let alphabet: [Character] = Array("ACFHJKMNRWXY")
    public static let length = 4

    public let text: String

    /// A code of random letters.
    public static func random<Generator: RandomNumberGenerator>(using generator: inout Generator) -> RoomCode {
        RoomCode(checked: String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    private init(checked text: String) {
        self.text = text
    }

    /// A code as a player typed it: case and spaces or dashes between letters do not matter.
    /// Throws a message naming what was wrong and the letters allowed.
    public init(parsing typed: String) throws(RoomCodeError) {
        let letters = typed.uppercased().filter { $0 != " " && $0 != "-" }
        if let wrong = letters.first(where: { !Self.alphabet.contains($0) }) {
            throw RoomCodeError("“\(TextSanitizer.brief(String(wrong)))” is not in a room code: codes use only "
                                + String(Self.alphabet) + ".")
        }
        guard letters.count == Self.length else {
            throw RoomCodeError("A room code has \(Self.length) letters; “\(TextSanitizer.brief(typed))” has \(letters.count).")
        }
        text = letters
    }

    public var description: String { text }
}

/// Why a typed room code is refused, in words for the player.
public struct RoomCodeError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
