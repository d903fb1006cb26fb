@testable import GameHostConformance
import Testing

@Suite struct StateFingerprintTests {
    struct State: Encodable {
        var name: String
        var values: [String: Int]
        var list: [Int]
        var flag: Bool?
    }

    @Test func equalStatesMatchWhateverTheirDictionaryOrder() {
        var a: [String: Int] = [:]
        var b: [String: Int] = [:]
        for key in (0..<50).map(String.init) { a[key] = Int(key) }
        for key in (0..<50).map(String.init).reversed() { b[key] = Int(key) }
        #expect(StateFingerprint.of(State(name: "x", values: a, list: [1, 2], flag: nil))
                == StateFingerprint.of(State(name: "x", values: b, list: [1, 2], flag: nil)))
    }

    @Test func anyChangeChangesTheFingerprint() {
        let base = State(name: "x", values: ["a": 1], list: [1, 2], flag: true)
        let changes = [
            State(name: "y", values: ["a": 1], list: [1, 2], flag: true),
            State(name: "x", values: ["a": 2], list: [1, 2], flag: true),
            State(name: "x", values: ["b": 1], list: [1, 2], flag: true),
            State(name: "x", values: ["a": 1], list: [2, 1], flag: true),
            State(name: "x", values: ["a": 1], list: [1, 2], flag: nil),
        ]
        for changed in changes {
            #expect(StateFingerprint.of(changed) != StateFingerprint.of(base))
        }
    }
}
