import Foundation
@testable import GameHost
import Testing

@Suite struct ConfigTests {
    static let games = [GameEntry(CounterGame.self)]

    func parse(_ text: String) throws(ConfigError) -> Config {
        try Config.parse(Data(text.utf8), source: "config.json", games: Self.games)
    }

    @Test func anEmptyObjectMeansEveryGameAndNoSettings() throws {
        let config = try parse("{}")
        #expect(config.menu == ["counter"] && config.preferences.isEmpty && config.color == .auto)
        #expect(config.dataDirectory == nil)
    }

    @Test func aFullConfig() throws {
        let config = try parse("""
            {"format": 1, "games": ["counter"], "preferences": {"counter": {"limit": 7, "step": "two"}},
             "dataDirectory": "/tmp/somewhere", "color": "never", "ambiguousWidth": "wide"}
            """)
        #expect(config.preferences["counter"] == ["limit": .integer(7), "step": .choice("two")])
        #expect(config.dataDirectory == "/tmp/somewhere" && config.color == .never && config.ambiguousWidth == .wide)
        #expect(config.journalHistory == 10 && config.resume)
        let journals = try parse(#"{"journalHistory": 0, "resume": false}"#)
        #expect(journals.journalHistory == 0 && !journals.resume)
    }

    @Test(arguments: [
        ("{", "not valid JSON"),
        ("[]", "the top level must be an object"),
        (#"{"theme": 1}"#, "unknown key 'theme'; allowed keys: format, games, hidden, preferences, dataDirectory, color, ambiguousWidth, journalHistory, resume"),
        (#"{"ambiguousWidth": 2}"#, "'ambiguousWidth' cannot be 2; allowed: auto, narrow, wide"),
        (#"{"format": 2}"#, "'format' is 2"),
        (#"{"games": "counter"}"#, "'games' must be a list of game ids"),
        (#"{"games": ["chess"]}"#, "'games' names an unknown game 'chess'; valid ids: counter"),
        (#"{"hidden": ["counter"]}"#, "'hidden' hides every game"),
        (#"{"hidden": ["chess"]}"#, "'hidden' names an unknown game 'chess'"),
        (#"{"games": ["counter"], "hidden": ["counter"]}"#, "'counter' is in both 'games' and 'hidden'"),
        (#"{"games": ["counter", "counter"]}"#, "'games' lists 'counter' twice"),
        (#"{"preferences": {"chess": {}}}"#, "'preferences' names an unknown game 'chess'; valid ids: counter"),
        (#"{"preferences": {"counter": 3}}"#, "'preferences.counter' must be an object"),
        (#"{"preferences": {"counter": {"limit": 10}}}"#, "counter: 'limit' cannot be 10; allowed: a whole number from 1 to 9"),
        (#"{"preferences": {"counter": {"limit": "5"}}}"#, "counter: 'limit' cannot be \"5\""),
        (#"{"preferences": {"counter": {"speed": 1}}}"#, "counter has no preference 'speed'; its keys are limit, step"),
        (#"{"dataDirectory": 5}"#, "'dataDirectory' must be a folder path"),
        (#"{"color": "pink"}"#, "'color' cannot be \"pink\"; allowed: auto, always, never"),
        (#"{"journalHistory": -1}"#, "'journalHistory' cannot be -1; allowed: a whole number of finished rounds' journals to keep per game, from 0 to 1000"),
        (#"{"journalHistory": 2.5}"#, "'journalHistory' cannot be 2.5"),
        (#"{"journalHistory": "10"}"#, "'journalHistory' cannot be \"10\""),
        (#"{"resume": "no"}"#, "'resume' cannot be \"no\"; allowed: true"),
        (#"{"mouse": "off"}"#, "'mouse' cannot be \"off\"; allowed: true, false"),
    ])
    func badConfigsAreRefusedWithOneClearMessage(_ text: String, _ expected: String) {
        #expect {
            _ = try parse(text)
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("config.json: ") && message.contains(expected)
        }
    }

    /// A second game, so that there is an order to choose.
    enum OtherGame: GameModule {
        static let info = GameInfo(id: "other", title: "Other", summary: "Another counter")
        static func makeRoot(_ preferences: NoPreferences, _ context: GameContext) -> Screen {
            CounterGame.makeRoot(CounterPreferences(), context)
        }
    }

    @Test func gamesOrdersTheMenuAndAGameItLeavesOutComesAfter() throws {
        let games = [GameEntry(CounterGame.self), GameEntry(OtherGame.self)]
        func menu(_ text: String) throws -> [String] {
            try Config.parse(Data(text.utf8), source: "config.json", games: games).menu
        }
        #expect(try menu("{}") == ["counter", "other"])
        #expect(try menu(#"{"games": ["other"]}"#) == ["other", "counter"])
        #expect(try menu(#"{"games": []}"#) == ["counter", "other"])
        #expect(try menu(#"{"hidden": ["counter"]}"#) == ["other"])
        #expect(try menu(#"{"games": ["other"], "hidden": ["counter"]}"#) == ["other"])
    }

    @Test func relativeDataDirectoriesAreTakenFromTheConfigFolder() {
        #expect(Config.expand("data", relativeTo: "/etc/gamehost/config.json") == "/etc/gamehost/data")
        #expect(Config.expand("~/games", relativeTo: "config.json") == NSHomeDirectory() + "/games")
        #expect(Config.expand("/abs", relativeTo: "x") == "/abs")
    }

    @Test func aMissingOrFolderConfigIsNamed() {
        #expect { try Config.load(path: "/nonexistent/c.json", builtIn: "{}", games: Self.games) } throws: {
            "\($0)" == "/nonexistent/c.json: no such file"
        }
        #expect { try Config.load(path: NSTemporaryDirectory(), builtIn: "{}", games: Self.games) } throws: {
            "\($0)".contains("it is a directory")
        }
    }
}

@Suite struct PreferenceLayerTests {
    let directory = NSTemporaryDirectory() + "gamehost-layers-" + UUID().uuidString
    var notices: [String] = []

    func store(config: String = "{}", overrides: PreferenceValues = [:], report: @escaping (String) -> Void = { _ in })
        throws -> PreferenceStore {
        let games = [GameEntry(CounterGame.self)]
        let config = try Config.parse(Data(config.utf8), source: "config.json", games: games)
        return PreferenceStore(games: games, config: config, store: DataStore(directory: directory, report: report),
                               overrides: ["counter": overrides], report: report)
    }

    @Test func layersStackInOrder() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = #"{"preferences": {"counter": {"limit": 7, "step": "two"}}}"#
        var layers = try store(config: config)
        #expect(layers.effective("counter") == ["limit": .integer(7), "step": .choice("two")])
        #expect(layers.source("counter", key: "limit") == .config)
        try layers.set("counter", key: "limit", to: .integer(8))
        layers = try store(config: config, overrides: ["step": .choice("one")])
        #expect(layers.effective("counter") == ["limit": .integer(8), "step": .choice("one")])
        #expect(layers.source("counter", key: "limit") == .saved)
        #expect(layers.source("counter", key: "step") == .override)
        try layers.reset("counter")
        #expect(layers.effective("counter") == ["limit": .integer(7), "step": .choice("two")])
        #expect(try store().effective("counter") == ["limit": .integer(5), "step": .choice("one")])
        #expect(try store().source("counter", key: "limit") == .defaults)
    }

    @Test func aBadSavedValueIsReportedAndNotUsedAndNotRewritten() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/counter/preferences.json"
        try FileManager.default.createDirectory(atPath: directory + "/counter", withIntermediateDirectories: true)
        let text = #"{"format": 1, "data": {"limit": 42, "step": "two"}}"#
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        var reported: [String] = []
        let layers = try store(report: { reported.append($0) })
        #expect(layers.effective("counter") == ["limit": .integer(5), "step": .choice("two")])
        #expect(reported.count == 1)
        #expect(reported.first?.contains("counter: 'limit' cannot be 42; allowed: a whole number from 1 to 9") == true)
        #expect(String(decoding: FileManager.default.contents(atPath: file)!, as: UTF8.self) == text)
    }
}

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test func valuesOfEveryKind() throws {
        #expect(try parse(#" {"a": [1, -2.5e3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\udc36"]} "#) ==
                .object(["a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null,
                                      .string("x\"\\/\u{8}\u{C}\n\r\té🐶")])]))
        #expect(try parse("0") == .number(0))
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("[]") == .array([]) && parse("{}") == .object([:]))
    }

    @Test(arguments: [
        ("", "line 1, column 1: the text ends where a value should be"),
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", "line 3, column 7: expected ':' after a key"),
        ("[1 2]", "expected ',' or ']'"),
        ("{\"a\":1,}", "expected a key in double quotes"),
        ("01", "unexpected text after the value"),
        ("1.", "a number needs digits after '.'"),
        ("-", "a number needs digits"),
        ("1e999", "a number out of range"),
        ("\"a\u{1}b\"", "a control character inside a string"),
        ("\"\\x\"", "an unknown escape"),
        ("\"\\ud800\"", "a lone surrogate"),
        ("\"abc", "a string is not closed"),
        ("tru", "unexpected character where a value should be"),
        ("nul", "unexpected character where a value should be"),
        (String(repeating: "[", count: 300), "nested more than 256 deep"),
    ])
    func badTextIsRefusedWithWhereAndWhat(_ text: String, _ message: String) {
        #expect { try parse(text) } throws: { "\($0)".contains(message) }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect { try JSONValue.parse(Data([0x22, 0xFF, 0x22])) } throws: { "\($0)".contains("not UTF-8") }
    }
}

@Suite struct ConfigLookupTests {
    @Test func theUserConfigComesBeforeTheInstalledOne() {
        #expect(Config.searchPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/p"],
                                  executable: "/opt/gh/bin/gamehost")
                == ["/x/conf/gamehost/config.json", "/opt/gh/share/gamehost/config.json"])
        #expect(Config.searchPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/p"], executable: nil)
                == ["/home/p/.config/gamehost/config.json"])
    }

    @Test func theUserConfigThenTheInstalledOneThenTheBuiltIn() throws {
        let folder = NSTemporaryDirectory() + "gamehost-lookup-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/share/gamehost", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder + "/xdg"]

        let builtIn = try Config.load(path: nil, builtIn: "{}", games: ConfigTests.games,
                                      environment: environment, executable: folder + "/bin/gamehost")
        #expect(builtIn.source == "built-in config.json" && builtIn.color == .auto)

        try #"{"color": "always"}"#.write(toFile: folder + "/share/gamehost/config.json", atomically: true, encoding: .utf8)
        let installed = try Config.load(path: nil, builtIn: "{}", games: ConfigTests.games,
                                        environment: environment, executable: folder + "/bin/gamehost")
        #expect(installed.source == folder + "/share/gamehost/config.json" && installed.color == .always)

        try FileManager.default.createDirectory(atPath: folder + "/xdg/gamehost", withIntermediateDirectories: true)
        try #"{"color": "never"}"#.write(toFile: folder + "/xdg/gamehost/config.json", atomically: true, encoding: .utf8)
        let user = try Config.load(path: nil, builtIn: "{}", games: ConfigTests.games,
                                   environment: environment, executable: folder + "/bin/gamehost")
        #expect(user.source == folder + "/xdg/gamehost/config.json" && user.color == .never)
    }
}
