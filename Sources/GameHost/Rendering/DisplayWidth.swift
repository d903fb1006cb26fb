/// How many terminal cells a character or a string takes: the one width function for everything.
///
/// Emoji presentation, VS16 sequences, ZWJ sequences, flags, keycaps and East Asian wide
/// characters take 2 cells; combining marks and zero-width characters 0; unsafe controls 0
/// (they are never written). Scalar widths come from Unicode properties (`ScalarWidths`);
/// for the graphemes terminals disagree on (`WidthClass`) the width is the one this terminal
/// was measured to draw (`TerminalWidths.current`), so layout lines up where it runs.
public enum DisplayWidth {
    /// Terminal cells one character takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        // One scalar, ASCII or one that stands alone (box drawing, blocks, arrows, CJK): its own
        // width. Such a scalar is never unsafe and never joins, so the general way's string
        // comparisons and property lookups, which cost more than a cell filled with it, would
        // only say so again.
        var scalars = character.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil {
            if first.isASCII { return (0x20...0x7E).contains(first.value) ? 1 : 0 }
            if standsAlone(first) { return width(of: first) }
        }
        return measured(character)
    }

    /// `of` the general way, for any character.
    static func measured(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return (0x20...0x7E).contains(ascii) ? 1 : 0
        }
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if TextSanitizer.isUnsafe(first) { return 0 }
        // A cluster that would join the cell before it on the terminal (it starts with a mark,
        // a joiner, a skin tone…; or it is a lone regional indicator or leading Hangul jamo,
        // which pair up with their neighbour) is not drawn at all: as its own cell it would
        // make the line's text differ from its cells.
        if joinsPrevious(first) { return 0 }
        if scalars.count == 1, (0x1F1E6...0x1F1FF).contains(first.value) || (0x1100...0x115F).contains(first.value)
            || (0xA960...0xA97F).contains(first.value) {
            return 0
        }
        if scalars.count > 1 {
            if let disputed = WidthClass.of(character) {
                return TerminalWidths.current.layoutWidth(disputed, intended: 2)
            }
            for scalar in scalars.dropFirst() {
                switch scalar.value {
                // VS16 asks for emoji presentation; a keycap or a ZWJ sequence is one emoji.
                case 0xFE0F, 0x20E3: return 2
                case 0x200D where first.properties.isEmoji: return 2
                case 0x1F3FB...0x1F3FF where first.properties.isEmoji: return 2
                default: continue
                }
            }
            // A prepended sign (U+0600 ARABIC NUMBER SIGN, U+06DD END OF AYAH…) has no width
            // of its own and joins the character after it into one cluster, which is as wide
            // as that character; counted as 0, the pair would vanish from a frame.
            if width(of: first) == 0, let base = scalars.dropFirst().first(where: { width(of: $0) > 0 }) {
                return width(of: base)
            }
        }
        return width(of: first)
    }

    /// True for a scalar that attaches to whatever stands before it: a combining or spacing
    /// mark, a joiner, a variation selector, a keycap, a skin tone, a tag, a trailing jamo.
    public static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300: return false
        case 0x200C, 0x200D, 0x20E3, 0xFE00...0xFE0F, 0xFF9E, 0xFF9F, 0x1160...0x11FF, 0xD7B0...0xD7FF,
             0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    /// The width of one scalar standing alone (the start of a cluster).
    static func width(of scalar: Unicode.Scalar) -> Int {
        let width = ScalarWidths.width(of: scalar)
        if width == 2, scalar.value >= 0x1F000, let age = ScalarWidths.recentAge(scalar.value) {
            return TerminalWidths.current.layoutWidth(.emoji(age: age), intended: 2)
        }
        return width
    }

    /// True for scalars that always stand alone as a character and never join the next
    /// or the previous one: letters, symbols, box drawing, CJK, most emoji. Text made of
    /// only these can be measured scalar by scalar, without finding grapheme clusters.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x370...0x482, 0x2010...0x2027, 0x2030...0x205F,
             0x2070...0x20CF, 0x2100...0x2CEE, 0x2CF2...0x2D7E, 0x2D80...0x2DDF, 0x2E00...0x2E7F,
             0x3000...0x3029, 0x3030...0x3098, 0x309B...0x9FFF, 0xAC00...0xD7A3,
             0x1F000...0x1F1E5, 0x1F200...0x1F3FA, 0x1F400...0x1FAFF:
            return true
        default:
            return false
        }
    }

    /// Terminal cells a text takes.
    public static func of(_ text: some StringProtocol) -> Int { of(String(text)) }

    /// Terminal cells a text takes. (A `String` of its own, so that a game's call runs the
    /// specialized code rather than making the runtime look up the generic one's types.)
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        if text.unicodeScalars.allSatisfy(standsAlone) {
            return text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
        }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The longest prefix that fits in `width` cells; with `ellipsis`, a cut is marked with "…".
    public static func truncate(_ text: String, to width: Int, ellipsis: Bool = true) -> String {
        guard width > 0 else { return "" }
        if text.utf8.count <= width, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        if of(text) <= width { return text }
        let room = ellipsis ? width - 1 : width
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return ellipsis ? result + "…" : result
    }

    /// Pads with spaces on the right to exactly `width` cells (truncating if longer).
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
