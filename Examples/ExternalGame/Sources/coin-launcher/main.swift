import BuiltInGames
import CoinToss
import GameHostApp

GameHostApp.main(games: BuiltInGames.all + [CoinTossGame.self])
