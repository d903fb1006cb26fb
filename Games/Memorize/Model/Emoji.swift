#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which characters count as emoji for a theme, and in which form they are kept.
///
/// A card shows one emoji in two terminal cells, so only characters a terminal presents as
/// emoji are accepted: emoji-presentation characters, VS16 sequences, keycaps, skin tones,
/// ZWJ sequences and flags. A text-style emoji such as "☺" gets VS16 added so it is shown
/// as an emoji; letters, digits and other symbols are refused.
enum Emoji {
    private static let variationSelect16: Unicode.Scalar = "\u{FE0F}"
    private static let textPresentation: Unicode.Scalar = "\u{FE0E}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let keycap: Unicode.Scalar = "\u{20E3}"
    private static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF
    private static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    /// Tag characters, as in the flags of England, Scotland and Wales.
    private static let tags: ClosedRange<UInt32> = 0xE0020...0xE007F

    /// The emoji as a theme stores it, or nil when the character is not an emoji.
    static func normalized(_ character: Character) -> String? {
        let scalars = Array(character.unicodeScalars)
        // A skin tone on its own is a modifier, not an emoji: it joins whatever stands before it.
        guard let first = scalars.first, !first.isASCII || scalars.contains(keycap), !skinTones.contains(first.value),
              first.properties.isEmoji, !scalars.contains(textPresentation) else { return nil }
        // An emoji sequence is built of emoji, joiners, VS16, keycaps and tags; anything else
        // riding on it (hundreds of combining accents, say) makes it not an emoji.
        let isSequence = scalars.dropFirst().allSatisfy {
            $0.properties.isEmoji || $0 == variationSelect16 || $0 == zeroWidthJoiner || $0 == keycap
                || tags.contains($0.value)
        }
        guard isSequence else { return nil }
        if regionalIndicators.contains(first.value) {
            // A flag is exactly two regional indicators; one alone is a letter in a box.
            let isFlag = scalars.count == 2 && scalars.allSatisfy { regionalIndicators.contains($0.value) }
            return isFlag ? String(character) : nil
        }
        if first.properties.isEmojiPresentation { return String(character) }
        let presentsAsEmoji = scalars.dropFirst().contains {
            $0 == variationSelect16 || $0 == keycap || $0 == zeroWidthJoiner || skinTones.contains($0.value)
        }
        if presentsAsEmoji { return String(character) }
        return scalars.count == 1 ? String(character) + String(variationSelect16) : nil
    }

    /// True for one character that is an emoji in the form a theme keeps.
    static func isValid(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        if let only = scalars.next(), scalars.next() == nil {
            // One scalar, the usual case: valid exactly when it is shown as an emoji as it is
            // (anything else would need VS16 added, or is no emoji at all).
            return only.properties.isEmojiPresentation && !regionalIndicators.contains(only.value)
                && !skinTones.contains(only.value)
        }
        guard text.count == 1, let character = text.first else { return false }
        return normalized(character) == text
    }
}
