/// How wide the terminal the host runs in draws the graphemes terminals disagree on, as
/// measured at start (`WidthProbe`) or said by config.json; layout (`DisplayWidth`) and the
/// encoder read it. Without a measurement, today's widths: every emoji 2 cells, box drawing 1.
public struct TerminalWidths: Sendable, Equatable {
    /// Cells the terminal moved its cursor for one sample of each class.
    public var drawn: [WidthClass: Int]
    /// True when the terminal draws box drawing and the other East Asian ambiguous glyphs
    /// 2 cells wide: the encoder then writes narrow stand-ins (`NarrowGlyphs`).
    public var ambiguousIsWide: Bool
    /// True when the terminal keeps grapheme clusters whole (DEC mode 2027 was on or turned on).
    public var graphemeClusters: Bool
    /// Whether the terminal decodes UTF-8, as measured: a 2-byte letter moved its cursor one
    /// cell (true) or two (false: it shows bytes). Nil when not measured; then the locale decides.
    public var decodesUTF8: Bool?

    public init(drawn: [WidthClass: Int] = [:], ambiguousIsWide: Bool = false, graphemeClusters: Bool = false) {
        self.drawn = drawn
        self.ambiguousIsWide = ambiguousIsWide
        self.graphemeClusters = graphemeClusters
    }

    /// Today's widths, for a terminal that was not measured.
    public static let assumed = TerminalWidths()

    /// The widths of the terminal being drawn on. The runner binds it for a session; tests
    /// bind their own, so parallel tests never see each other's.
    @TaskLocal public static var current = TerminalWidths.assumed

    /// The cells layout gives a grapheme of this class: what the terminal draws when that
    /// is 1 or 2; when it draws none or more than 2, the width intended (the encoder keeps
    /// the difference inside those cells).
    public func layoutWidth(_ kind: WidthClass, intended: Int) -> Int {
        guard let width = drawn[kind], width == 1 || width == 2 else { return intended }
        return width
    }

    /// True when the terminal draws the character as one glyph as wide as layout gives it:
    /// false for an emoji it leaves out, draws in pieces, or spreads over more cells.
    public func drawsWhole(_ character: Character) -> Bool {
        guard let kind = WidthClass.of(character), let width = drawn[kind] else { return true }
        return width == 2
    }

    /// True when this class must not be written at all: the terminal draws it 0 wide, which
    /// some terminals do by joining it to the cell before.
    func isInvisible(_ kind: WidthClass) -> Bool { drawn[kind] == 0 }
}

extension DisplayWidth {
    /// True when this terminal draws the character as one 2-cell glyph (or was not measured):
    /// for games that want to warn a player that an emoji may look different here.
    public static func drawsWhole(_ character: Character) -> Bool {
        TerminalWidths.current.drawsWhole(character)
    }
}
