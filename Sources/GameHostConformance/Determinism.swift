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

/// The same preferences, seed and steps give the same session: run twice, every state,
/// frame and trace line must be the same. The second runs come a second or more of the real
/// clock later, and the longest of them pauses that long in its middle, while the session's
/// clock stands still: the real clock starts at another time and runs at another rate. A
/// module that reads the real clock (as a date, or as a difference of two, a timer) or
/// unseeded random numbers differs, whatever it shows on screen.
enum Determinism {
    /// One first run: where it started, its steps, and what each step left.
    private struct Run {
        let start: WalkStart
        let walker: Walker
        let seen: [(state: [Int], frame: Frame)]
    }

    static func run(_ context: CheckContext) -> Int {
        // First runs from the defaults and the next starting point, walks after walks until
        // the keys are spent (a walk ends when it leaves the game); then each is run again,
        // the first of them pausing the real clock.
        var firsts: [Run] = []
        let budget = min(context.options.keys, 300)
        for (index, variant) in Variant.all(context.entry).prefix(2).enumerated() {
            var pressed = 0
            for number in 0..<8 where pressed < budget {
                let start = WalkStart(variant: index, label: variant.name,
                                      seed: context.options.seed &+ 100 &+ UInt64(index * 10 + number),
                                      size: WalkChecks.sizes[0])
                guard let first = try? Walker(context.entry, start, channel: context.channel, trace: true) else { break }
                var random = SeededGenerator(seed: start.seed)
                var seen: [(state: [Int], frame: Frame)] = []
                while pressed < budget, first.inGame {
                    first.perform(Checks.defaultStep(first, &random))
                    seen.append((first.snapshot, first.hostFrame(at: start.size)))
                    pressed += 1
                }
                firsts.append(Run(start: start, walker: first, seen: seen))
            }
        }
        // The longest run goes first, pausing the real clock a third of the way in: a timer
        // started before the pause and read after it is a second longer than the first run's.
        guard let longest = firsts.indices.max(by: { firsts[$0].seen.count < firsts[$1].seen.count }) else { return 0 }
        firsts.insert(firsts.remove(at: longest), at: 0)
        for (number, run) in firsts.enumerated() {
            let first = run.walker, start = run.start
            guard let second = try? Walker(context.entry, start, channel: context.channel, trace: true) else { continue }
            let pause = number == 0 ? max(1, run.seen.count / 3) : nil
            if let (what, length) = firstDifference(second, first.steps, run.seen, pauseAfter: pause) {
                var steps = Array(first.steps.prefix(length))
                // Unseeded numbers (and a clock read to the microsecond) differ in two runs
                // straight after each other too: then the steps can be shortened.
                steps = Shrink.minimize(steps, budget: 60) { candidate in
                    guard let again = try? Walker(context.entry, start, channel: context.channel) else { return nil }
                    var expected: [(state: [Int], frame: Frame)] = []
                    for step in candidate {
                        guard again.inGame else { return nil }
                        again.perform(step)
                        expected.append((again.snapshot, again.hostFrame(at: start.size)))
                    }
                    guard let other = try? Walker(context.entry, start, channel: context.channel) else { return nil }
                    return firstDifference(other, candidate, expected)?.length
                }
                Checks.fail(context, "determinism",
                            "the \(what) differs between two runs of the same steps, the second "
                                + "with the real clock later and paused: does the module read the real clock "
                                + "(Date(), or a difference of two, for a timer) or unseeded random numbers? "
                                + "Take time from context.now and numbers from context.random",
                            start: start, steps: steps)
                break
            }
            if first.harness.traceLines != second.harness.traceLines {
                Checks.fail(context, "determinism", "the traces of two runs of the same steps differ",
                            start: start, steps: first.steps)
                break
            }
        }
        return firsts.reduce(0) { $0 + $1.walker.steps.count }
    }

    /// Replays the steps on a second walk; what differed first from what the first walk saw
    /// ("state" or "frame"), and after how many steps.
    private static func firstDifference(_ walker: Walker, _ steps: [Step], _ seen: [(state: [Int], frame: Frame)],
                                        pauseAfter pause: Int? = nil) -> (String, length: Int)? {
        for (step, expected) in zip(steps, seen) {
            guard walker.inGame else { return nil }
            if walker.steps.count == pause { pauseTheRealClock(walker) }
            walker.perform(step)
            if walker.snapshot != expected.state { return ("state", walker.steps.count) }
            if walker.hostFrame(at: walker.size) != expected.frame { return ("frame", walker.steps.count) }
        }
        return nil
    }

    /// Sleeps a little over a second of the real clock, so a timer that reads it in whole
    /// seconds moves on and a clock shown to the second turns over; in short naps that each
    /// say so (the parent's time limit counts from the last thing said).
    private static func pauseTheRealClock(_ walker: Walker) {
        let until = Date().addingTimeInterval(1.05)
        while Date() < until {
            walker.announce("waiting for the real clock to move on")
            usleep(50_000)
        }
    }
}
