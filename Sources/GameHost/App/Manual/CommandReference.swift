/// The one description of gamehost's command line. `--help`, the man page and the
/// completion scripts are all rendered from it, so none of them can drift from the others.
public enum CommandReference {
    /// What a value on the command line is, so completions can offer the right things.
    public enum Value: Sendable, Equatable {
        case none, file, directory, number, setting, game, shell
    }

    public struct Command: Sendable {
        /// The word typed ("play"); empty for the launcher menu itself.
        public let name: String
        /// What follows the name, as shown in the synopsis.
        public let synopsis: String
        /// One line for --help.
        public let summary: String
        /// More, for the man page.
        public let detail: String
        /// What its first positional argument is.
        public let argument: Value
        /// Options that belong to this command only.
        public let options: [String]
        /// Of the options every game-running command takes (--config, --data-dir, --plain…),
        /// the ones that do something here; nil: all of them.
        public var general: [String]? = nil
        /// Options of this command as its own help describes them, where that says more than
        /// the options' list does (play's --keys is not check's), or options of its own that
        /// are not the program's (host's --account).
        public var described: [Option] = []
    }

    public struct Option: Sendable {
        public let name: String
        public let value: String?
        public let kind: Value
        public let summary: String
    }

    public static let commands: [Command] = [
        Command(name: "", synopsis: "", summary: "open the launcher menu",
                detail: "Opens the launcher menu: pick a game, its preferences or its scores.",
                argument: .none, options: []),
        Command(name: "list", synopsis: "", summary: "list the games",
                detail: "Prints the games of the menu, one per line: id, title and summary.",
                argument: .none, options: [], general: ["--config"]),
        Command(name: "play", synopsis: "<id> [--seed N] [--set key=value]... [--keys 'KEY ...']",
                summary: "play a game (--set applies to this run only)",
                detail: "Starts the game straight away. --set changes a preference for this run only; "
                    + "--keys presses those keys first, by name, with wait:MS for time passing and "
                    + "click:COLUMN,ROW for a click (how a conformance failure is replayed).",
                argument: .game, options: ["--seed", "--set", "--keys"],
                described: [Option(name: "--keys", value: "'KEY ...'", kind: .none,
                                   summary: "press these keys first (up, enter, esc, a…); wait:MS lets time pass, "
                                       + "click:C,R clicks")]),
        Command(name: "prefs", synopsis: "<id> [--set key=value]... [--reset]",
                summary: "save preferences, then show them and where each comes from",
                detail: "Saves each --set, or with --reset forgets the saved values; then prints every "
                    + "preference and where it came from (default, config.json, saved).",
                argument: .game, options: ["--set", "--reset"]),
        Command(name: "check", synopsis: "[<id>] [--keys N] [--time-limit S] [--seed N] [--strict] [--room NAME --size WxH]",
                summary: "run the conformance suite on the games",
                detail: "Runs the conformance suite on every game, or on one, and prints a report. "
                    + "--keys N makes the random walk press N keys per game in all, for a soak; "
                    + "--time-limit S is how long a key or a draw may take (2 s by default); "
                    + "--seed N starts the walks' seeds at N (1 by default); "
                    + "--strict fails a game on warnings too (a key shown as available that does nothing). "
                    + "With --room NAME, the command a room's failure prints: it replays that one room walk, "
                    + "from the starting point NAME, seed N, a WxH terminal, and --keys as its steps "
                    + "(player2:enter, player1:click:3,2, wait:300), and prints what the seats check finds.",
                argument: .game, options: ["--keys", "--time-limit", "--seed", "--strict", "--room", "--size"],
                described: [Option(name: "--keys", value: "N", kind: .number,
                                   summary: "random keys per game in all, for a soak (150 from each walk by default)")]),
        Command(name: "replay", synopsis: "FILE [--speed X] [--check] [--cast OUT [--size WxH]]",
                summary: "play a game's journal or a --trace file back",
                detail: "Plays a journal (GAME/journal.jsonl, or one under GAME/journals/) or a --trace file "
                    + "back at its recorded pace: Space pauses, → steps one input, q quits. --speed X "
                    + "plays X times as fast; --check replays without drawing and exits 0 when every "
                    + "recorded state matches, 1 with the first input where it went elsewhere. --cast OUT "
                    + "writes the replay as an asciinema recording (version 2) at its recorded pace, "
                    + "--size WxH columns by rows (80x24 by default), for 'asciinema play OUT' or any "
                    + "page that plays asciinema recordings.",
                argument: .none, options: ["--speed", "--check", "--cast", "--size"]),
        Command(name: "new", synopsis: "<Name>",
                summary: "make Games/<Name>/ and Tests/<Name>Tests/ for a new game",
                detail: "In a GameHost checkout, makes Games/<Name>/ and Tests/<Name>Tests/ for a small, "
                    + "working game to change into your own. A name that is taken or not a capitalised "
                    + "Swift identifier is refused, and nothing is made.",
                argument: .none, options: [], general: []),
        Command(name: "host", synopsis: "sshd-config|serve|authorized-keys|status|players|ban ...",
                summary: "serve the games over OpenSSH: the SSH key is the player",
                detail: "'host sshd-config --account NAME --data-dir DIR' prints the sshd_config block that "
                    + "makes every connection of the account run 'host serve --data-dir DIR': the key's "
                    + "player (signing up on a first visit) plays in their own folder DIR/players/NAME. "
                    + "'host authorized-keys' is the block's AuthorizedKeysCommand. 'host status --data-dir "
                    + "DIR' lists the live sessions, as the lobby does: player, game, for how long, idle time, "
                    + "terminal size, watchers and the process id, and warns when the system's inotify limit "
                    + "is below what the config's maxSessions needs. 'host players', 'remove-key', 'ban', "
                    + "'unban', 'rename' and 'remove-player' manage the players while the host runs; "
                    + "'gamehost host COMMAND --help' says how. See docs/hosting.md.",
                argument: .none, options: [], general: [],
                described: [
                    Option(name: "--account", value: "NAME", kind: .none,
                           summary: "sshd-config: the system account whose connections play"),
                    Option(name: "--data-dir", value: "DIR", kind: .directory,
                           summary: "sshd-config, serve, status, players and the rest: the host's folder"),
                    Option(name: "--config", value: "FILE", kind: .file,
                           summary: "sshd-config, serve, status: the config.json the sessions read"),
                ]),
        Command(name: "completions", synopsis: "bash|zsh|fish", summary: "print a shell completion script",
                detail: "Prints a completion script for the shell: commands, options, game ids and "
                    + "preference keys and values, from the games this binary was built with.",
                argument: .shell, options: []),
        Command(name: "man", synopsis: "", summary: "print the manual page, gamehost(1), in roff",
                detail: "Prints the gamehost(1) manual page; try 'gamehost man | man -l -'.",
                argument: .none, options: []),
    ]

    public static let options: [Option] = [
        Option(name: "--config", value: "PATH", kind: .file,
               summary: "read this config.json, not the first one found (below)"),
        Option(name: "--data-dir", value: "PATH", kind: .directory,
               summary: "keep preferences, scores and saved data here"),
        Option(name: "--plain", value: nil, kind: .none,
               summary: "plain text frames on stdout, keys from stdin (automatic when piped)"),
        Option(name: "--no-color", value: nil, kind: .none, summary: "no colors (also NO_COLOR=1 or TERM=dumb)"),
        Option(name: "--no-mouse", value: nil, kind: .none,
               summary: "no clicks or wheel, so the terminal can select text (also config \"mouse\": false)"),
        Option(name: "--trace", value: "FILE", kind: .file,
               summary: "write one JSON line per key: key, intent, screen, state"),
        Option(name: "--seed", value: "N", kind: .number,
               summary: "seed the game's random numbers (a whole number ≥ 0)"),
        Option(name: "--set", value: "key=value", kind: .setting,
               summary: "a preference of the game: this run only (play) or saved (prefs)"),
        Option(name: "--reset", value: nil, kind: .none, summary: "with prefs: forget the saved preferences"),
        Option(name: "--keys", value: "N", kind: .number,
               summary: "with check: random keys per game, for a soak; with play: key names (and wait:MS, click:C,R) done first"),
        Option(name: "--time-limit", value: "S", kind: .number, summary: "with check: seconds a key or a draw may take"),
        Option(name: "--strict", value: nil, kind: .none, summary: "with check: warnings fail too (a key shown available that does nothing)"),
        Option(name: "--speed", value: "X", kind: .number, summary: "with replay: X times as fast as recorded"),
        Option(name: "--check", value: nil, kind: .none, summary: "with replay: check every recorded state, draw nothing"),
        Option(name: "--cast", value: "OUT", kind: .file, summary: "with replay: write an asciinema recording to OUT"),
        Option(name: "--size", value: "WxH", kind: .number,
               summary: "with replay --cast: the recording's size (80x24); with check --room: the terminal's"),
        Option(name: "--room", value: "NAME", kind: .none,
               summary: "with check <id>: replay one room walk from this starting point (a failure's command)"),
        Option(name: "--help", value: nil, kind: .none, summary: "print this help (also -h, help); with a command, its own"),
        Option(name: "--version", value: nil, kind: .none, summary: "print the version"),
    ]

    public static let keys = "arrows or hjkl move, Enter chooses, q or Esc goes back, ? lists every key, Ctrl-C quits."

    public static let shells = ["bash", "zsh", "fish"]

    /// Where config.json is looked for, first found wins, in words for --help and the man page.
    public static let configLookup = [
        ("--config PATH", "the file named"),
        ("$XDG_CONFIG_HOME/gamehost/config.json", "the user's (else ~/.config/gamehost/config.json)"),
        ("PREFIX/share/gamehost/config.json", "installed with PREFIX/bin/gamehost"),
        ("built-in", "the shipped config.json, compiled in"),
    ]

    /// Command names that are typed, in order (not the menu's empty one).
    public static var commandNames: [String] { commands.map(\.name).filter { !$0.isEmpty } }

    /// Options that take a value.
    public static var optionsWithValue: [String] { options.filter { $0.value != nil }.map(\.name) }
}
