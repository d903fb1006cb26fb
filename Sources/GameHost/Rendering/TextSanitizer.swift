/// Keeps text from data (names, typed emoji, config strings) inert on a terminal.
///
/// C0 and C1 controls would move the cursor or start escape sequences; bidi overrides and
/// isolates would reorder what the player reads. They are removed, never written.
public enum TextSanitizer {
    /// Whether the scalar is one that is never written: a control, or a bidi override or isolate.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        case 0x2028, 0x2029, 0xFFF9...0xFFFB: return true
        default: return false
        }
    }

    /// The text without unsafe scalars; newlines and tabs become spaces so one line stays one line.
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                scalars.append(" ")
            } else if !isUnsafe(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Text from data quoted in a message: clean, and cut to `limit` characters, so a
    /// 10,000-character value still gives a message of one short line.
    public static func brief(_ text: String, limit: Int = 40) -> String {
        let clean = clean(text)
        guard clean.count > limit else { return clean }
        return clean.prefix(limit) + "… (\(text.count) characters)"
    }

    /// True when the text has something a terminal would act on rather than show.
    public static func hasUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnsafe)
    }
}
