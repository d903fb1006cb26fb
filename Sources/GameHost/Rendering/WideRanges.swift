/// East Asian Wide and Fullwidth code points (UAX #11), which Swift's Unicode properties
/// do not expose. Emoji with emoji presentation are found through `isEmojiPresentation`
/// instead, so they are not repeated here.
enum WideRanges {
    static let ranges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x303E,   // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,   // CJK extension A
        0x4E00...0x9FFF,   // CJK unified ideographs
        0xA000...0xA4CF,   // Yi
        0xA960...0xA97F,   // Hangul Jamo extended A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x16FE4, // ideographic symbols
        0x17000...0x18CFF, // Tangut
        0x1AFF0...0x1B2FF, // Kana extended and supplement, Nushu
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x2FFFD, // CJK extensions B–F
        0x30000...0x3FFFD, // CJK extensions G–H
    ]

    static func contains(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Widths for U+2010..<U+2E80 (punctuation, arrows, math, box drawing, symbols,
    /// dingbats): 1, but for the scalars with emoji presentation (2), the angle brackets
    /// (2), and the invisible and combining ones (0). A test checks it against the
    /// Unicode properties scalar by scalar.
    static func symbolWidth(_ value: UInt32) -> Int {
        switch value {
        case 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0x20D0...0x20F0, 0x2CEF...0x2CF1,
             0x2D7F, 0x2DE0...0x2DFF:
            return 0
        case 0x2329...0x232A: return 2
        default: return emojiPresentation.contains(value) ? 2 : 1
        }
    }

    /// The scalars from U+2010 to U+2E7F with emoji presentation (Unicode 15).
    static let emojiPresentation: Set<UInt32> = {
        var set = Set<UInt32>()
        let ranges: [ClosedRange<UInt32>] = [
            0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE,
            0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
            0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4,
            0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD,
            0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E,
            0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF,
            0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        ]
        for range in ranges { set.formUnion(range) }
        return set
    }()

    /// Widths of U+1F000..<U+1FB00, where most emoji live, worked out once from the
    /// Unicode properties the first time an emoji is drawn.
    static let emojiBlockWidths: [UInt8] = (0x1F000..<0x1FB00).map { value in
        UInt8(DisplayWidth.propertyWidth(of: Unicode.Scalar(UInt32(value))!))
    }
}
