/// The player of a hosted session: GameHost run by sshd for one connection (`gamehost host
/// serve`), where the SSH key is the player. Each player's files are their own; what players
/// share (the scoreboard, who is online) lives beside them in the host's folder:
///
///     HOST/players/NAME/     the player's data folder: preferences, themes, journals, scores
///     HOST/scoreboard/       the shared best rounds of every game, with players' names
///     HOST/sessions/         one file per live session: who plays what, for the lobby
public struct HostedPlayer: Sendable, Equatable {
    /// The player's name: letters, digits, `-` and `_`, at most 20 (see `HostedPlayer.check`).
    public let name: String
    /// The host's data folder.
    public let hostDirectory: String

    public init(name: String, hostDirectory: String) {
        self.name = name
        self.hostDirectory = hostDirectory
    }

    /// The player's own data folder.
    public var dataDirectory: String { hostDirectory + "/players/" + name }
    /// The shared scoreboard's folder.
    public var scoreboardDirectory: String { hostDirectory + "/scoreboard" }
    /// The live sessions' folder.
    public var sessionsDirectory: String { hostDirectory + "/sessions" }

    /// The longest name a player may take.
    public static let longestName = 20

    /// Why a name cannot be a player's, in words for the sign-up screen; nil when it can.
    /// Only letters and digits of ASCII, `-` and `_`: a name is a folder and is shown to
    /// everyone, so nothing that looks like a path, a control or another script's look-alike.
    public static func check(_ name: String) -> String? {
        if name.isEmpty { return "A name needs at least one letter or digit." }
        if name.unicodeScalars.count > longestName { return "A name has at most \(longestName) characters." }
        for scalar in name.unicodeScalars {
            let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            if !allowed { return "A name holds only letters a–z, digits, - and _." }
        }
        if name.hasPrefix("-") { return "A name cannot start with -." }
        return nil
    }
}
