import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// The command a failure prints replays everything its walk did: keys, waits and clicks.
@Suite struct ReproductionTests {
    /// The probe's e key is locked by a tick while its button still adds ten: the walk that
    /// shows it needs time to pass and a click. Its command, read as a shell reads it and run
    /// as `play` runs it, reaches the same failure.
    @Test func aFailingWalkWithATickAndAClickIsReplayedByItsCommand() throws {
        var options = BrokenModuleTests.options
        options.keys = 2_000
        options.checks = ["clicks"]
        let report = ConformanceSuite.check(ClickWhileLockedProbe.self, options)
        let failure = try #require(report.failures.first { $0.check == "clicks" }, "\(report.text)")
        let steps = failure.steps ?? []
        #expect(steps.contains { $0.hasPrefix("wait:") } && steps.contains { $0.hasPrefix("click ") }, "\(report.text)")
        let command = try #require(failure.reproduce)
        #expect(!command.contains("#"), "\(command)")

        let words = Self.shellWords(command)
        let environment = words.prefix { $0.contains("=") && !$0.hasPrefix("-") }
        let size = Size(width: Int(environment.first { $0.hasPrefix("COLUMNS=") }?.dropFirst(8) ?? "") ?? 0,
                        height: Int(environment.first { $0.hasPrefix("LINES=") }?.dropFirst(6) ?? "") ?? 0)
        #expect(size == failure.walk?.size)
        // After the program's name: the arguments `play` gets.
        let arguments = try Arguments.parse(Array(words.dropFirst(environment.count + 1)))
        #expect(arguments.asksForARun)
        #expect(arguments.playInputs.map(\.word) == steps.map { $0.replacingOccurrences(of: " ", with: ":") })
        guard case .play(let id) = arguments.command, let seed = arguments.seed,
              case .mouse(let click)? = arguments.playInputs.last else {
            Issue.record("not a play command ending in a click: \(command)")
            return
        }

        let harness = try Harness(games: [GameEntry(ClickWhileLockedProbe.self)], play: id, seed: seed, size: size)
        let session = harness.session
        session.play(Array(arguments.playInputs.dropLast()))
        let model = try #require(session.topScreen?.model as? ProbeViewModel)
        // The failure: e is shown unavailable, the button under the click is not.
        #expect(model.state.locked)
        #expect(session.topScreen?.bindings().first { $0.keys == [.character("e")] }?.isEnabled == false)
        #expect(session.frame(size).region(atColumn: click.column, row: click.row)?.isEnabled == true)
        let count = model.state.count
        session.play([.mouse(click)])
        #expect(model.state.count == count + 10)
    }

    /// `play --keys` reads waits and clicks among the keys, and writes them back the same.
    @Test func playInputsReadBack() throws {
        let arguments = try Arguments.parse(["play", "counter", "--keys", "up wait:300 click:12,5 wheel-up:3,8 q"])
        #expect(arguments.playInputs == [.key(.up), .wait(milliseconds: 300), .mouse(.click(column: 12, row: 5)),
                                         .mouse(MouseEvent(.wheelUp, column: 3, row: 8)), .key(.character("q"))])
        #expect(arguments.playKeys == [.up, .character("q")])
        #expect(arguments.playInputs.map(\.word) == ["up", "wait:300", "click:12,5", "wheel-up:3,8", "q"])
        #expect(try Arguments.parse(["play", "counter", "--keys", "wait:300"]).asksForARun)
        #expect { try Arguments.parse(["play", "counter", "--keys", "wait:soon"]) } throws: {
            "\($0)".contains("--keys: unknown key 'wait:soon'")
        }
    }

    /// The words of a command as a POSIX shell splits them: single quotes (with `'\''`) and
    /// double quotes, enough for the commands the suite prints.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let done = word { words.append(done) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return words
    }
}


/// A failure the sizes check saw at another size than its walk's (D11): the command it prints
/// names that size, and run as printed it draws the same cut sentence.
@Suite struct SizedReproductionTests {
    @Test func aSizesFailureIsReplayedAtTheSizeItShowedAt() throws {
        var options = BrokenModuleTests.options
        options.checks = ["sizes"]
        let report = ConformanceSuite.check(CutsItsSentenceProbe.self, options)
        let failure = try #require(report.failures.first { $0.check == "sizes" }, "\(report.text)")
        let command = try #require(failure.reproduce)
        let words = ReproductionTests.shellWords(command)
        let environment = words.prefix { $0.contains("=") && !$0.hasPrefix("-") }
        let size = Size(width: Int(environment.first { $0.hasPrefix("COLUMNS=") }?.dropFirst(8) ?? "") ?? 0,
                        height: Int(environment.first { $0.hasPrefix("LINES=") }?.dropFirst(6) ?? "") ?? 0)
        // The message names the terminal it was seen in; the command runs in that one.
        #expect(failure.message.contains("(a \(size) terminal)"), "\(command)\n\(failure.message)")
        let arguments = try Arguments.parse(Array(words.dropFirst(environment.count + 1)))
        guard case .play(let id) = arguments.command, let seed = arguments.seed else {
            Issue.record("not a play command: \(command)")
            return
        }
        let harness = try Harness(games: [GameEntry(CutsItsSentenceProbe.self)], play: id, seed: seed, size: size)
        harness.session.play(arguments.playInputs)
        let top = try #require(harness.session.topScreen)
        let area = Size(width: size.width, height: size.height - Session.chromeHeight)
        // Cuts are recorded only in the suite's checking renders (issue 35), as the sizes check draws.
        let cuts = FrameChecks.cutText(Frame.recordingCuts { top.render(area) }.cuts)
        #expect(cuts.contains { failure.message.hasSuffix($0) }, "\(cuts) \(failure.message)")
    }
}
