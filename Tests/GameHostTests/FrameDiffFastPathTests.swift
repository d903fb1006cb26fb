@testable import GameHost
import Testing

/// The diff, frame equality and the encoder's escape sequences take fast paths (slots compared
/// as words, sequences written as bytes); each must give what the plain definition gives, on
/// frames made to be awkward: clusters stored at other places, wide characters cut at the
/// edges, styles alone changed, frames of another size, frames that did not change.
@Suite struct FrameDiffFastPathTests {
    /// A small deterministic generator (SplitMix64), so a failure names a seed that repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static let texts = ["a", "bc", "中", "中文x", "🇫🇷", "é\u{301}", "é", "👍🏽", "─┼", "  ", "x🇫🇷y", "👨‍👩‍👧", "❤️", "🪿",
                        "ab中", "█▀▄", "↑←", "😀"]
    static let swaps = [("🇫🇷", "👍🏽"), ("é\u{301}", "o\u{302}"), ("👨‍👩‍👧", "🇯🇵")]
    static let styles = [Style.plain, .bold, Style(foreground: .red), Style(background: .teal, reverse: true), .dim,
                         Style(foreground: .orange, background: .blue, bold: true, underline: true)]
    static let sizes = [Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 3, height: 2),
                        Size(width: 7, height: 3), Size(width: 13, height: 4), Size(width: 23, height: 12)]

    typealias Step = (inout Frame) -> Void

    /// Writes, fills, restyles and frames drawn in, at places that cut wide characters at both edges.
    /// With `swapped`, each cluster of several scalars is another of the same width: the
    /// frames store their clusters at the same places, and show other ones.
    static func steps(_ generator: inout Generator, size: Size, count: Int, swapped: Bool = false) -> [Step] {
        (0..<count).map { _ -> Step in
            var text = texts[generator.next(texts.count)]
            if swapped { text = swaps.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) } }
            let style = styles[generator.next(styles.count)]
            let row = generator.next(size.height), column = generator.next(size.width + 3) - 2
            switch generator.next(6) {
            case 0:
                let width = generator.next(size.width + 1)
                return { $0.fill(row: row, column: column, width: width, style: style) }
            case 1:
                let width = generator.next(3) + 1
                return { $0.restyle(row: row, column: column, width: width) { $0.bold.toggle() } }
            case 2:
                var inner = Frame(size: Size(width: generator.next(5) + 1, height: generator.next(2) + 1))
                inner.write(text + text, row: 0, column: generator.next(2), style: style)
                let down = generator.next(size.height + 1) - 1
                return { $0.draw(inner, row: down, column: column) }
            default:
                return { $0.write(text, row: row, column: column, style: style) }
            }
        }
    }

    static func frame(_ size: Size, _ steps: [Step], junk: Int = 0) -> Frame {
        var frame = Frame(size: size)
        // Clusters written and covered again: the same cells, with their clusters stored elsewhere.
        for index in 0..<junk {
            frame.write(index % 2 == 0 ? "🇯🇵" : "a\u{308}", row: 0, column: 0)
            frame.write("  ", row: 0, column: 0)
        }
        for step in steps { step(&frame) }
        return frame
    }

    /// The diff by its definition: every cell (not a continuation) whose character, style or width differs.
    static func plainDiff(_ new: Frame, from old: Frame?) -> [String] {
        let old = old?.size == new.size ? old! : Frame(size: new.size)
        var changes: [String] = []
        for row in 0..<new.size.height {
            for column in 0..<new.size.width where new[row, column].width != 0 && new[row, column] != old[row, column] {
                changes.append(describe(new.change(row: row, column: column)))
            }
        }
        return changes
    }

    static func describe(_ change: CellChange) -> String {
        "\(change.row),\(change.column)=\(change.character) \(change.width) \(change.style) \(String(describing: change.scalar))"
    }

    static func plainEqual(_ a: Frame, _ b: Frame) -> Bool {
        guard a.size == b.size else { return false }
        for row in 0..<a.size.height {
            for column in 0..<a.size.width where a[row, column] != b[row, column] { return false }
        }
        return true
    }

    /// Pairs of frames: the same drawing with clusters stored elsewhere, that drawing changed a
    /// little, a frame of another size, and none.
    static func pairs(seed: UInt64) -> [(old: Frame?, new: Frame, case: String)] {
        var generator = Generator(state: seed)
        var pairs: [(Frame?, Frame, String)] = []
        for size in sizes {
            for round in 0..<12 {
                let drawing = steps(&generator, size: size, count: generator.next(8) + 1)
                let old = frame(size, drawing)
                let same = frame(size, drawing, junk: generator.next(3) + 1)
                let changed = frame(size, drawing + steps(&generator, size: size, count: generator.next(3) + 1),
                                    junk: generator.next(2))
                var replay = generator
                let swapped = frame(size, steps(&replay, size: size, count: 6, swapped: true))
                let unswapped = frame(size, steps(&generator, size: size, count: 6))
                let other = sizes[generator.next(sizes.count)]
                let label = "\(size) round \(round) seed \(seed)"
                pairs += [(old, old, "itself, " + label), (old, same, "same, " + label), (same, old, "same back, " + label),
                          (old, changed, "changed, " + label), (changed, old, "changed back, " + label),
                          (nil, changed, "none, " + label), (unswapped, swapped, "other clusters, " + label), (frame(other, drawing), changed, "resized, " + label)]
            }
        }
        return pairs
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theDiffIsEveryCellThatShowsSomethingElse(seed: UInt64) {
        for (old, new, label) in Self.pairs(seed: seed) {
            #expect(new.diff(from: old).map(Self.describe) == Self.plainDiff(new, from: old), "\(label)")
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func framesAreEqualWhenEveryCellIs(seed: UInt64) {
        for (old, new, label) in Self.pairs(seed: seed) {
            guard let old else { continue }
            #expect((new == old) == Self.plainEqual(new, old), "\(label)")
        }
    }

    @Test func aChangeInAnyFieldOfAnyCellOfARowIsFound() {
        // One cell changed at every place of a wide row, in its character, its style or its width.
        let size = Size(width: 37, height: 3)
        var base = Frame(size: size)
        for row in 0..<3 { base.write(String(repeating: "ab", count: 20), row: row, column: 0) }
        for column in 0..<size.width {
            for change in 0..<3 {
                var frame = base
                switch change {
                case 0: frame.write("z", row: 1, column: column)
                case 1: frame.restyle(row: 1, column: column, width: 1) { $0.underline = true }
                default: frame.write("中", row: 1, column: min(column, size.width - 2))
                }
                #expect(frame.diff(from: base).map(Self.describe) == Self.plainDiff(frame, from: base), "column \(column), change \(change)")
                #expect(!(frame == base), "column \(column), change \(change)")
            }
        }
    }

    @Test func aClusterStoredAtTheSamePlaceThatShowsAnotherIsAChange() {
        var old = Frame(size: Size(width: 4, height: 1)), new = old
        old.write("🇫🇷é\u{301}", row: 0, column: 0)
        new.write("👍🏽e\u{302}", row: 0, column: 0)
        #expect(new.diff(from: old).map(Self.describe) == Self.plainDiff(new, from: old))
        #expect(new.diff(from: old).count == 2 && !(new == old))
    }

    /// Every sequence of frames, however awkward, ends with the terminal showing the last one.
    @Test(arguments: [4, 5] as [UInt64])
    func whatTheEncoderWritesShowsTheFrame(seed: UInt64) {
        var generator = Generator(state: seed)
        for size in Self.sizes {
            var terminal = FakeTerminal(width: size.width, height: size.height) { DisplayWidth.of($0) }
            var encoder = FrameEncoder(colors: true)
            var drawing: [Step] = []
            for step in 0..<20 {
                drawing += Self.steps(&generator, size: size, count: generator.next(4) + 1)
                let frame = Self.frame(size, drawing, junk: step % 3)
                terminal.feed(encoder.encode(frame))
                #expect(terminal.differences(from: frame) == [], "\(size), step \(step), seed \(seed)")
            }
        }
    }

    @Test func scalarsAreWrittenAsTheirUTF8() {
        let text = "aé─中😀🪿é\u{301}"
        var frame = Frame(size: Size(width: 12, height: 1))
        frame.write(text, row: 0, column: 0)
        var encoder = FrameEncoder(colors: false)
        let written = String(decoding: encoder.encode(frame), as: UTF8.self)
        #expect(written.contains("aé─中😀") && written.contains("🪿") && written.contains("é\u{301}"))
    }

    /// The escape sequences as they were made from strings, the definition the bytes keep to.
    static func plainTransition(from old: Style, to new: Style) -> String {
        var codes: [String] = []
        let intensityOff = (old.bold && !new.bold) || (old.dim && !new.dim)
        if intensityOff { codes.append("22") }
        if new.bold && (!old.bold || intensityOff) { codes.append("1") }
        if new.dim && (!old.dim || intensityOff) { codes.append("2") }
        if old.underline != new.underline { codes.append(new.underline ? "4" : "24") }
        if old.reverse != new.reverse { codes.append(new.reverse ? "7" : "27") }
        if old.foreground != new.foreground { codes.append(colorCode(new.foreground, base: 30)) }
        if old.background != new.background { codes.append(colorCode(new.background, base: 40)) }
        let changed = "\u{1B}[" + codes.joined(separator: ";") + "m"
        let full = plainSGR(new)
        return changed.utf8.count < full.utf8.count ? changed : full
    }

    static func colorCode(_ color: Color?, base: Int) -> String {
        guard let color else { return String(base + 9) }
        return color.paletteIndex < 8 ? String(base + color.paletteIndex) : "\(base + 8);5;\(color.paletteIndex)"
    }

    static func plainSGR(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let color = style.foreground { codes.append(colorCode(color, base: 30)) }
        if let color = style.background { codes.append(colorCode(color, base: 40)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    @Test func styleSequencesAreTheShorterOfAChangeAndAReset() {
        // Every flag, and colors of one, two and three digits (teal 30, orange 208, purple 99, gray 244).
        let colors: [Color?] = [nil, .red, .white, .teal, .orange, .purple]
        var styles: [Style] = []
        for flags in 0..<16 {
            for (foreground, background) in zip(colors, colors.reversed()) + [(nil, .gray), (.gray, nil)] {
                styles.append(Style(foreground: foreground, background: background, bold: flags & 1 != 0,
                                    dim: flags & 2 != 0, reverse: flags & 4 != 0, underline: flags & 8 != 0))
            }
        }
        for old in styles {
            for new in styles {
                var bytes: [UInt8] = [0x41]
                FrameEncoder.transition(from: old, to: new, into: &bytes)
                #expect(bytes == [0x41] + Array(Self.plainTransition(from: old, to: new).utf8), "\(old) to \(new)")
            }
            var bytes: [UInt8] = []
            FrameEncoder.sgr(old, into: &bytes)
            #expect(bytes == Array(Self.plainSGR(old).utf8), "\(old)")
        }
    }
}
