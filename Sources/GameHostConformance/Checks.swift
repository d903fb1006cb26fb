#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// What a check works with: the module, the other ids of its catalog, the options, and the
/// channel it reports through.
struct CheckContext {
    let entry: GameEntry
    let catalog: [String]
    let options: ConformanceOptions
    let channel: Channel
}

/// Performs `step` on the walker and says what, if anything, went wrong in it.
typealias StepCheck = (Walker, Step) -> String?

/// The checks, by name, in the order they run. Each runs on its own (in its own child
/// process when the suite is isolated), so a crash in one leaves the others to run.
enum Checks {
    static let all: [(name: String, run: @Sendable (CheckContext) -> Int)] = [
        ("info", { InfoChecks.run($0) }),
        ("schema", { SchemaChecks.run($0) }),
        ("frames", { WalkChecks.frames($0) }),
        ("sizes", { WalkChecks.sizes($0) }),
        ("keys", { WalkChecks.keys($0) }),
        ("output", { WalkChecks.output($0) }),
        ("determinism", { Determinism.run($0) }),
        ("way-out", { WalkChecks.wayOut($0) }),
        ("clicks", { ClickChecks.run($0) }),
        ("rounds", { RoundChecks.run($0) }),
        ("too-small", { InfoChecks.tooSmall($0) }),
        ("persistence", { PersistenceChecks.run($0) }),
        ("resume", { ResumeChecks.run($0) }),
        ("seats", { SeatChecks.run($0) }),
    ]

    /// Runs one check in this process; returns its failures and the keys it pressed.
    static func run(_ name: String, _ context: CheckContext) -> CheckResult {
        let begin = Date()
        let keys = all.first { $0.name == name }?.run(context) ?? 0
        return CheckResult(name: name, failures: context.channel.failures, seconds: Date().timeIntervalSince(begin),
                           keys: keys)
    }

    /// A failure without steps (the module's info, its schema).
    static func fail(_ context: CheckContext, _ check: String, _ message: String) {
        context.channel.send(.failure(ConformanceFailure(module: context.entry.id, check: check, kind: .problem,
                                                         message: message)))
    }

    /// A failure found on a walk: its steps shortened, and the command that replays it.
    static func fail(_ context: CheckContext, _ check: String, _ message: String, start: WalkStart, steps: [Step],
                     kind: ConformanceFailure.Kind = .problem) {
        let failure = ConformanceFailure(
            module: context.entry.id, check: check, kind: kind, message: message, walk: start,
            steps: steps.map(\.text),
            reproduce: Reproduction.command(context.entry, start, steps: steps, options: context.options))
        context.channel.send(.failure(failure))
    }

    // MARK: - Walks

    /// Walks from every starting point, `keys` steps from each (a walk that leaves the game
    /// is followed by a fresh one), running `check` on every step. The first problem of each
    /// starting point is shrunk and reported. Returns the keys pressed.
    static func walk(_ context: CheckContext, _ name: String, keys: Int, sizes: [Size],
                     pick: ((Walker, inout SeededGenerator) -> Step)? = nil, check: @escaping StepCheck) -> Int {
        var pressed = 0
        for (index, variant) in Variant.all(context.entry).enumerated() {
            var remaining = keys
            var number = 0
            // A walk that leaves the game on waits alone presses no key; the count of walks
            // still ends the loop.
            walks: while remaining > 0, number < keys + 10 {
                let start = WalkStart(variant: index, label: variant.name,
                                      seed: context.options.seed &+ UInt64(index) &* 1_000 &+ UInt64(number),
                                      size: sizes[(index + number) % sizes.count])
                number += 1
                guard let walker = try? Walker(context.entry, start, channel: context.channel) else {
                    fail(context, name, "cannot start from \(variant.name)")
                    break
                }
                guard walker.inGame else {
                    fail(context, name, "the game's first screen did not open (its ids must start with '\(context.entry.id).')")
                    break
                }
                var random = SeededGenerator(seed: start.seed ^ 0x5EED_0F_CAFE)
                while remaining > 0, walker.inGame {
                    let step = pick?(walker, &random) ?? defaultStep(walker, &random)
                    if case .key = step { remaining -= 1; pressed += 1 }
                    if let problem = check(walker, step) {
                        report(context, name, problem, start: start, steps: walker.steps, check: check)
                        break walks
                    }
                }
            }
        }
        return pressed
    }

    /// Mostly a key or a wait (see `RandomWalk`), now and then a click on a region.
    static func defaultStep(_ walker: Walker, _ random: inout SeededGenerator) -> Step {
        if let click = ClickWalk.maybe(walker, &random) { return .mouse(click) }
        let bindings = walker.session.topScreen?.bindings() ?? []
        return RandomWalk.nextStep(bindings, atMenu: walker.screenIDs.count <= 1, using: &random)
    }

    /// Shortens the steps to the fewest that still fail, then reports the problem they give.
    static func report(_ context: CheckContext, _ name: String, _ problem: String, start: WalkStart, steps: [Step],
                       check: @escaping StepCheck) {
        var message = problem
        let shortest = Shrink.minimize(steps, budget: 150) { candidate in
            guard let found = replay(context, start, candidate, check: check) else { return nil }
            message = found.problem
            return found.length
        }
        // The shortest steps once more, for the size the problem shows at: the shrink may have
        // replayed nothing (one step has nothing to drop), and its last replay may have passed.
        // Seen at another size than the walk's (the sizes check draws each state at several):
        // the same steps at that size from the start, so the printed command shows it as printed.
        if let size = replay(context, start, shortest, check: check)?.shownAt, size != start.size {
            let resized = WalkStart(variant: start.variant, label: start.label, seed: start.seed, size: size,
                                    room: start.room)
            if let found = replay(context, resized, shortest, check: check), found.shownAt == nil {
                fail(context, name, found.problem, start: resized, steps: Array(shortest.prefix(found.length)))
                return
            }
            message += " (seen in a \(size) terminal on a walk in \(start.size); at \(size) from the start these "
                + "steps do not show it, so the command replays the walk's own size)"
        }
        fail(context, name, message, start: start, steps: shortest)
    }

    /// Replays steps on a fresh walk, checking each; the first problem, how many steps it
    /// took, and the terminal size it showed at when not the walk's own; or nil.
    static func replay(_ context: CheckContext, _ start: WalkStart, _ steps: [Step],
                       check: StepCheck) -> (problem: String, length: Int, shownAt: Size?)? {
        guard let walker = try? Walker(context.entry, start, channel: context.channel) else { return nil }
        for (index, step) in steps.enumerated() {
            guard walker.inGame else { return nil }
            if let problem = check(walker, step) { return (problem, index + 1, walker.shownAt) }
        }
        return nil
    }
}
