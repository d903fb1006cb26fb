/// A terminal color. The raw value is a stable key, safe to store in data files.
public enum Color: String, CaseIterable, Codable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case gray, orange, pink, purple, brown, teal

    /// The xterm 256-color index; the first eight are the classic ANSI colors.
    var paletteIndex: Int {
        switch self {
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .gray: 244
        case .orange: 208
        case .pink: 211
        case .purple: 99
        case .brown: 130
        case .teal: 30
        }
    }
}

/// How a cell looks. Colors are dropped when the player's terminal or wishes say so;
/// attributes (bold, dim, reverse, underline) stay, since they carry meaning without color.
///
/// Stored in 16 bits (two 4-bit colors, four flags) so that cells stay plain data and
/// comparing two of them on every key is one integer comparison.
public struct Style: Hashable, Sendable {
    private var bits: UInt16

    private static let boldBit: UInt16 = 1 << 8, dimBit: UInt16 = 1 << 9
    private static let reverseBit: UInt16 = 1 << 10, underlineBit: UInt16 = 1 << 11
    private static let colors = Color.allCases

    /// A style; nil colors are the terminal's own.
    public init(foreground: Color? = nil, background: Color? = nil,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        bits = 0
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The text's color.
    public var foreground: Color? {
        get { Self.color(bits & 0xF) }
        set { bits = bits & ~0xF | Self.code(newValue) }
    }

    /// The cell's color.
    public var background: Color? {
        get { Self.color(bits >> 4 & 0xF) }
        set { bits = bits & ~0xF0 | Self.code(newValue) << 4 }
    }

    /// Bold text.
    public var bold: Bool {
        get { self[flag: Self.boldBit] }
        set { self[flag: Self.boldBit] = newValue }
    }

    /// Faint text, for what matters less or cannot be used now.
    public var dim: Bool {
        get { self[flag: Self.dimBit] }
        set { self[flag: Self.dimBit] = newValue }
    }

    /// Colors swapped, e.g. for a selection.
    public var reverse: Bool {
        get { self[flag: Self.reverseBit] }
        set { self[flag: Self.reverseBit] = newValue }
    }

    /// Underlined text.
    public var underline: Bool {
        get { self[flag: Self.underlineBit] }
        set { self[flag: Self.underlineBit] = newValue }
    }

    private subscript(flag bit: UInt16) -> Bool {
        get { bits & bit != 0 }
        set { bits = newValue ? bits | bit : bits & ~bit }
    }

    /// The same style without its colors.
    public var withoutColors: Style {
        var copy = self
        copy.bits &= 0xFF00
        return copy
    }

    private static func code(_ color: Color?) -> UInt16 {
        guard let color else { return 0 }
        return UInt16(colors.firstIndex(of: color)! + 1)
    }

    private static func color(_ code: UInt16) -> Color? {
        code == 0 ? nil : colors[Int(code) - 1]
    }

    /// The terminal's own look.
    public static let plain = Style()
    /// Bold.
    public static let bold = Style(bold: true)
    /// Faint.
    public static let dim = Style(dim: true)
    /// Colors swapped.
    public static let reverse = Style(reverse: true)
    /// Underlined.
    public static let underline = Style(underline: true)
    /// Text in a color.
    public static func color(_ color: Color) -> Style { Style(foreground: color) }

    /// This style with some attributes changed.
    public func with(bold: Bool? = nil, dim: Bool? = nil, reverse: Bool? = nil) -> Style {
        var copy = self
        if let bold { copy.bold = bold }
        if let dim { copy.dim = dim }
        if let reverse { copy.reverse = reverse }
        return copy
    }
}
