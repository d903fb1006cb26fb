#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The keys shown as available that changed nothing on a walk, held until the walk is over:
/// a hint's keys promise together ("↑/↓/←/→ move" is one promise), so an arrow that moves a
/// cursor against a board's edge, End at a text's end or a snake steered straight on keeps
/// its promise when another key of that hint acted on that screen, for that player, during
/// the walk. A hint none of whose keys ever acted is what the check reports.
struct Promises {
    private struct Broken {
        let message: String
        let start: WalkStart
        let steps: [Step]
    }

    /// The hints (screen, player, label) a key of which acted.
    private var kept = Set<String>()
    /// The first key of each hint seen changing nothing, by key (once per key, seat and screen).
    private var broken: [String: (hint: String, found: Broken)] = [:]
    private var order: [String] = []

    /// Notes what the key of `promise` did, the step just taken on `walker`.
    mutating func note(_ promise: WalkChecks.Promise, _ walker: Walker) {
        guard let message = promise.broken(walker) else {
            kept.insert(promise.hint)
            return
        }
        guard broken[promise.name] == nil else { return }
        broken[promise.name] = (promise.hint, Broken(message: message, start: walker.start, steps: walker.steps))
        order.append(promise.name)
    }

    /// Reports each key whose hint never kept its promise: a warning, a problem with `--strict`.
    func report(_ context: CheckContext, _ check: String) {
        for name in order {
            guard let (hint, found) = broken[name], !kept.contains(hint) else { continue }
            Checks.fail(context, check, found.message, start: found.start, steps: found.steps,
                        kind: context.options.strict ? .problem : .warning)
        }
    }
}
