@testable import GameHost
import Testing

@Suite struct ManualTests {
    let catalog = [GameEntry(CounterGame.self)]

    /// The man page with roff's escapes and font changes taken out.
    var manText: String {
        ManPage.render(catalog: catalog, version: "1.2.3")
            .replacingAll("\\-", with: "-").replacingAll("\\fB", with: "").replacingAll("\\fI", with: "")
            .replacingAll("\\fR", with: "").replacingAll("\\e", with: "\\")
    }

    @Test func everyCommandAndOptionOfHelpIsInTheManPage() {
        let help = Arguments.usage()
        var commands: [String] = [], options: Set<String> = []
        for line in help.split(separator: "\n") {
            let words = line.split(separator: " ")
            // "  gamehost play <id>…": the command follows one space; the menu's summary, many.
            if line.hasPrefix("  gamehost "), let first = line.dropFirst(11).first, first.isLetter {
                commands.append(String(words[1]))
            }
            for word in words where word.hasPrefix("--") {
                options.insert(String(word.prefix { $0 == "-" || $0.isLetter }))
            }
        }
        #expect(commands == CommandReference.commandNames)
        #expect(options.count >= 11)
        let man = manText
        for command in commands { #expect(man.contains("gamehost " + command), "\(command)") }
        for option in options { #expect(man.contains(option), "\(option)") }
    }

    @Test func theManPageIsRoffWithTheGamesAndTheirPreferences() {
        let man = ManPage.render(catalog: catalog, version: "1.2.3")
        #expect(man.hasPrefix(".TH GAMEHOST 1 \"\" \"gamehost 1.2.3\""))
        #expect(!man.split(separator: "\n").contains { $0.hasPrefix("'") })
        #expect(manText.contains("counter") && manText.contains("--set limit="))
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "GAMES", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
            #expect(man.contains(".SH " + section))
        }
    }

    @Test func roffEscapesWhatWouldActAsMarkup() {
        #expect(ManPage.escape("a-b\\c") == "a\\-b\\ec")
        #expect(ManPage.escape(".TH x") == "\\&.TH x")
        #expect(ManPage.escape("'x") == "\\&'x")
    }

    @Test func completionsOfferGamesAndSettingsInEveryShell() throws {
        for shell in CommandReference.shells {
            let script = try #require(Completions.script(for: shell, catalog: catalog))
            #expect(script.contains("counter"), "\(shell)")
            #expect(script.contains("limit=1") && script.contains("step="), "\(shell)")
            for command in CommandReference.commandNames { #expect(script.contains(command), "\(shell): \(command)") }
            for option in CommandReference.options {
                #expect(script.contains(shell == "fish" ? "-l " + option.name.dropFirst(2) : option.name), "\(shell): \(option.name)")
            }
        }
        #expect(Completions.script(for: "tcsh", catalog: catalog) == nil)
    }

    @Test func wordsThatWouldNeedQuotingAreLeftOut() {
        #expect(Completions.isPlainWord("difficulty=hard"))
        #expect(!Completions.isPlainWord("a b"))
        #expect(!Completions.isPlainWord("x'y"))
        #expect(!Completions.isPlainWord("$(rm)"))
        #expect(!Completions.isPlainWord("é"))
    }

    @Test func shippingCommandsTakeTheirOwnWordsOnly() {
        #expect(ShippingCommands.run(["list"], catalog: catalog) == nil)
        #expect(ShippingCommands.run([], catalog: catalog) == nil)
        #expect(ShippingCommands.run(["--config", "man", "list"], catalog: catalog) == nil)
        #expect(ShippingCommands.run(["completions"], catalog: catalog) == 64)
        #expect(ShippingCommands.run(["completions", "tcsh"], catalog: catalog) == 64)
        #expect(ShippingCommands.run(["completions", "bash", "zsh"], catalog: catalog) == 64)
        #expect(ShippingCommands.run(["man", "--plain"], catalog: catalog) == 64)
        #expect(ShippingCommands.run(["man", "x"], catalog: catalog) == 64)
    }
}
