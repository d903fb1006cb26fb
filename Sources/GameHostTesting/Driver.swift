import GameHost
