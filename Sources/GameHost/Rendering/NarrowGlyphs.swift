/// ASCII stand-ins for the glyphs East Asian ambiguous terminals draw 2 cells wide (box
/// drawing, blocks, arrows, dashes, quotes, stars…), so a screen keeps its shape there. The
/// encoder maps through it, so games need no code: they draw as usual.
enum NarrowGlyphs {
    /// The stand-in for a scalar, or nil when it is drawn 1 cell wide everywhere.
    static func standIn(_ value: UInt32) -> UInt8? {
        guard value >= 0xA0, value < 0x2700 else { return nil }
        if value < 0x2010 {
            switch value {
            case 0xB7: return UInt8(ascii: ".")
            case 0xD7: return UInt8(ascii: "x")
            case 0xB0: return UInt8(ascii: "o")
            default: return nil
            }
        }
        return table[Int(value - 0x2010)] == 0 ? nil : table[Int(value - 0x2010)]
    }

    /// U+2010..<U+2700, worked out once from the glyphs' Unicode names.
    private static let table: [UInt8] = (UInt32(0x2010)..<0x2700).map { value in
        guard let name = Unicode.Scalar(value)?.properties.name else { return 0 }
        return standIn(named: name, value).map { UInt8(ascii: $0) } ?? 0
    }

    private static func standIn(named name: String, _ value: UInt32) -> Unicode.Scalar? {
        switch value {
        case 0x2010...0x2015, 0x2212: return "-"
        case 0x2018, 0x2019: return "'"
        case 0x201C, 0x201D: return "\""
        case 0x2026: return "."
        case 0x2022, 0x25CF, 0x25C9, 0x25CE: return "*"
        case 0x25CB: return "o"
        case 0x2265: return ">"
        case 0x2264: return "<"
        case 0x2500...0x257F:
            // Box drawing: lines by their direction, corners and junctions as "+".
            let horizontal = name.contains("HORIZONTAL"), vertical = name.contains("VERTICAL")
            if horizontal && !vertical && !name.contains(" AND ") { return "-" }
            if vertical && !horizontal && !name.contains(" AND ") { return "|" }
            if name.contains("DIAGONAL") { return name.contains("UPPER RIGHT TO LOWER LEFT") ? "/" : "\\" }
            return "+"
        case 0x258F, 0x2590, 0x2595: return "|"
        case 0x2580...0x259F: return "#"
        case 0x2190...0x21FF:
            if name.contains("LEFT RIGHT") || name.contains("UP DOWN") { return nil }
            if name.contains("LEFTWARDS") { return "<" }
            if name.contains("RIGHTWARDS") { return ">" }
            if name.contains("UPWARDS") { return "^" }
            if name.contains("DOWNWARDS") { return "v" }
            return nil
        case 0x25A0...0x25FF:
            if name.contains("UP-POINTING") { return "^" }
            if name.contains("DOWN-POINTING") { return "v" }
            if name.contains("RIGHT-POINTING") { return ">" }
            if name.contains("LEFT-POINTING") { return "<" }
            if name.contains("SQUARE") { return "#" }
            return nil
        case 0x2605, 0x2606: return "*"
        default: return nil
        }
    }
}

/// Text for a terminal that does not decode UTF-8 (its locale says C or POSIX, and the probe
/// did not find otherwise): every cell in ASCII, so no byte of a UTF-8 sequence is shown as
/// two or three wrong characters that push the rest of the row aside.
enum ASCIIText {
    /// The bytes for one grapheme of `width` cells: its narrow stand-in where it has one
    /// (box drawing, arrows, `‹ ›`…), else `?`, then spaces to fill its cells.
    static func bytes(_ value: UInt32, isCluster: Bool, width: Int) -> [UInt8] {
        let first = isCluster ? UInt8(ascii: "?") : standIn(value)
        return [first] + Array(repeating: UInt8(ascii: " "), count: max(0, width - 1))
    }

    static func standIn(_ value: UInt32) -> UInt8 {
        if value < 0x80 { return UInt8(value) }
        if width1Only(value), let narrow = NarrowGlyphs.standIn(value) { return narrow }
        switch value {
        case 0xA0: return UInt8(ascii: " ")
        case 0x2039, 0xAB: return UInt8(ascii: "<")
        case 0x203A, 0xBB: return UInt8(ascii: ">")
        case 0x2713, 0x2714: return UInt8(ascii: "v")
        case 0x2717, 0x2718: return UInt8(ascii: "x")
        default: return UInt8(ascii: "?")
        }
    }

    /// Stand-ins are for 1-cell glyphs; a 2-cell one (an emoji among the arrows) gets `?`.
    private static func width1Only(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return !scalar.properties.isEmojiPresentation
    }

    /// True when the locale says the terminal's characters are ASCII: the first of LC_ALL,
    /// LC_CTYPE and LANG that is set (and not empty) is C or POSIX, as POSIX picks a
    /// locale's character set. A locale named with UTF-8 (C.UTF-8), another locale, or none at
    /// all (common over SSH) says nothing: the terminal is taken to decode UTF-8.
    static func localeIsASCII(_ environment: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value == "C" || value == "POSIX"
        }
        return false
    }
}
