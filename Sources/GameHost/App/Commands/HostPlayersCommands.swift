#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operator's commands on players, usable while the host runs (they change keys.json
/// under its lock, as sign-ups do): `players`, `remove-key`, `ban`, `unban`, `rename`,
/// `remove-player`. Words that cannot be run, and changes `PlayerKeys` refuses, exit 64
/// with a sentence saying what was wrong.
enum HostPlayersCommands {
    /// Each command's usage and what it does, for `host COMMAND --help`.
    static let help: [String: (usage: String, about: String)] = [
        "players": ("gamehost host players --data-dir DIR [--config FILE]",
                    "Lists the players: each key's SHA256 fingerprint (as 'ssh-keygen -l' prints it), whether its holder proved it, when it was added and last connected (UTC), the size of the player's folder, and their ban."),
        "remove-key": ("gamehost host remove-key NAME FINGERPRINT --data-dir DIR [--config FILE]",
                       "Removes one key of player NAME, by its fingerprint as 'host players' shows it. A connection made with it goes on until it ends."),
        "ban": ("gamehost host ban NAME [--reason TEXT] --data-dir DIR [--config FILE]",
                "Bans player NAME: their keys are told the reason and let in no more, and their live sessions end within a second, their rounds saved as on a hang-up."),
        "unban": ("gamehost host unban NAME --data-dir DIR [--config FILE]", "Lifts player NAME's ban."),
        "rename": ("gamehost host rename OLD NEW --data-dir DIR [--config FILE]",
                   "Renames player OLD to NEW: their folder, keys and ban. Refused while OLD is online, for a name taken or not allowed, and for a player named in the operator's list. Rounds on the shared board keep the name they were played under."),
        "remove-player": ("gamehost host remove-player NAME --yes --data-dir DIR [--config FILE]",
                          "Removes player NAME: their keys, ban and folder with everything in it. Refused while they are online; --yes says you mean it."),
    ]

    static let names = ["players", "remove-key", "ban", "unban", "rename", "remove-player"]

    /// Runs one of them (`command` is in `names`); returns the exit status.
    static func run(_ command: String, _ words: [String], launcher: Launcher) throws(UsageError) -> Int32 {
        let (positional, options) = try split(words, command: command)
        let host = options["--data-dir"]!
        guard Path.exists(host + "/" + PlayerKeys.file) || Path.exists(host + "/players") else {
            throw UsageError("\(host) holds no keys.json nor players/: it is not a host's data folder")
        }
        // A file written by another account (root, say) would be one the host's sessions
        // cannot read: every player would be shut out.
        var status = stat()
        if stat(host, &status) == 0, status.st_uid != geteuid() {
            throw UsageError("run this as the account that owns \(host) (the hosting account, as in 'sudo -u ACCOUNT gamehost host \(command) …'): files written by another account could not be read by the host")
        }
        // The same files as the host's own sessions: the hosting account's alone.
        umask(0o077)
        var arguments = Arguments()
        arguments.configPath = options["--config"]
        arguments.dataDirectory = host + "/players"
        let named: String?
        do { named = try launcher.prepare(arguments).config.hosting.namedKeys } catch {
            launcher.fail(error.text(program: launcher.programName))
            return error.exitCode
        }
        let keys = PlayerKeys(hostDirectory: host, namedKeysPath: named, report: { launcher.fail($0) })
        let registry = ConnectionRegistry(directory: host + "/sessions")
        func online(_ name: String) -> Bool { registry.live().contains { $0.player == name } }
        do {
            switch command {
            case "players":
                print(table(try keys.players(), keys: keys, online: Set(registry.live().map(\.player))), terminator: "")
            case "remove-key":
                try keys.removeKey(of: positional[0], fingerprint: positional[1])
                print("Removed \(positional[1]) from \(positional[0]).")
            case "ban":
                try keys.ban(positional[0], reason: options["--reason"])
                let ended = endSessions(of: positional[0], registry: registry)
                print("Banned \(positional[0])" + (ended > 0 ? "; ended \(ended == 1 ? "1 session" : "\(ended) sessions")." : "."))
            case "unban":
                try keys.unban(positional[0])
                print("\(positional[0]) is no longer banned.")
            case "rename":
                guard !online(positional[0]) else {
                    throw PlayerKeys.Refusal("\(positional[0]) is online; rename them once they have left ('gamehost host status' shows who is on).")
                }
                try keys.rename(positional[0], to: positional[1])
                print("Renamed \(positional[0]) to \(positional[1]).")
            default:
                guard !online(positional[0]) else {
                    throw PlayerKeys.Refusal("\(positional[0]) is online; ban them first (which ends their sessions), then remove them.")
                }
                try keys.removePlayer(positional[0])
                print("Removed \(positional[0]) and their folder.")
            }
        } catch let refusal as PlayerKeys.Refusal {
            launcher.fail("\(launcher.programName): \(refusal)")
            return Launcher.ExitCode.usage
        } catch {
            launcher.fail("\(launcher.programName): \(error)")
            return Launcher.ExitCode.failure
        }
        return Launcher.ExitCode.ok
    }

    /// The command's words: its names in order, then `--option value` pairs and `--yes`.
    static func split(_ words: [String], command: String) throws(UsageError) -> ([String], [String: String]) {
        let arity = ["players": 0, "remove-key": 2, "ban": 1, "unban": 1, "rename": 2, "remove-player": 1][command] ?? 0
        let takes = command == "ban" ? ["--data-dir", "--config", "--reason"] : ["--data-dir", "--config"]
        var positional: [String] = [], optionWords: [String] = [], yes = false, index = 0
        while index < words.count {
            let word = words[index]
            if word == "--yes", command == "remove-player" {
                yes = true
            } else if word.hasPrefix("-") {
                optionWords.append(word)
                if !word.contains("="), index + 1 < words.count {
                    index += 1
                    optionWords.append(words[index])
                }
            } else {
                positional.append(word)
            }
            index += 1
        }
        let usage = help[command]!.usage
        guard positional.count == arity else {
            let extra = positional.count > arity ? "unexpected '\(positional[arity])'" : "missing a name"
            throw UsageError("\(extra); usage: \(usage)")
        }
        let options = try HostCommand.options(optionWords, allowed: takes, required: ["--data-dir"])
        if command == "remove-player", !yes {
            throw UsageError("remove-player removes the player's folder for good: add --yes to say you mean it")
        }
        return (positional, options)
    }

    /// One row per key (a player without keys has one row): name, fingerprint, proven, added,
    /// last seen, folder size, ban; a key from before proofs shows as not proven.
    static func table(_ players: [PlayerKeys.PlayerSummary], keys: PlayerKeys, online: Set<String>) -> String {
        guard !players.isEmpty else { return "No players on \(TextSanitizer.clean(keys.hostDirectory)).\n" }
        func when(_ time: Double?) -> String {
            time.map { TimeText.dateAndMinute(Date(timeIntervalSince1970: $0), in: TimeZone(secondsFromGMT: 0)!) } ?? "-"
        }
        var rows = [["PLAYER", "KEY", "PROVEN", "ADDED", "LAST SEEN", "DATA", "BANNED"]]
        for player in players {
            let size = "\((keys.dataSize(of: player.name) + 1023) / 1024) KB"
            let banned = player.ban.map { "yes" + ($0.reason.map { ": " + TextSanitizer.clean($0) } ?? "") } ?? "no"
            let name = player.name + (online.contains(player.name) ? " (online)" : "")
            let lines = player.keys.isEmpty ? [nil] : player.keys.map { Optional($0) }
            for info in lines {
                rows.append([name, info?.key.fingerprint ?? "-",
                             info.map { $0.named ? "named" : $0.proven ? "yes" : "no" } ?? "-",
                             when(info?.added), when(info?.lastSeen), size, banned])
            }
        }
        return HostStatus.lines(rows)
    }

    /// Ends the live sessions of `name` as a take-over does (SIGUSR1: the session saves, says
    /// why and ends; SIGTERM after `HostedServices.takeOverWait`); returns how many ended.
    static func endSessions(of name: String, registry: ConnectionRegistry) -> Int {
        var pending = registry.live().filter { $0.player == name }
        var ended = 0
        let polls = Int(HostedServices.takeOverWait * 1000) / 50
        var step = 0
        while !pending.isEmpty {
            pending = pending.filter { entry in
                switch HostedServices.end(entry, registry: registry, step: step, giveUpAfter: 2 * polls, termAt: polls) {
                case .waiting: return true
                case .ended: ended += 1; return false
                case .refused: return false
                }
            }
            step += 1
            if !pending.isEmpty { usleep(50_000) }
        }
        return ended
    }
}
