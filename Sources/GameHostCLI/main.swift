import BuiltInGames
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHostApp
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// gamehost: the built-in games, config.json (as built) for defaults, and `new`, which adds a
// game to this repository.
var launcher = GameHostApp.launcher(games: BuiltInGames.entries, config: BuiltInGames.shippedConfig)
launcher.new = NewCommand.run
exit(launcher.main(Array(CommandLine.arguments.dropFirst())))
