import Foundation
@testable import GameHost
import Testing

/// A launcher built elsewhere: its own name in its messages and help, no commands it was not
/// given, and a catalog with one id twice refused.
@Suite struct LauncherTests {
    @Test func helpAndMessagesCarryTheProgramsName() {
        let help = Arguments.usage(program: "coin-launcher", scaffolds: false)
        #expect(help.contains("  coin-launcher list ") && help.contains("  coin-launcher check [<id>]"))
        #expect(!help.contains("gamehost") && !help.contains(" new <Name>"))
        #expect(help.contains("never ./config.json"))
        #expect(Arguments.usage().contains("  gamehost new <Name>"))
        #expect(UsageError("unknown game 'x'").text(program: "coin-launcher")
                == "coin-launcher: unknown game 'x' (try 'coin-launcher --help')")
    }

    @Test func aCommandTheLauncherWasNotGivenIsAUsageError() {
        let launcher = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}", environment: [:],
                                programName: "coin-launcher")
        #expect(launcher.main(["new", "Thing"]) == Launcher.ExitCode.usage)
        #expect(launcher.main(["check"]) == Launcher.ExitCode.usage)
    }

    @Test func checkGoesToWhatTheProgramGave() {
        var launcher = Launcher(catalog: [GameEntry(CounterGame.self)], builtInConfig: "{}", environment: [:])
        launcher.check = { _, arguments in arguments.command == .check("counter") ? 42 : 0 }
        #expect(launcher.main(["check", "counter"]) == 42)
    }

    @Test func twoGamesWithOneIDAreRefused() throws {
        let launcher = Launcher(catalog: [GameEntry(CounterGame.self), GameEntry(CounterGame.self)],
                                builtInConfig: "{}", environment: [:])
        #expect { try launcher.prepare(try Arguments.parse(["list"])) } throws: { error in
            "\(error)".contains("two games have the id 'counter' (Counter and Counter)")
        }
    }
}
