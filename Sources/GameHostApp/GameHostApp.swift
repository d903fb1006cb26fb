#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost
import GameHostConformance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A launcher of your own, in one line: `GameHostApp.main(games: BuiltInGames.all + [MyGame.self])`.
///
/// It has `gamehost`'s command line (menu, list, play, prefs, check, completions, man) and
/// its messages carry the program's own name. It reads `--config`, else a config.json in the
/// user's or the install's folder named for the program (never ./config.json); otherwise
/// `config` (the text of a config.json, by default none) is its configuration.
public enum GameHostApp {
    /// Runs this process's command line over `games`, then exits with its status.
    public static func main(games: [any GameModule.Type], config: String = "{}") -> Never {
        exit(launcher(games: games.map { GameEntry($0) }, config: config)
            .main(Array(CommandLine.arguments.dropFirst())))
    }

    /// The launcher `main` runs, for a program that adds commands of its own (as `gamehost` adds `new`).
    public static func launcher(games: [GameEntry], config: String) -> Launcher {
        var launcher = Launcher(catalog: games, builtInConfig: config, programName: programName)
        launcher.check = { launcher, arguments in
            guard case .check(let id) = arguments.command else { return Launcher.ExitCode.usage }
            return CheckCommand(catalog: launcher.catalog)
                .run(id: id, keys: arguments.keys, timeLimit: arguments.timeLimit, strict: arguments.strict,
                     seed: arguments.seed, program: launcher.programName, room: arguments.room,
                     steps: arguments.roomSteps, size: arguments.size)
        }
        return launcher
    }

    /// The name this program was started by, without its folder.
    public static var programName: String {
        let path = CommandLine.arguments.first ?? ""
        let name = Path.name(of: path)
        return name.isEmpty ? "gamehost" : name
    }
}
