import Foundation
import Testing

/// `gamehost check` from the shipped binary (each check in a child process: the binary
/// started again), and `play --keys`, which replays the steps a failure names.
@Suite struct CheckEndToEndTests {
    @Test func checkPrintsAReportAndExitsWithItsVerdict() throws {
        let result = try runGamehost(["check", "compatibility-slider", "--keys", "60"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasPrefix("compatibility-slider: passed\n  info: ok"), "\(result.output)")
        #expect(result.output.hasSuffix("All modules conform.\n"), "\(result.output)")
        let unknown = try runGamehost(["check", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("unknown game 'nope'; games: "))
    }

    /// The keys given by name leave the game where the same keys typed leave it.
    @Test func playKeysPressesTheKeysByName() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let common = ["play", "compatibility-slider", "--seed", "4", "--plain"]
        let named = try runGamehost(common + ["--data-dir", data + "/a", "--keys", "right right 1"])
        let typed = try runGamehost(common + ["--data-dir", data + "/b"], input: "\u{1B}[C\u{1B}[C1")
        #expect(named.status == 0 && typed.status == 0, "\(named.error)\(typed.error)")
        func lastFrame(_ output: String) -> String {
            let frames = output.components(separatedBy: "\n").split { $0.count >= 10 && $0.allSatisfy { $0 == "-" } }
            return frames.last { $0.contains { !$0.isEmpty } }?.joined(separator: "\n") ?? ""
        }
        #expect(lastFrame(named.output).contains("Player 1"), "\(named.output)")
        #expect(lastFrame(named.output) == lastFrame(typed.output), "\(named.output)\n\(typed.output)")
        let bad = try runGamehost(common + ["--keys", "right nowhere"])
        #expect(bad.status == 64)
        #expect(bad.error.contains("unknown key 'nowhere'"))
    }

    /// Waits among the keys let time pass as a script's time sequence does: the snake moves.
    @Test func playKeysLetsTimePass() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let common = ["play", "snake", "--seed", "3", "--plain"]
        let named = try runGamehost(common + ["--data-dir", data + "/a", "--keys", "right wait:1500"])
        let typed = try runGamehost(common + ["--data-dir", data + "/b"], input: "\u{1B}[C\u{1B}[=1500t")
        let still = try runGamehost(common + ["--data-dir", data + "/c", "--keys", "right"])
        #expect(named.status == 0 && typed.status == 0 && still.status == 0, "\(named.error)\(typed.error)")
        func lastFrame(_ output: String) -> String {
            let frames = output.components(separatedBy: "\n").split { $0.count >= 10 && $0.allSatisfy { $0 == "-" } }
            return frames.last { $0.contains { !$0.isEmpty } }?.joined(separator: "\n") ?? ""
        }
        #expect(lastFrame(named.output) == lastFrame(typed.output), "\(named.output)\n\(typed.output)")
        #expect(lastFrame(named.output) != lastFrame(still.output), "\(named.output)\n\(still.output)")
    }
}
