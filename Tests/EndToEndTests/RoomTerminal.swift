import Foundation

/// A hosted player at a terminal of their own, for the rooms' end-to-end tests: a tmux
/// session running `gamehost host serve` as sshd would (SSH_USER_AUTH naming the key), or a
/// real `ssh -tt` through the tests' sshd. Its pid file lets a test drop the connection.
final class RoomTerminal {
    let tmux: Tmux
    let name: String
    let pidFile: String

    /// Signs `name` up (their key's first visit) and waits for the lobby.
    init(_ name: String, folder: String, host: String, server: SSHServer? = nil, width: Int = 80,
         height: Int = 24, seed: Int = 4) throws {
        self.name = name
        tmux = try Tmux(width: width, height: height)
        pidFile = folder + "/" + name + ".pid"
        let key = folder + "/" + name
        if !FileManager.default.fileExists(atPath: key) {
            _ = try spawn(["/usr/bin/ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "", "-f", key])
        }
        let command: String
        if let server {
            command = server.ssh(key, "-tt")
        } else {
            let words = try String(contentsOfFile: key + ".pub", encoding: .utf8).split(separator: " ")
            let auth = folder + "/" + name + ".auth"
            try "publickey \(words[0]) \(words[1])\n".write(toFile: auth, atomically: true, encoding: .utf8)
            command = "env SSH_USER_AUTH=\(auth) GAMEHOST_ROOM_SEED=\(seed) \(Tmux.binary) host serve --data-dir \(host)"
        }
        tmux.shell("sh -c 'echo $$ > \(pidFile); exec \(command)'; echo gone-$((40+2))")
        guard tmux.waitFor("GameHost › Welcome") || tmux.capture().contains("GameHost › Lobby") else {
            throw TmuxError("\(name) did not reach the sign-up: \(tmux.capture())")
        }
        if tmux.capture().contains("Welcome") {
            tmux.send(name, literal: true)
            tmux.send("Enter")
        }
        guard tmux.waitFor("GameHost › Lobby") else { throw TmuxError("\(name) did not reach the lobby: \(tmux.capture())") }
    }

    /// Comes back after a drop: a new connection of the same key.
    func reconnect(host: String, server: SSHServer? = nil, seed: Int = 4) throws {
        let key = (pidFile as NSString).deletingLastPathComponent + "/" + name
        let command = server.map { $0.ssh(key, "-tt") }
            ?? "env SSH_USER_AUTH=\(key).auth GAMEHOST_ROOM_SEED=\(seed) \(Tmux.binary) host serve --data-dir \(host)"
        tmux.shell("clear; sh -c 'echo $$ > \(pidFile); exec \(command)'; echo gone-$((40+2))")
        guard tmux.waitFor("Who is online") else { throw TmuxError("\(name) did not come back: \(tmux.capture())") }
    }

    /// Drops the connection: the client (or the session, without sshd) is killed outright.
    func drop() throws {
        let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(text) else { throw TmuxError("no pid in \(pidFile)") }
        kill(pid, SIGKILL)
        _ = tmux.waitFor("gone-42")
    }

    func send(_ keys: String...) { for key in keys { tmux.send(key) } }
    func type(_ text: String) { tmux.send(text, literal: true) }
    func waitFor(_ text: String) -> Bool { tmux.waitFor(text) }

    /// The screen with the room's code (random) written CODE.
    func screen(code: String) -> String { tmux.capture().replacingOccurrences(of: code, with: "CODE") }

    /// Compares the screen with `Golden/NAME.txt`; UPDATE_GOLDEN=1 rewrites it. Nil when equal.
    func compare(_ golden: String, code: String) -> String? {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Golden/" + golden + ".txt"
        let shown = screen(code: code)
        let stored = try? String(contentsOfFile: path, encoding: .utf8)
        if stored == shown { return nil }
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" || stored == nil {
            try? shown.write(toFile: path, atomically: true, encoding: .utf8)
            return stored == nil ? "\(golden).txt did not exist and was written" : nil
        }
        return "\(golden).txt differs (UPDATE_GOLDEN=1 rewrites it); shown:\n\(shown)"
    }
}

