/// ASCII stand-ins for the glyphs East Asian ambiguous terminals draw 2 cells wide (box
/// drawing, blocks, arrows, dashes, quotes, stars…), so a screen keeps its shape there. The
/// encoder maps through it, so games need no code: they draw as usual.
enum NarrowGlyphs {
    /// The stand-in for a scalar, or nil when it is drawn 1 cell wide everywhere.
    static func standIn(_ value: UInt32) -> UInt8? {
        switch value {
        case 0xB7, 0x2026: UInt8(ascii: ".")
        case 0xD7: UInt8(ascii: "x")
        case 0xB0: UInt8(ascii: "o")
        case 0x2010...0x2015, 0x2212: UInt8(ascii: "-")
        case 0x2018, 0x2019: UInt8(ascii: "'")
        case 0x201C, 0x201D: UInt8(ascii: "\"")
        case 0x2022, 0x2605, 0x2606: UInt8(ascii: "*")
        case 0x2264: UInt8(ascii: "<")
        case 0x2265: UInt8(ascii: ">")
        case 0x2190...0x21FF: lookUp(arrows, value - 0x2190)
        case 0x2500...0x257F: lookUp(boxDrawing, value - 0x2500)
        case 0x2580...0x259F: lookUp(blocks, value - 0x2580)
        case 0x25A0...0x25FF: lookUp(shapes, value - 0x25A0)
        default: nil
        }
    }

    // The blocks below, 16 scalars a row as in the Unicode charts, a space where a glyph has
    // no stand-in. They were worked out from the glyphs' Unicode names (a test checks that they
    // still are): they are written out because looking the names up at the first frame read
    // 400 kB of the standard library's name tables into every hosted session that needed them.

    /// U+2190–21FF, by the direction in the name ("LEFTWARDS" <, "UPWARDS" ^…); none for
    /// two-way arrows ("LEFT RIGHT", "UP DOWN") or a name without a direction.
    private static let arrows: [StaticString] = [
        "<^>v      <><><^", ">v<><^>v <><>  v", "<><>><   <  <<><", ">>><<<<<^>v<<< >",
        "<^>v      <><>^v", "<^>v<><^>v^^^^^^", ">    <><> <> <> ",
    ]

    /// U+2500–257F: lines by their direction ("HORIZONTAL" -, "VERTICAL" |, diagonals / and
    /// \), corners and junctions "+".
    private static let boxDrawing: [StaticString] = [
        "--||--||--||++++", "++++++++++++++++", "++++++++++++++++", "++++++++++++++++",
        "++++++++++++--||", "-|++++++++++++++", "++++++++++++++++", "+/\\\\++++++++++++",
    ]

    /// U+2580–259F: "#", but the left and right one-eighth and half blocks "|".
    private static let blocks: [StaticString] = ["###############|", "|####|##########"]

    /// U+25A0–25FF: triangles by the way they point, squares "#", circles "o" and "*".
    private static let shapes: [StaticString] = [
        "############    ", "  ^^^^>>>>>>vvvv", "<<<<<<   * o  **", "                ",
        "       #####^^^ ", "####       #### ",
    ]

    private static func lookUp(_ rows: [StaticString], _ offset: UInt32) -> UInt8? {
        let byte = rows[Int(offset / 16)].utf8Start[Int(offset % 16)]
        return byte == UInt8(ascii: " ") ? nil : byte
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
