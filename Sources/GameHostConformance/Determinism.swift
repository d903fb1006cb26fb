import Foundation
import GameHost

/// The same preferences, seed and steps give the same session: run twice, with the real
/// clock moved on to another second between the runs, every state, frame and trace line
/// must be the same. A module that reads the real clock or unseeded random numbers differs,
/// whatever it shows on screen.
enum Determinism {
    static func run(_ context: CheckContext) -> Int {
        var pressed = 0
        for (index, variant) in Variant.all(context.entry).prefix(2).enumerated() {
            let start = WalkStart(variant: index, label: variant.name, seed: context.options.seed &+ 100 &+ UInt64(index),
                                  size: WalkChecks.sizes[0])
            guard let first = try? Walker(context.entry, start, channel: context.channel, trace: true) else { continue }
            var random = SeededGenerator(seed: start.seed)
            var seen: [(state: [Int], frame: Frame)] = []
            while first.steps.count < min(context.options.keys, 300), first.inGame {
                first.perform(Checks.defaultStep(first, &random))
                seen.append((first.snapshot, first.hostFrame(at: start.size)))
            }
            pressed += first.steps.count
            waitForTheNextSecond(first)
            guard let second = try? Walker(context.entry, start, channel: context.channel, trace: true) else { continue }
            for (step, expected) in zip(first.steps, seen) {
                second.perform(step)
                let what = second.snapshot != expected.state ? "state"
                    : second.hostFrame(at: start.size) != expected.frame ? "frame" : nil
                if let what {
                    Checks.fail(context, "determinism",
                                "the \(what) after step \(second.steps.count) differs between two runs of the same steps: "
                                    + "does the module read the real clock or unseeded random numbers?",
                                start: start, steps: second.steps)
                    return pressed
                }
            }
            if first.harness.traceLines != second.harness.traceLines {
                Checks.fail(context, "determinism", "the traces of two runs of the same steps differ",
                            start: start, steps: first.steps)
                return pressed
            }
        }
        return pressed
    }

    /// Sleeps into the next second of the real clock, in short naps that each say so
    /// (the parent's time limit counts from the last thing said).
    private static func waitForTheNextSecond(_ walker: Walker) {
        let second = Date().timeIntervalSince1970.rounded(.down)
        while Date().timeIntervalSince1970 < second + 1.02 {
            walker.announce("waiting for the real clock to move on")
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
