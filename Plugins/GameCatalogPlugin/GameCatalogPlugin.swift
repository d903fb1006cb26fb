import Foundation
import PackagePlugin

/// Writes the catalog of the target it is applied to (BuiltInGames): the game modules it
/// depends on, and config.json as the built-in defaults. The generator reruns whenever a
/// game's sources or config.json change.
@main
struct GameCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let gamesFolder = root.appending(path: "Games")
        let games = target.dependencies.compactMap { dependency -> SwiftSourceModuleTarget? in
            guard case .target(let game) = dependency, let module = game as? SwiftSourceModuleTarget,
                  module.directoryURL.deletingLastPathComponent().standardizedFileURL.path
                    == gamesFolder.standardizedFileURL.path else { return nil }
            return module
        }
        try checkFresh(games.map(\.name), gamesFolder: gamesFolder)

        let config = root.appending(path: "config.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInGames+Generated.swift")
        var arguments = [output.path, config.path]
        var inputs = [config]
        for game in games {
            arguments.append(game.name)
            arguments += game.sourceFiles(withSuffix: "swift").map(\.url.path)
            arguments.append(";")
            inputs += game.sourceFiles(withSuffix: "swift").map(\.url)
        }
        return [.buildCommand(displayName: "Generating the catalog of \(games.count) games",
                              executable: try context.tool(named: "GameCatalogGenerator").url,
                              arguments: arguments, inputFiles: inputs, outputFiles: [output])]
    }

    /// SwiftPM caches what Package.swift said, keyed by the file's text, so a game folder added
    /// or removed by hand can go unseen; say so rather than build a catalog without it.
    func checkFresh(_ known: [String], gamesFolder: URL) throws {
        let onDisk = ((try? FileManager.default.contentsOfDirectory(atPath: gamesFolder.path)) ?? []).filter { name in
            var folder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: gamesFolder.appending(path: name).path, isDirectory: &folder)
                && folder.boolValue
        }
        let added = Set(onDisk).subtracting(known).sorted()
        guard added.isEmpty else {
            throw CatalogError("""
                Games/\(added.joined(separator: ", Games/")) is not in the build yet: SwiftPM is using a cached \
                reading of Package.swift from before it was added. Run `swift package purge-cache && touch Package.swift`, \
                then build again.
                """)
        }
    }
}

struct CatalogError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
