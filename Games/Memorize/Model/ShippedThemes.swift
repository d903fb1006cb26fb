#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The themes a player finds on first run. They hold only emojis that every terminal draws
/// two cells wide (no VS16 or ZWJ sequences, which some terminals still split); players
/// may add any emoji.
enum ShippedThemes {
    private static let specs: [(name: String, emojis: String, pairs: Int?, color: ThemeColor)] = [
        ("Vehicles", "🚲 🚂 🚁 🚜 🚕 🚙 🚑 🚓 🚒 🚗 🚀 ⛵ 🛸 🛶 🚌 🛵", 8, .red),
        ("Animals", "🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮", nil, .orange),
        ("Food", "🍎 🍐 🍊 🍋 🍌 🍉 🍇 🍓 🍒 🥝 🍕 🍔 🌮 🍩", 10, .green),
        ("Sports", "⚽ 🏀 🏈 ⚾ 🎾 🏐 🏉 🎱 🏓 🏸 🥊 ⛳", 8, .blue),
        ("Faces", "😀 😂 😍 😎 🤔 😴 😡 🥶 🤯 🥳 😱 🤓", 6, .yellow),
        ("Halloween", "👻 🎃 🦇 💀 🧙 🍬 🧛 🧟 🍭 🌕", nil, .purple),
        ("Flags", "🇫🇷 🇯🇵 🇧🇷 🇨🇦 🇮🇹 🇩🇪 🇰🇷 🇳🇬 🇺🇦 🇸🇪", 8, .teal),
        ("Ocean", "🐳 🐬 🐟 🐠 🐡 🦈 🐙 🦀 🦞 🐚 🦑 🦭", 8, .cyan),
    ]

    /// The shipped themes, with ids 1, 2, 3 …
    static var all: [Theme] {
        specs.enumerated().map { index, spec in
            // The specs are fixed and tested; a bad one is a programming error.
            try! Theme(id: index + 1, name: spec.name, emojis: spec.emojis.split(separator: " ").map(String.init),
                       pairCount: spec.pairs, color: spec.color)
        }
    }

    /// A new theme to edit, as the chooser's Add makes it.
    static func untitled(id: Int) -> Theme {
        try! Theme(id: id, name: "Untitled", emojis: ["⭐", "🌙", "🌞", "🌈"], color: .pink)
    }
}
