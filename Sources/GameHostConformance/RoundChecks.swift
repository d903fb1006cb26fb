#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The effects of a walk, as the scores see them. A round is reported by an input's intent
/// (a key, a click, a tick), never by a screen's `start`, which runs again whenever the
/// screen is shown again; and a finished round is reported once: the same result again,
/// with the game just as it was left by the report, is the same round counted twice.
enum RoundChecks {
    static func run(_ context: CheckContext) -> Int {
        Checks.walk(context, "rounds", keys: context.options.keys, sizes: [WalkChecks.sizes[0]], check: step)
    }

    static func step(_ walker: Walker, _ step: Step) -> String? {
        let session = walker.session
        if session.trace == nil {
            // The trace lists the effects each input's intent asked for.
            session.trace = { [unowned walker] record in
                walker.roundsFromIntents += record.effects.filter { $0.hasPrefix("reportRound(") }
            }
        }
        let game = walker.lastRound == nil ? 0 : fingerprint(walker)
        let earlier = walker.roundsFromIntents.count
        walker.perform(step)
        let fromIntents = walker.roundsFromIntents.count
        if session.roundsReported > fromIntents {
            return "\(session.roundsReported - fromIntents) round(s) reported by a screen's start() "
                + "(\(walker.screenIDs.joined(separator: " > "))), not by an intent: a screen shown again reports again"
        }
        guard fromIntents > earlier else { return nil }
        for result in walker.roundsFromIntents[earlier...] {
            if let last = walker.lastRound, last.result == result,
               last.step == walker.steps.count || last.game == game {
                let when = last.step == walker.steps.count ? "by the same input"
                    : "\(walker.steps.count - last.step) step(s) later, with the game as the first report left it"
                return "the round \(result.dropFirst("reportRound".count)) was reported again \(when): "
                    + "a finished round is reported once"
            }
            walker.lastRound = (result, fingerprint(walker), walker.steps.count)
        }
        return nil
    }

    /// The screens open and the state of the top one: what a new round must change.
    static func fingerprint(_ walker: Walker) -> Int {
        var hasher = Hasher()
        hasher.combine(walker.screenIDs)
        hasher.combine(walker.session.topScreen.map { StateFingerprint.of($0.state()) } ?? 0)
        return hasher.finalize()
    }
}
