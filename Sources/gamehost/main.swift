import Foundation
import GameCatalog
import GameHost
import GameHostConformance

let arguments: Arguments
do {
    arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(Launcher.ExitCode.usage)
}

if case .check(let id) = arguments.command, !arguments.help, !arguments.version {
    exit(CheckCommand(catalog: Catalog.entries).run(id: id, keys: arguments.keys, timeLimit: arguments.timeLimit))
}
exit(Launcher(catalog: Catalog.entries, builtInConfig: builtInConfig).run(arguments))
