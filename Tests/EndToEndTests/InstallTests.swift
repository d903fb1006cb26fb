import Foundation
import Testing

/// Scripts/install.sh into a temporary prefix, the installed binary run from `/` with no
/// source tree around it, then --uninstall. The debug binary stands in for the static one
/// (`--binary`), which takes minutes to build; the script's own build is the same after that.
@Suite(.serialized) struct InstallTests {
    @Test func installRunFromAnywhereAndUninstall() throws {
        let scratch = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let prefix = scratch + "/prefix"
        // The player's data lands in PREFIX/share/gamehost, as it does for the default
        // prefix ~/.local: the uninstall must leave it there.
        let environment = ["HOME": scratch + "/home", "XDG_CONFIG_HOME": scratch + "/xdg",
                           "XDG_DATA_HOME": prefix + "/share", "NO_COLOR": "1"]
        let install = try shell("Scripts/install.sh --prefix \(quoted(prefix)) --binary \(quoted(Tmux.binary))",
                                in: repositoryRoot, environment: environment)
        #expect(install.status == 0, "\(install.output)")
        let files = ["bin/gamehost", "share/gamehost/config.json", "share/man/man1/gamehost.1",
                     "share/bash-completion/completions/gamehost", "share/zsh/site-functions/_gamehost",
                     "share/fish/vendor_completions.d/gamehost.fish", "share/gamehost/install-manifest"]
        for file in files { #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        let gamehost = quoted(prefix + "/bin/gamehost")

        // From /, and from a folder whose config.json is broken: neither is read.
        let stray = scratch + "/stray"
        try FileManager.default.createDirectory(atPath: stray, withIntermediateDirectories: true)
        try "{ not json".write(toFile: stray + "/config.json", atomically: true, encoding: .utf8)
        for folder in ["/", stray] {
            let list = try shell("\(gamehost) list", in: folder, environment: environment)
            #expect(list.status == 0, "\(list.output)")
            for game in GameListing.all { #expect(list.output.contains(game.id), "\(folder): \(game.id)") }
        }
        let round = try shell("printf '\\n1\\n2\\n3\\n' | \(gamehost) play arithmetic-quiz --seed 7 --set questions=3",
                              environment: environment)
        #expect(round.status == 0 && round.output.contains("Finished in"), "\(round.output.suffix(600))")
        let saved = try shell("\(gamehost) prefs memorize --set matched=hide", environment: environment)
        #expect(saved.status == 0 && saved.output.contains("matched = \"hide\"  (saved)"), "\(saved.output)")

        // The installed config.json is the one read, and the user's overrides it.
        let installedConfig = prefix + "/share/gamehost/config.json"
        #expect(FileManager.default.fileExists(atPath: installedConfig))
        func startsWith(_ start: String) -> String {
            #"{"format": 1, "preferences": {"memorize": {"start": "\#(start)"}}}"#
        }
        try startsWith("last-theme").write(toFile: installedConfig, atomically: true, encoding: .utf8)
        let fromInstalled = try shell("\(gamehost) prefs memorize", environment: environment)
        #expect(fromInstalled.output.contains("start   = \"last-theme\"  (config.json)"), "\(fromInstalled.output)")
        try FileManager.default.createDirectory(atPath: scratch + "/xdg/gamehost", withIntermediateDirectories: true)
        try startsWith("chooser").write(toFile: scratch + "/xdg/gamehost/config.json", atomically: true, encoding: .utf8)
        let fromUser = try shell("\(gamehost) prefs memorize", environment: environment)
        #expect(fromUser.output.contains("start   = \"chooser\"  (config.json)"), "\(fromUser.output)")

        let manual = try shell("\(gamehost) man", environment: environment)
        #expect(try String(contentsOfFile: prefix + "/share/man/man1/gamehost.1", encoding: .utf8) == manual.output)

        let uninstall = try shell("Scripts/install.sh --prefix \(quoted(prefix)) --uninstall",
                                  in: repositoryRoot, environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        // Only the saved data is left: the games' folders and the folders that hold them.
        let left = (try FileManager.default.subpathsOfDirectory(atPath: prefix)).sorted()
        #expect(left.contains("share/gamehost/memorize/preferences.json")
                && left.contains("share/gamehost/arithmetic-quiz/scores.json"), "what is left: \(left)")
        let games = GameListing.all.map(\.id)
        for path in left where !["share", "share/gamehost"].contains(path) {
            let game = path.split(separator: "/").dropFirst(2).first.map(String.init) ?? ""
            #expect(path.hasPrefix("share/gamehost/") && games.contains(game), "left behind: \(path)")
        }
    }

    /// Run again (an upgrade), install.sh keeps an operator's changed config.json and puts the
    /// new default beside it; an unchanged one is simply replaced (audit C2).
    @Test func anUpgradeKeepsAChangedConfig() throws {
        let scratch = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let prefix = scratch + "/prefix"
        let environment = ["HOME": scratch + "/home", "XDG_CONFIG_HOME": scratch + "/xdg", "NO_COLOR": "1"]
        func install() throws -> String {
            let run = try shell("Scripts/install.sh --prefix \(quoted(prefix)) --binary \(quoted(Tmux.binary))",
                                in: repositoryRoot, environment: environment)
            #expect(run.status == 0, "\(run.output)")
            return run.output
        }
        let config = prefix + "/share/gamehost/config.json"
        let shipped = try String(contentsOfFile: repositoryRoot + "/config.json", encoding: .utf8)
        _ = try install()
        // Installed again unchanged: replaced, nothing beside it.
        #expect(!(try install()).contains("is kept"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == shipped)
        #expect(!FileManager.default.fileExists(atPath: config + ".new"))

        let operators = #"{"format": 1, "hosting": {"signUp": false}}"#
        try operators.write(toFile: config, atomically: true, encoding: .utf8)
        let output = try install()
        #expect(try String(contentsOfFile: config, encoding: .utf8) == operators, "the operator's config stays")
        #expect(try String(contentsOfFile: config + ".new", encoding: .utf8) == shipped)
        #expect(output.contains("config.json was changed since it was installed, so it is kept"), "\(output)")
        // The uninstall leaves the operator's file too.
        let uninstall = try shell("Scripts/install.sh --prefix \(quoted(prefix)) --uninstall", in: repositoryRoot,
                                  environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == operators)
    }

    @Test func badArgumentsAreNamed() throws {
        let result = try shell("Scripts/install.sh --prefix", in: repositoryRoot)
        #expect(result.status == 64 && result.output.contains("--prefix needs a folder"), "\(result.output)")
        let unknown = try shell("Scripts/install.sh --frobnicate", in: repositoryRoot)
        #expect(unknown.status == 64 && unknown.output.contains("unknown argument '--frobnicate'"), "\(unknown.output)")
        let nothing = try shell("Scripts/install.sh --prefix \(quoted(scratchDirectory())) --uninstall", in: repositoryRoot)
        #expect(nothing.status == 1 && nothing.output.contains("nothing to uninstall"), "\(nothing.output)")
    }
}
