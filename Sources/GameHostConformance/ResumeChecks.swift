#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Resume tells the truth: a game left with no round in play (as its screens say) is not
/// offered again, one left with a round in play comes back as it was left, a round the game
/// has just reported is not in play, none is in play before the first input, and a screen
/// that says whether a round is in play said so before reporting it.
enum ResumeChecks {
    /// Walks per starting point, and the most steps each takes before the player leaves.
    static let walksPerStart = 3
    static let longestWalk = 150

    static func run(_ context: CheckContext) -> Int {
        var pressed = 0
        for (index, _) in Variant.all(context.entry).enumerated() {
            for number in 0..<walksPerStart {
                let seed = context.options.seed &+ 70 &+ UInt64(index) &* 100 &+ UInt64(number)
                let start = WalkStart(variant: index, label: Variant.all(context.entry)[index].name, seed: seed,
                                      size: WalkChecks.sizes[(index + number) % WalkChecks.sizes.count])
                let (keys, failed) = walk(context, start, length: min(context.options.keys, longestWalk))
                pressed += keys
                if failed { return pressed }
            }
        }
        return pressed
    }

    /// One walk, left where it ends, then the game opened again on the same data; true
    /// when it found a problem.
    static func walk(_ context: CheckContext, _ start: WalkStart, length: Int) -> (keys: Int, failed: Bool) {
        let directory = Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func fail(_ message: String, _ steps: [Step]) -> (Int, Bool) {
            Checks.fail(context, "resume", message, start: start, steps: steps)
            return (steps.count, true)
        }
        guard let walker = try? Walker(context.entry, start, channel: context.channel, dataDirectory: directory,
                                       journals: true) else { return (0, false) }
        var random = SeededGenerator(seed: start.seed ^ 0x2E5_0E)
        let steps = Int.random(in: 1...max(1, length), using: &random)
        // The game as the player left it: after the last step, or before the one that left it.
        var left = walker.session.journaledGame
        if left.roundInPlay {
            return fail("the game says a round is in play (roundInPlay) before any input: a round is in play from "
                        + "the player's first move until it is reported, so a game just opened says false", [])
        }
        // Whether the game said a round is in play since its last report (for a screen that says).
        var claimed = false
        while walker.steps.count < steps, walker.inGame {
            let reported = walker.session.roundsReported
            let says = walker.session.topScreen?.roundInPlay()
            walker.perform(step(walker, &random))
            guard walker.inGame else { break }
            left = walker.session.journaledGame
            if walker.session.roundsReported > reported {
                if left.roundInPlay {
                    return fail("a round was reported, and the game still says a round is in play (roundInPlay)",
                                walker.steps)
                }
                // A round begun and ended by one input (a first reveal that opens the whole
                // field) took no time on the game's clock and was never in play between two
                // inputs: there was nothing to claim.
                let instant = walker.session.journaledGameLastRound?.duration == 0
                if says != nil, !claimed, !instant {
                    return fail("a round was reported that the game never said was in play (roundInPlay was false "
                                + "from the last report on): say true from the round's first move, so that a "
                                + "player who leaves then is offered the round again", walker.steps)
                }
                claimed = false
            } else {
                claimed = claimed || left.roundInPlay
            }
        }
        // A screen's view model keeps its state when the screen is closed: drawn now, it is
        // the screen as it was left; a game in motion, as the host holds it on resuming.
        if left.roundInPlay { left.screens.last?.holdIfMoving() }
        let before = left.screens.last.map { drawn($0, walker.size) }
        // The connection drops: the journal is closed as the program closes it on every way out.
        walker.session.closeJournal()

        guard let again = try? Walker(context.entry, WalkStart(variant: start.variant, label: start.label,
                                                               seed: start.seed &+ 1, size: start.size),
                                      channel: context.channel, dataDirectory: directory, journals: true)
        else { return (walker.steps.count, false) }
        let offered = again.session.topScreen?.id == "host.resume"
        guard left.roundInPlay else {
            if offered {
                return fail("the game was left with no round in play (roundInPlay), and a resume was offered",
                            walker.steps)
            }
            return (walker.steps.count, false)
        }
        guard offered else {
            let notices = again.session.noticeLog.joined(separator: " / ")
            return fail("the game was left with a round in play, and no resume was offered"
                        + (notices.isEmpty ? "" : " (\(notices))"), walker.steps)
        }
        again.perform(.key(.enter))
        let after = again.session.journaledGame.screens.last.map { drawn($0, walker.size) }
        if after != before {
            return fail("the resumed screen is not the one left: left \(summary(before)), resumed \(summary(after))",
                        walker.steps)
        }
        return (walker.steps.count, false)
    }

    /// A walk's step, now and then a click on a way out (a footer's back hint) as well: one that
    /// closes a game's screen is the game's input, and its journal must keep it.
    private static func step(_ walker: Walker, _ random: inout SeededGenerator) -> Step {
        if Int.random(in: 0..<100, using: &random) < waysOutPercent,
           let click = ClickWalk.click(on: walker.hostFrame(at: walker.size), &random, waysOut: true) {
            return .mouse(click)
        }
        return Checks.defaultStep(walker, &random)
    }

    /// Of a hundred steps, about this many are clicks that may be on a way out.
    static let waysOutPercent = 3

    /// A screen's content at the terminal's size, as text.
    private static func drawn(_ screen: Screen, _ size: Size) -> String {
        let area = Size(width: size.width, height: size.height - Session.chromeHeight)
        guard screen.minimumSize.fits(in: area) else { return screen.id }
        return screen.id + "\n" + screen.render(area).text
    }

    private static func summary(_ text: String?) -> String {
        guard let text else { return "no game screen" }
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
            .filter { !$0.isEmpty }
        return "“" + lines.prefix(3).joined(separator: " | ") + "”"
    }
}
