@testable import GameHost
import Testing

@Suite struct PreferenceSchemaTests {
    struct Values: Sendable, Equatable {
        enum Speed: String, CaseIterable, Sendable, PreferenceChoice { case slow, fast }
        var speed = Speed.slow
        var count = 3
        var sound = true
        var name = "Ada"
    }

    static let schema = PreferenceSchema(defaults: Values(), fields: [
        .choice("speed", \.speed, label: "Speed", help: "How fast"),
        .integer("count", \.count, in: 1...5, label: "Count", help: "How many"),
        .toggle("sound", \.sound, label: "Sound", help: "Beeps"),
        .text("name", \.name, maxLength: 8, label: "Name", help: "Who"),
    ])
    static let erased = AnyPreferenceSchema(schema)

    @Test func defaultsAndTypedValuesRoundTrip() {
        #expect(Self.erased.defaults == ["speed": .choice("slow"), "count": .integer(3), "sound": .toggle(true),
                                         "name": .text("Ada")])
        let values: PreferenceValues = ["speed": .choice("fast"), "count": .integer(5), "sound": .toggle(false),
                                        "name": .text("Bo")]
        let typed = Self.schema.typed(values)
        #expect(typed == Values(speed: .fast, count: 5, sound: false, name: "Bo"))
        #expect(Self.schema.values(of: typed) == values)
        #expect(Self.schema.typed(["count": .integer(99)]).count == 3, "a bad value keeps the default")
    }

    @Test(arguments: [
        ("speed", JSONValue.string("fast"), PreferenceValue.choice("fast")),
        ("count", .number(5), .integer(5)),
        ("sound", .bool(false), .toggle(false)),
        ("name", .string("Zoë"), .text("Zoë")),
    ])
    func goodValuesAreAccepted(_ key: String, _ json: JSONValue, _ expected: PreferenceValue) throws {
        #expect(try Self.erased.validate(game: "demo", key: key, json: json) == expected)
    }

    @Test(arguments: [
        ("speed", JSONValue.string("warp"), "one of slow, fast"),
        ("speed", .bool(true), "one of slow, fast"),
        ("count", .number(6), "a whole number from 1 to 5"),
        ("count", .number(0), "a whole number from 1 to 5"),
        ("count", .number(2.5), "a whole number from 1 to 5"),
        ("count", .string("3"), "a whole number from 1 to 5"),
        ("sound", .string("yes"), "true or false"),
        ("sound", .number(1), "true or false"),
        ("name", .string(""), "text of 1 to 8 characters"),
        ("name", .string("Bartholomew"), "text of 1 to 8 characters"),
        ("name", .string("a\u{1B}[2J"), "without control characters"),
        ("name", .null, "text of 1 to 8 characters"),
    ])
    func badValuesAreRefusedByName(_ key: String, _ json: JSONValue, _ allowed: String) {
        #expect {
            try Self.erased.validate(game: "demo", key: key, json: json)
        } throws: { error in
            let message = "\(error)"
            return message.contains("demo") && message.contains("'\(key)'") && message.contains(allowed)
                && !message.contains("\u{1B}")
        }
    }

    @Test func unknownKeysListTheKnownOnes() {
        #expect {
            try Self.erased.validate(game: "demo", key: "colour", json: .bool(true))
        } throws: { error in
            "\(error)" == "demo has no preference 'colour'; its keys are speed, count, sound, name"
        }
    }

    @Test func commandLineValuesAreParsedByKind() throws {
        #expect(try Self.erased.validate(game: "d", key: "count", argument: "4") == .integer(4))
        #expect(try Self.erased.validate(game: "d", key: "sound", argument: "off") == .toggle(false))
        #expect(try Self.erased.validate(game: "d", key: "speed", argument: "fast") == .choice("fast"))
        #expect(throws: PreferenceError.self) { try Self.erased.validate(game: "d", key: "count", argument: "four") }
    }

    @Test func steppingWrapsChoicesAndStopsAtRangeEnds() {
        let fields = Self.erased.fields
        #expect(fields[0].kind.step(.choice("fast"), by: 1) == .choice("slow"))
        #expect(fields[0].kind.step(.choice("slow"), by: -1) == .choice("fast"))
        #expect(fields[1].kind.step(.integer(5), by: 1) == .integer(5))
        #expect(fields[1].kind.step(.integer(1), by: -1) == .integer(1))
        #expect(fields[2].kind.step(.toggle(true), by: 1) == .toggle(false))
        #expect(fields[0].kind.display(.choice("fast")) == "Fast")
        #expect(fields[2].kind.display(.toggle(true)) == "on")
    }
}

@Suite struct ChoiceLabelTests {
    enum Sample: String, PreferenceChoice { case lastTheme = "last-theme", dim, empty = "", accent = "été", digit = "2x", mark = "e\u{301}cole" }

    @Test func theFirstLetterIsRaised() {
        #expect(Sample.lastTheme.label == "Last-theme")
        #expect(Sample.dim.label == "Dim")
        #expect(Sample.empty.label == "")
        #expect(Sample.accent.label == "Été")
        #expect(Sample.digit.label == "2x")
        #expect(Sample.mark.label == "E\u{301}cole")
    }
}
