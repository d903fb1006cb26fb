#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `gamehost check [<id>] [--keys N] [--time-limit S] [--seed N] [--strict]`: the conformance suite over the
/// catalog, a report per module as each is done, and a verdict in the exit status.
public struct CheckCommand {
    public let catalog: [GameEntry]

    public init(catalog: [GameEntry]) {
        self.catalog = catalog
    }

    /// - Parameters:
    ///   - keys: keys in all for each module's walks (a soak), spread over its starting points.
    ///   - timeLimit: seconds a key or a draw may take.
    ///   - strict: warnings fail the module too.
    ///   - seed: where the walks' seeds start (1 by default), as a room's replay command names it.
    /// - Returns: the exit status: 0 when every module conforms, 1 when one does not, 64
    ///   for an unknown game.
    ///   - room: replays one room walk from this starting point (`--room`), at `size`, its
    ///     `steps` as words (see `RoomReplay`).
    public func run(id: String?, keys: Int?, timeLimit: Double?, strict: Bool = false, seed: UInt64? = nil,
                    program: String = "gamehost", room: String? = nil, steps: [String] = [], size: Size? = nil) -> Int32 {
        let entries = catalog.filter { id == nil || $0.id == id }
        guard !entries.isEmpty else {
            let message = "gamehost: unknown game '\(id ?? "")'; games: \(catalog.map(\.id).joined(separator: ", "))"
            StandardError.write(TextSanitizer.clean(message) + " (try 'gamehost --help')\n")
            return 64
        }
        if let room, let entry = entries.first {
            return replay(entry, room: room, seed: seed ?? 1, size: size ?? Size(width: 80, height: 24), steps: steps,
                          program: program)
        }
        var failed = false
        for entry in entries {
            var options = ConformanceOptions(program: program, strict: strict)
            if let keys { options.keys = max(1, keys / Variant.all(entry).count) }
            if let timeLimit { options.timeLimit = timeLimit }
            if let seed { options.seed = seed }
            let report = ConformanceSuite.check([entry], catalog: catalog, options)
            failed = failed || !report.passed
            for module in report.modules { print(module.text) }
            fflush(nil)
        }
        print(failed ? "Some modules do not conform." : "All modules conform.")
        return failed ? 1 : 0
    }

    private func replay(_ entry: GameEntry, room: String, seed: UInt64, size: Size, steps: [String],
                        program: String) -> Int32 {
        let walk = "\(entry.id): the room walk from \(room), seed \(seed), \(size)"
        do {
            let found = try RoomReplay.run(entry, room: room, seed: seed, size: size, words: steps)
            guard !found.isEmpty else {
                print("\(walk): no problem in these \(steps.count) step(s).")
                return 0
            }
            for (problem, step) in found { print("\(walk), after step \(step) (\(steps[step - 1])): \(problem)") }
            return 1
        } catch {
            StandardError.write(error.text(program: program) + "\n")
            return 64
        }
    }
}
