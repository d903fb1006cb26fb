/// A copy of the repository's config.json, used when no config file is found.
/// ConformanceTests checks that it matches the file, so the two never drift apart.
public let builtInConfig = #"""
{
  "format": 1,
  "games": ["arithmetic-quiz", "memorize"],
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
    }
  },
  "dataDirectory": null,
  "color": "auto"
}

"""#
