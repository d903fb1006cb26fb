import GameHost

extension ThemeColor {
    /// The host's color of the same name (the theme keeps only the name).
    var terminalColor: Color { Color(rawValue: rawValue) ?? .white }
}

/// Small drawing pieces shared by the chooser and the editor.
enum ThemeStyle {
    static func swatch(_ color: ThemeColor) -> (String, Style) {
        (ThemeSwatches.swatch(color), Style(foreground: color.terminalColor))
    }

    static func name(_ theme: Theme) -> Style {
        Style(foreground: theme.color.terminalColor, bold: true)
    }

    /// As many of the emojis as fit in `width` cells, one space apart, "…" when some are left out.
    static func sample(_ emojis: [String], width: Int, limit: Int = MemorizeConstants.sampleSize) -> String {
        var text = ""
        var used = 0
        for (index, emoji) in emojis.prefix(limit).enumerated() {
            let added = DisplayWidth.of(emoji) + (text.isEmpty ? 0 : 1)
            let more = index < emojis.count - 1
            if used + added + (more ? 2 : 0) > width { return text.isEmpty ? "…" : text + " …" }
            text += text.isEmpty ? emoji : " " + emoji
            used += added
        }
        return emojis.count > limit ? text + " …" : text
    }
}
