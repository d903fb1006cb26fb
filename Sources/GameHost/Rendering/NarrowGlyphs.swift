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
