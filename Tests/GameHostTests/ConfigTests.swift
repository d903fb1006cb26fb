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
             "dataDirectory": "/tmp/somewhere", "color": "never"}
            """)
        #expect(config.preferences["counter"] == ["limit": .integer(7), "step": .choice("two")])
        #expect(config.dataDirectory == "/tmp/somewhere" && config.color == .never)
    }

    @Test(arguments: [
        ("{", "not valid JSON"),
        ("[]", "the top level must be an object"),
        (#"{"theme": 1}"#, "unknown key 'theme'; allowed keys: format, games, preferences, dataDirectory, color"),
        (#"{"format": 2}"#, "'format' is 2"),
        (#"{"games": "counter"}"#, "'games' must be a list of game ids"),
        (#"{"games": ["chess"]}"#, "'games' names an unknown game 'chess'; valid ids: counter"),
        (#"{"games": []}"#, "'games' is empty"),
        (#"{"games": ["counter", "counter"]}"#, "'games' lists 'counter' twice"),
        (#"{"preferences": {"chess": {}}}"#, "'preferences' names an unknown game 'chess'; valid ids: counter"),
        (#"{"preferences": {"counter": 3}}"#, "'preferences.counter' must be an object"),
        (#"{"preferences": {"counter": {"limit": 10}}}"#, "counter: 'limit' cannot be 10; allowed: a whole number from 1 to 9"),
        (#"{"preferences": {"counter": {"limit": "5"}}}"#, "counter: 'limit' cannot be \"5\""),
        (#"{"preferences": {"counter": {"speed": 1}}}"#, "counter has no preference 'speed'; its keys are limit, step"),
        (#"{"dataDirectory": 5}"#, "'dataDirectory' must be a folder path"),
        (#"{"color": "pink"}"#, "'color' cannot be \"pink\"; allowed: auto, always, never"),
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
