/// A frame as text: what tests read and plain mode prints.
extension Frame {
    /// The frame as lines of text, trailing spaces removed: what tests and plain mode read.
    public var lines: [String] {
        (0..<size.height).map { line($0) }
    }

    /// One row as text, without trailing blanks.
    public func line(_ row: Int) -> String {
        var bytes: [UInt8] = []
        appendLine(row, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// All lines joined with newlines, trailing empty lines removed.
    public var text: String { String(decoding: textBytes(), as: UTF8.self) }

    /// The frame as plain mode prints it: its text, then a rule of dashes as wide as the frame.
    public var plainPage: [UInt8] { plainPage(narrowGlyphs: false) }

    /// The page with `narrowGlyphs`: the glyphs some terminals draw 2 cells wide (box
    /// drawing, blocks, triangles…) written as their ASCII stand-ins (`NarrowGlyphs`), as
    /// the encoder writes them for such a terminal: for a dumb terminal, never measured.
    /// With `ascii`, every cell is ASCII (`ASCIIText`): for a terminal whose locale says it
    /// does not decode UTF-8.
    public func plainPage(narrowGlyphs: Bool, ascii: Bool = false) -> [UInt8] {
        var bytes = textBytes(narrowGlyphs: narrowGlyphs, ascii: ascii)
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: size.width))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // Text is built as UTF-8 bytes: appending scalar by scalar to a string costs several
    // times more, and plain mode turns every frame into text.
    private func textBytes(narrowGlyphs: Bool = false, ascii: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(slots.count + size.height)
        for row in 0..<size.height {
            if row > 0 { bytes.append(UInt8(ascii: "\n")) }
            appendLine(row, to: &bytes, narrowGlyphs: narrowGlyphs, ascii: ascii)
        }
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return bytes
    }

    private func appendLine(_ row: Int, to bytes: inout [UInt8], narrowGlyphs: Bool = false, ascii: Bool = false) {
        let start = row * size.width
        var end = start + size.width
        while end > start, slots[end - 1].code == 0x20 || slots[end - 1].width == 0 { end -= 1 }
        for index in start..<end where slots[index].width != 0 {
            let slot = slots[index]
            if ascii, slot.code >= 0x80 {
                bytes.append(contentsOf: ASCIIText.bytes(slot.code, isCluster: slot.isCluster, width: Int(slot.width)))
            } else if slot.isCluster {
                bytes.append(contentsOf: clusters[Int(slot.code & ~Slot.clusterFlag)].utf8)
            } else if narrowGlyphs, slot.width == 1, let standIn = NarrowGlyphs.standIn(slot.code) {
                bytes.append(standIn)
            } else if let scalar = Unicode.Scalar(slot.code) {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }

    /// Lines joined with newlines, trailing empty lines removed.
    public static func join(_ lines: [String]) -> String {
        var lines = lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return join(lines, separator: "\n")
    }

    /// Texts with a separator between them, as `joined(separator:)` makes them. By hand: on
    /// the way to a first frame `joined` runs unspecialized, and its type lookups showed in
    /// the cost of every start.
    public static func join(_ texts: [String], separator: String) -> String {
        var result = ""
        for index in texts.indices {
            if index > 0 { result += separator }
            result += texts[index]
        }
        return result
    }
}
