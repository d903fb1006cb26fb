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
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    public init(foreground: Color? = nil, background: Color? = nil,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)
    public static let underline = Style(underline: true)
    public static func color(_ color: Color) -> Style { Style(foreground: color) }

    public func with(bold: Bool? = nil, dim: Bool? = nil, reverse: Bool? = nil) -> Style {
        var copy = self
        if let bold { copy.bold = bold }
        if let dim { copy.dim = dim }
        if let reverse { copy.reverse = reverse }
        return copy
    }
}
