import BuiltInGames
import Foundation
import GameHostApp

// gamehost: the built-in games, config.json (as built) for defaults, and `new`, which adds a
// game to this repository.
var launcher = GameHostApp.launcher(games: BuiltInGames.entries, config: BuiltInGames.shippedConfig,
                                    readsLocalConfig: true)
launcher.new = NewCommand.run
exit(launcher.main(Array(CommandLine.arguments.dropFirst())))
