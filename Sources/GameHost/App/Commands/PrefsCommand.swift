#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `prefs <id> [--set key=value]... [--reset]`: saves the changes, then shows every
/// preference of the game and where its value comes from.
enum PrefsCommand {
    static func run(_ id: String, _ prepared: Launcher.Prepared, _ arguments: Arguments,
                    program: String) throws(Launcher.Failure) {
        let store = prepared.preferences
        do {
            if arguments.reset { try store.reset(id) }
            for setting in arguments.settings {
                try store.set(id, key: setting.key, to: prepared.overrides[setting.key]!)
            }
        } catch {
            throw .other("cannot save preferences: \(error)", Launcher.ExitCode.cannotCreate)
        }
        guard let game = prepared.games.first(where: { $0.id == id }) else { return }
        let values = store.effective(id)
        for notice in prepared.notices.drain() {
            StandardError.write(program + ": " + notice + "\n")
        }
        let keyWidth = game.schema.fields.map(\.key.count).max() ?? 0
        print("\(game.info.title) (\(id)) preferences:")
        if game.schema.fields.isEmpty { print("  none") }
        for field in game.schema.fields {
            let value = values[field.key].map { "\($0.json)" } ?? "?"
            print("  " + field.key.padded(to: keyWidth) + " = " + value
                  + "  (\(store.source(id, key: field.key).rawValue))")
        }
    }
}
