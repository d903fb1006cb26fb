#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `gamehost host …`: GameHost served over OpenSSH. sshd does the network and the keys; these
/// commands are what the operator and sshd run:
///
///     host sshd-config --account NAME --data-dir DIR [--config FILE]   the sshd_config block
///     host authorized-keys TYPE KEY                  sshd's AuthorizedKeysCommand: any key in
///     host serve --data-dir DIR [--config FILE]      one connection: the key's player plays
///     host status --data-dir DIR [--config FILE]     the live sessions, for the operator
///     host players|remove-key|ban|unban|rename|remove-player …   the players (HostPlayersCommands)
public enum HostCommand {
    /// The usage of `host`, for `host --help` and for a line that cannot be run.
    public static let usage = """
        usage: gamehost host sshd-config --account NAME --data-dir DIR [--config FILE]
               gamehost host serve --data-dir DIR [--config FILE]
               gamehost host authorized-keys TYPE KEY
               gamehost host status --data-dir DIR [--config FILE]
        """ + HostPlayersCommands.names.map { "\n       " + HostPlayersCommands.help[$0]!.usage }.joined()

    /// Runs `host` and the words after it; returns the exit status.
    public static func run(_ words: [String], launcher: Launcher) -> Int32 {
        guard let command = words.first else {
            StandardError.write(usage + "\n")
            return Launcher.ExitCode.usage
        }
        if words.contains("--help") || words.contains("-h") {
            if let help = HostPlayersCommands.help[command] {
                print("usage: \(help.usage)\n\n" + DisplayWidth.wrap(help.about, width: 78).joined(separator: "\n"))
                return Launcher.ExitCode.ok
            }
            print(usage)
            return Launcher.ExitCode.ok
        }
        let rest = Array(words.dropFirst())
        do throws(UsageError) {
            switch command {
            case "sshd-config":
                let options = try options(rest, allowed: ["--account", "--data-dir", "--config"],
                                          required: ["--account", "--data-dir"])
                guard let executable = Path.executable() else {
                    throw UsageError("cannot find this program's own path (/proc/self/exe)")
                }
                let block = try SSHDConfig(account: options["--account"]!, dataDirectory: options["--data-dir"]!,
                                           executable: executable, configPath: options["--config"])
                print(block.text, terminator: "")
                return Launcher.ExitCode.ok
            case "authorized-keys":
                guard rest.count == 2, let line = AuthorizedKey.line(type: rest[0], key: rest[1]) else {
                    // sshd reads nothing from a refusal; the key is simply not let in.
                    return Launcher.ExitCode.failure
                }
                print(line)
                return Launcher.ExitCode.ok
            case "serve":
                let options = try options(rest, allowed: ["--data-dir", "--config"], required: ["--data-dir"])
                return ServeConnection(launcher: launcher, hostDirectory: options["--data-dir"]!,
                                     configPath: options["--config"]).run()
            case "status":
                let options = try options(rest, allowed: ["--data-dir", "--config"], required: ["--data-dir"])
                if let why = HostStatus.unreadable(host: options["--data-dir"]!) {
                    launcher.fail("\(launcher.programName) host status: \(why).")
                    return Launcher.ExitCode.failure
                }
                // The config `host serve` reads, for the limits it sets.
                var arguments = Arguments()
                arguments.configPath = options["--config"]
                arguments.dataDirectory = options["--data-dir"]! + "/players"
                let config: Config
                do { config = try launcher.prepare(arguments).config } catch {
                    launcher.fail(error.text(program: launcher.programName))
                    return error.exitCode
                }
                print(HostStatus.text(host: options["--data-dir"]!, now: Date()), terminator: "")
                StandardError.write(HostStatus.warnings(maxSessions: config.hosting.maxSessions))
                return Launcher.ExitCode.ok
            case _ where HostPlayersCommands.names.contains(command):
                return try HostPlayersCommands.run(command, rest, launcher: launcher)
            default:
                throw UsageError("unknown host command '\(command)'; host commands: sshd-config, serve, authorized-keys, status, "
                                 + HostPlayersCommands.names.joined(separator: ", "))
            }
        } catch {
            let program = launcher.programName
            launcher.fail("\(program): \(error.message) (try '\(program) host --help')")
            return Launcher.ExitCode.usage
        }
    }

    /// `--name value` pairs, each allowed at most once; those `required` must be there.
    static func options(_ words: [String], allowed: [String],
                        required: [String]) throws(UsageError) -> [String: String] {
        var found: [String: String] = [:]
        var index = 0
        while index < words.count {
            let parts = words[index].split(separator: "=", maxSplits: 1)
            let option = parts.first.map(String.init) ?? ""
            guard allowed.contains(option) else {
                throw UsageError("unexpected '\(words[index])'; allowed here: \(allowed.joined(separator: ", "))")
            }
            guard found[option] == nil else { throw UsageError("\(option) is given twice") }
            if parts.count == 2 {
                found[option] = String(parts[1])
            } else {
                index += 1
                guard index < words.count else { throw UsageError("\(option) needs a value") }
                found[option] = words[index]
            }
            guard found[option]?.isEmpty == false else { throw UsageError("\(option) needs a value") }
            index += 1
        }
        if let missing = required.first(where: { found[$0] == nil }) { throw UsageError("host needs \(missing)") }
        return found
    }
}
