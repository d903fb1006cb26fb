/// A copy of the repository's config.json, used when no config file is found.
/// ConformanceTests checks that it matches the file, so the two never drift apart.
public let builtInConfig = #"""
{
  "format": 1,
  "games": ["arithmetic-quiz", "memorize", "compatibility-slider", "snake"],
  "preferences": {
    "arithmetic-quiz": {
      "difficulty": "medium",
      "operation": "multiplication",
      "questions": 5,
      "practice": false
    },
    "memorize": {
      "start": "chooser",
      "matched": "dim"
    },
    "compatibility-slider": {
      "player1": "Player 1",
      "player2": "Player 2",
      "topics": "random"
    },
    "snake": {
      "speed": 4,
      "wrap": false,
      "board": "medium"
    }
  },
  "dataDirectory": null,
  "color": "auto"
}

"""#
