/// The swatch of each theme color: a pattern of its own as well as the color, so themes
/// tell apart on a terminal without colors too.
enum ThemeSwatches {
    static func pattern(_ color: ThemeColor) -> Character {
        switch color {
        case .red: "█"
        case .orange: "▓"
        case .yellow: "▒"
        case .green: "░"
        case .teal: "▚"
        case .cyan: "▞"
        case .blue: "▙"
        case .purple: "▛"
        case .magenta: "▜"
        case .pink: "▟"
        case .brown: "▀"
        case .gray: "▄"
        case .white: "▌"
        case .black: "▐"
        }
    }

    /// Two cells of the color's pattern.
    static func swatch(_ color: ThemeColor) -> String { String(repeating: pattern(color), count: 2) }
}
