import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A rule across numeric fields (audit F5, D14: Minesweeper's mines must be fewer than the
/// board's cells): the form says why and plays nothing that breaks it, `--set` and
/// config.json refuse it with the reason, and nothing is clamped silently.
@Suite struct PreferenceRuleNumberTests {
    struct Board: Sendable {
        var width = 9
        var height = 9
        var mines = 10
    }

    static let typed = PreferenceSchema(
        defaults: Board(),
        fields: [.integer("width", \.width, in: 3...30, label: "Width", help: "Columns"),
                 .integer("height", \.height, in: 5...16, label: "Height", help: "Rows"),
                 .integer("mines", \.mines, in: 1...200, label: "Mines", help: "How many")],
        conflict: { board in
            board.mines < board.width * board.height ? nil
                : PreferenceConflict(keys: ["mines", "width", "height"],
                                     reason: "\(board.mines) mines do not fit in \(board.width)×\(board.height) cells")
        })

    enum MinesGame: GameModule {
        static let info = GameInfo(id: "mines", title: "Mines", summary: "A board with mines")
        static let preferences = PreferenceRuleNumberTests.typed
        static func makeRoot(_ preferences: Board, _ context: GameContext) -> Screen {
            CounterGame.makeRoot(CounterGame.preferences.defaults, context)
        }
    }

    final class Saved {
        var values: PreferenceValues = [:]
    }

    func form(_ saved: Saved, config: PreferenceValues = [:]) -> PreferencesFormViewModel {
        let schema = AnyPreferenceSchema(Self.typed)
        let store = PreferencesFormViewModel.Store(
            save: { key, value in saved.values[key] = value },
            reset: { saved.values = [:] },
            values: { schema.defaults.merging(config) { $1 }.merging(saved.values) { $1 } },
            source: { saved.values[$0] == nil ? .defaults : .saved })
        return PreferencesFormViewModel(game: MinesGame.info, schema: schema, mode: .launch, store: store,
                                        play: .pop)
    }

    @Test func theFormRefusesAStepThatBreaksTheRuleAndSaysWhy() {
        let saved = Saved()
        saved.values = ["width": .integer(5), "height": .integer(5), "mines": .integer(24)]
        let model = form(saved)
        _ = model.handle(.select(1))            // Width
        _ = model.handle(.change(1))
        #expect(saved.values["width"] == .integer(6), "a bigger board takes the mines")
        _ = model.handle(.change(-1))
        #expect(saved.values["width"] == .integer(5))
        _ = model.handle(.change(-1))
        #expect(saved.values["width"] == .integer(5), "not clamped, not saved: the value stays")
        #expect(model.message == "Not saved: 24 mines do not fit in 4×5 cells.")
        _ = model.handle(.select(3))            // Mines
        _ = model.handle(.change(1))
        #expect(saved.values["mines"] == .integer(24))
        #expect(model.message == "Not saved: 25 mines do not fit in 5×5 cells.")
        _ = model.handle(.change(-1))
        #expect(saved.values["mines"] == .integer(23) && model.message == nil)
    }

    /// Values that break the rule can still meet (config.json changed under saved ones):
    /// Play then starts nothing and says why.
    @Test func playIsRefusedWhileTheValuesBreakTheRule() {
        let saved = Saved()
        saved.values = ["mines": .integer(30)]
        let model = form(saved, config: ["width": .integer(5), "height": .integer(5)])
        _ = model.handle(.select(0))
        #expect(model.handle(.activate).isEmpty)
        #expect(model.message == "Cannot play: 30 mines do not fit in 5×5 cells. Change one of them first.")
        saved.values = ["mines": .integer(20)]
        #expect(model.handle(.activate).count == 1)
    }

    @Test func setRefusesTooManyMinesWithTheReasonAndExit64() throws {
        let directory = NSTemporaryDirectory() + "mines-rule-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let launcher = Launcher(catalog: [GameEntry(MinesGame.self)], builtInConfig: "{}", environment: [:])
        let base = ["--config", ArgumentsTests.emptyConfig, "--data-dir", directory]
        for words in [["play", "mines", "--set", "mines=81"], ["prefs", "mines", "--set", "width=5", "--set", "height=5",
                                                               "--set", "mines=25"]] {
            #expect { try launcher.prepare(try Arguments.parse(words + base)) } throws: { error in
                (error as? Launcher.Failure)?.exitCode == 64
                    && "\(error)".contains("--set mines: 'mines' and 'width' and 'height' cannot go together: "
                        + "\(words.contains("mines=81") ? "81 mines do not fit in 9×9" : "25 mines do not fit in 5×5") cells")
            }
        }
        _ = try launcher.prepare(try Arguments.parse(["play", "mines", "--set", "mines=80"] + base))
    }

    /// Saved mines that fitted the board, until config.json made the board smaller: `play`
    /// refuses them with the reason rather than play them.
    @Test func playRefusesSavedValuesThatAChangedConfigMadeBreakTheRule() throws {
        let directory = NSTemporaryDirectory() + "mines-rule-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let launcher = Launcher(catalog: [GameEntry(MinesGame.self)], builtInConfig: "{}", environment: [:])
        let base = ["--data-dir", directory]
        #expect(launcher.run(try Arguments.parse(["prefs", "mines", "--set", "mines=30", "--config", ArgumentsTests.emptyConfig]
            + base)) == 0)
        let config = directory + "/config.json"
        try Data(#"{"preferences": {"mines": {"width": 5, "height": 5}}}"#.utf8).write(to: URL(fileURLWithPath: config))
        #expect { try launcher.prepare(try Arguments.parse(["play", "mines", "--config", config] + base)) } throws: { error in
            (error as? Launcher.Failure)?.exitCode == 64 && "\(error)".contains("30 mines do not fit in 5×5 cells")
                && !"\(error)".contains("--set")
        }
    }

    @Test func configJSONThatBreaksTheRuleIsRefusedWithTheReason() throws {
        let directory = NSTemporaryDirectory() + "mines-rule-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/config.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(#"{"preferences": {"mines": {"mines": 200}}}"#.utf8).write(to: URL(fileURLWithPath: config))
        let launcher = Launcher(catalog: [GameEntry(MinesGame.self)], builtInConfig: "{}", environment: [:])
        #expect { try launcher.prepare(try Arguments.parse(["play", "mines", "--config", config, "--data-dir", directory])) }
            throws: { "\($0)".contains("'preferences.mines': mines: 'mines' and 'width' and 'height' cannot go together: "
                + "200 mines do not fit in 9×9 cells") }
    }
}
