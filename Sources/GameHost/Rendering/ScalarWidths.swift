/// The width of one scalar, worked out from the standard library's Unicode properties, so
/// a newer toolchain brings newer tables with it and no range here goes stale.
///
/// Swift exposes emoji presentation, ideographs and radicals as properties but not East
/// Asian Width; the other wide scripts (kana, hangul, fullwidth forms, CJK punctuation…) are
/// found by their Unicode names, which the standard library also carries.
enum ScalarWidths {
    /// Width of a scalar standing alone: 0, 1 or 2.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return TextSanitizer.isUnsafe(scalar) ? 0 : 1 }
        // Punctuation, arrows, box drawing and symbols are drawn on every frame, and emoji on
        // most cards: looking their properties up each time was most of the cost of a frame.
        if value >= 0x2010, value < 0x2E80 { return Int(symbols[Int(value - 0x2010)] & 3) }
        if value >= 0x1F000, value < 0x1FB00 { return Int(emoji[Int(value - 0x1F000)] & 3) }
        return fromProperties(scalar)
    }

    /// True for a scalar with emoji presentation newer than what terminals have long agreed
    /// on: a terminal whose tables are older draws it 1 or 0 cells wide.
    static func isRecentEmoji(_ value: UInt32) -> Bool {
        if value >= 0x1F000, value < 0x1FB00 { return emoji[Int(value - 0x1F000)] & recentFlag != 0 }
        if value >= 0x2010, value < 0x2E80 { return symbols[Int(value - 0x2010)] & recentFlag != 0 }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return isRecent(scalar)
    }

    /// Emoji before Unicode 11 (2018) are in every terminal's tables by now.
    static let recentSince = (major: 11, minor: 0)

    static func isRecent(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.isEmojiPresentation, let age = scalar.properties.age else { return false }
        return (age.major, age.minor) >= recentSince
    }

    private static let recentFlag: UInt8 = 0x80

    private static func table(_ range: Range<UInt32>) -> [UInt8] {
        range.map { value in
            let scalar = Unicode.Scalar(value)!
            return UInt8(fromProperties(scalar)) | (isRecent(scalar) ? recentFlag : 0)
        }
    }

    private static let symbols = table(0x2010..<0x2E80)
    private static let emoji = table(0x1F000..<0x1FB00)

    /// The width from Unicode properties; the reference the fast paths are tested against.
    static func fromProperties(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return TextSanitizer.isUnsafe(scalar) ? 0 : 1 }
        if TextSanitizer.isUnsafe(scalar) { return 0 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        // Unassigned code points in the ideograph planes are reserved for ideographs.
        case .unassigned: return (0x20000...0x3FFFD).contains(value) ? 2 : 1
        case .control, .surrogate, .privateUse: return 1
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        if value < 0x1100 { return 1 }
        if properties.isIdeographic || properties.isUnifiedIdeograph || properties.isRadical { return 2 }
        // CJK symbols and punctuation, enclosed CJK letters and CJK compatibility are wide as
        // blocks, brackets and circled numbers whose names say nothing of it included (but
        // the half fill space and the circled numbers on black squares).
        if value >= 0x3000, value < 0x3400 { return value == 0x303F || (0x3248...0x324F).contains(value) ? 1 : 2 }
        guard let name = properties.name else { return 1 }
        if wideNames.contains(where: name.hasPrefix) { return 2 }
        // "SQUARE …" and "SMALL …" are CJK compatibility and small forms from U+3000 on,
        // and mathematical or geometric symbols (narrow) below.
        return value >= 0x3000 && (name.hasPrefix("SQUARE ") || name.hasPrefix("SMALL ")) ? 2 : 1
    }

    /// Name prefixes of the East Asian wide scripts and forms that are not ideographs.
    private static let wideNames = [
        "CJK ", "IDEOGRAPHIC ", "HIRAGANA ", "KATAKANA ", "KATAKANA-HIRAGANA ", "BOPOMOFO ",
        "HANGUL SYLLABLE ", "HANGUL CHOSEONG ", "HANGUL LETTER ", "HANGUL FILLER", "PARENTHESIZED HANGUL ",
        "CIRCLED HANGUL ", "PARENTHESIZED IDEOGRAPH ", "CIRCLED IDEOGRAPH ", "FULLWIDTH ",
        "YI SYLLABLE ", "YI RADICAL ", "KANBUN ", "TANGUT ", "KHITAN ", "NUSHU ", "HENTAIGANA ",
        "SQUARED CJK ", "PRESENTATION FORM FOR VERTICAL ", "LEFT-POINTING ANGLE BRACKET",
        "RIGHT-POINTING ANGLE BRACKET", "KANA ", "VERTICAL KANA ",
    ]
}
