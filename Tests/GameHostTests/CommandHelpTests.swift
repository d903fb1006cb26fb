@testable import GameHost
import Testing

/// Every command answers --help with its own usage, from the reference the man page and the
/// completions are made from; the list comes from the reference, so a command added there is
/// covered here without a line more.
@Suite struct CommandHelpTests {
    @Test(arguments: CommandReference.commandNames)
    func everyCommandAnswersHelpWithItsOwnUsage(_ name: String) throws {
        for words in [[name, "--help"], [name, "-h"], ["--help", name], ["help", name], [name, "x", "--help"]] {
            let arguments = try Arguments.parse(words)
            #expect(arguments.help && arguments.helpTopic == name, "\(words)")
        }
        let command = try #require(CommandReference.commands.first { $0.name == name })
        let text = try #require(CommandReference.usage(of: name))
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("Usage: gamehost \(name)" + (command.synopsis.isEmpty ? "" : " " + command.synopsis)))
        // What it does, in the man page's words (wrapped, so read back with the breaks as spaces).
        #expect(text.replacingAll("\n", with: " ").contains(command.detail), "\(text)")
        for option in command.options { #expect(text.contains("\n  " + option + " "), "\(name): \(option)") }
        let others = Set(CommandReference.commands.flatMap(\.options)).subtracting(command.options)
        for option in others { #expect(!text.contains("  " + option + " "), "\(name) lists \(option) of another command") }
        #expect(!text.contains("\n  gamehost "), "not the whole usage")
    }

    @Test(arguments: CommandReference.commandNames)
    func helpExitsZeroAndRunsNothing(_ name: String) {
        var launcher = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}", environment: [:])
        launcher.check = { _, _ in Issue.record("check ran"); return 1 }
        launcher.new = { _, _ in Issue.record("new ran"); return 1 }
        #expect(launcher.main([name, "--help"]) == Launcher.ExitCode.ok)
        #expect(launcher.main(["help", name]) == Launcher.ExitCode.ok)
    }

    @Test func theGeneralOptionsAreListedWhereTheyApply() throws {
        let play = try #require(CommandReference.usage(of: "play"))
        #expect(play.contains("  --data-dir PATH") && play.contains("  --seed N"))
        let man = try #require(CommandReference.usage(of: "man"))
        #expect(!man.contains("--data-dir"), "man takes no options")
        #expect(CommandReference.usage(of: "") == CommandReference.usage)
        #expect(CommandReference.usage(of: "bogus") == nil)
        #expect(CommandReference.usage(of: "list", program: "coin-launcher")?.hasPrefix("Usage: coin-launcher list") == true)
    }

    /// Each command's help offers only the options that do something there, in its own words
    /// (audit N25).
    @Test func aCommandsHelpListsOnlyWhatItTakes() throws {
        let list = try #require(CommandReference.usage(of: "list"))
        #expect(list.contains("  --config PATH") && !list.contains("--plain") && !list.contains("--no-mouse")
                && !list.contains("--trace") && !list.contains("--data-dir"), "\(list)")
        let new = try #require(CommandReference.usage(of: "new"))
        #expect(!new.contains("\n  --") && !new.contains("[options]"), "\(new)")
        let play = try #require(CommandReference.usage(of: "play"))
        #expect(play.contains("  --keys 'KEY ...'") && play.contains("wait:MS") && !play.contains("with check"), "\(play)")
        let check = try #require(CommandReference.usage(of: "check"))
        #expect(check.contains("  --keys N") && !check.contains("with play"), "\(check)")
        let host = try #require(CommandReference.usage(of: "host"))
        #expect(host.hasPrefix("Usage: gamehost host sshd-config|serve|authorized-keys|status|players|ban ...\n"), "\(host)")
        #expect(host.contains("  --account NAME") && host.contains("  --data-dir DIR") && !host.contains("--plain"), "\(host)")
    }

    @Test func helpWithoutACommandIsTheWholeUsageAndAnUnknownOneIsRefused() throws {
        #expect(try Arguments.parse(["help"]).helpTopic == nil)
        #expect(try Arguments.parse(["--help"]).help)
        #expect(throws: UsageError.self) { try Arguments.parse(["help", "bogus"]) }
        #expect(throws: UsageError.self) { try Arguments.parse(["bogus", "--help"]) }
        // Without --help the commands still want what they need.
        #expect(throws: UsageError("'play' needs a game id")) { try Arguments.parse(["play"]) }
        #expect(throws: UsageError("'replay' needs a journal or trace file")) { try Arguments.parse(["replay"]) }
    }

    @Test func aLauncherWithoutNewHasNoHelpForIt() {
        let launcher = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}", environment: [:],
                                programName: "coin-launcher")
        #expect(launcher.main(["new", "--help"]) == Launcher.ExitCode.usage)
        #expect(launcher.main(["play", "--help"]) == Launcher.ExitCode.ok)
    }
}
