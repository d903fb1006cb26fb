#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The checks that walk through a game on random steps.
enum WalkChecks {
    static let sizes = [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 132, height: 43),
                        Size(width: 200, height: 60)]

    /// Every frame a view returns fits the size it was given, holds no control characters
    /// and loses no words at its edges; drawn twice it is the same, and the state with it;
    /// every state encodes to JSON (a trace records it).
    static func frames(_ context: CheckContext) -> Int {
        Checks.walk(context, "frames", keys: context.options.keys, sizes: sizes, check: framesStep())
    }

    static func framesStep() -> StepCheck {
        let encoder = JSONEncoder()
        return { walker, step in
            walker.perform(step)
            // The view's own frame on every step, twice; the host's around it (which draws
            // the view again) on every fourth.
            if let top = walker.session.topScreen {
                let before = StateFingerprint.of(top.state())
                // Each state the walk visits is drawn twice once: walks come back to states often.
                var seen = Hasher()
                seen.combine(top.id)
                seen.combine(before)
                seen.combine(walker.size)
                let isNew = walker.memo.insert(seen.finalize()).inserted
                if let drawn = walker.content(at: walker.size) {
                    if let problem = FrameChecks.contentProblems(drawn, walker: walker, size: walker.size).first
                        ?? (!isNew ? nil : FrameChecks.redrawProblem(drawn, before: before, walker: walker)) {
                        return problem
                    }
                }
            }
            if walker.steps.count % 4 == 0,
               let problem = FrameChecks.problems(walker.hostFrame(at: walker.size), size: walker.size,
                                                  context: "the host's frame at \(walker.size)").first {
                return problem
            }
            // JSON costs more than a frame: every eighth step.
            if walker.steps.count % 8 == 0, let top = walker.session.topScreen,
               (try? encoder.encode(AnyEncodable(top.state()))) == nil {
                return "the state of \(top.id) does not encode to JSON"
            }
            return nil
        }
    }

    /// Each new state drawn at the screen's minimum size, one column and one row above it,
    /// 40×12 and 80×24 where they are allowed, 200×60, and three sizes in between: the first
    /// dozen new states of each screen, then every twentieth (long walks meet thousands).
    static func sizes(_ context: CheckContext) -> Int {
        Checks.walk(context, "sizes", keys: max(1, context.options.keys / 4), sizes: [sizes[0]], check: sizesStep())
    }

    static func sizesStep() -> StepCheck {
        { walker, step in
            walker.perform(step)
            guard let top = walker.session.topScreen else { return nil }
            guard walker.memo.insert(walker.snapshot.hashValue).inserted else { return nil }
            walker.newStates[top.id, default: 0] += 1
            let count = walker.newStates[top.id]!
            guard count <= 12 || count % 20 == 0 else { return nil }
            // Seeded by the screen's name, so a replay in another process draws the same sizes.
            let seed = top.id.unicodeScalars.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1.value)) &* 1_099_511_628_211 }
            for size in terminalSizes(for: top.minimumSize, seed: seed) {
                if let problem = FrameChecks.problems(walker, at: size).first {
                    walker.shownAt = size == walker.size ? nil : size
                    return problem
                }
            }
            return nil
        }
    }

    static func terminalSizes(for minimum: Size, seed: UInt64) -> [Size] {
        let chrome = Session.chromeHeight
        let least = Size(width: max(1, minimum.width), height: max(1, minimum.height) + chrome)
        var sizes = [least, Size(width: least.width + 1, height: least.height + 1)]
        for standard in [Size(width: 40, height: 12), Size(width: 80, height: 24)]
        where least.width <= standard.width && least.height <= standard.height {
            sizes.append(standard)
        }
        let largest = Size(width: max(200, least.width), height: max(60, least.height))
        sizes.append(largest)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<3 {
            sizes.append(Size(width: Int.random(in: least.width...largest.width, using: &random),
                              height: Int.random(in: least.height...largest.height, using: &random)))
        }
        return sizes
    }

    /// Keys as the player sees them. A key the screen shows as unavailable (a disabled
    /// binding, in the footer or the help) must change nothing; in every new state each of
    /// them is pressed. (A key that changes anything does so through an enabled binding, and
    /// every binding is listed on the help screen, so the other half holds by construction;
    /// keys no binding claims never reach the module.)
    ///
    /// The other way round, a key shown as available (its footer hint or help line not
    /// dimmed) that changes nothing — no screen, state, notice or frame — promises what it
    /// does not do: a warning, once per key and screen (a problem with `--strict`), unless
    /// another key of its hint acted there during the walk (`Promises`).
    static func keys(_ context: CheckContext) -> Int {
        var queue: [Key] = []
        var promises = Promises()
        defer { promises.report(context, "keys") }
        let step = keysStep()
        return Checks.walk(context, "keys", keys: max(1, context.options.keys / 2), sizes: [sizes[0]], pick: { walker, random in
            if walker.memo.insert(walker.snapshot.hashValue).inserted {
                queue = shownUnavailable(walker.session.topScreen?.bindings() ?? [])
            }
            if !queue.isEmpty { return .key(queue.removeFirst()) }
            return Checks.defaultStep(walker, &random)
        }, check: { walker, next in
            let promise = Promise(walker, next)
            if let problem = step(walker, next) { return problem }
            if let promise { promises.note(promise, walker) }
            return nil
        })
    }

    /// A key shown as available on a game's screen, and what the game looked like before it:
    /// on one terminal, a key of the screen's bindings and the host's frame; in a room, a
    /// seat's key of its own `bindings(_:for:)` and the frame drawn for that seat.
    struct Promise {
        let key: Key
        let seat: Seat?
        let screen: String
        let label: String
        let snapshot: [Int]
        let frame: Frame

        init?(_ walker: Walker, _ step: Step) {
            let key: Key
            switch step {
            case .key(let pressed): (key, seat) = (pressed, nil)
            case .seat(let index, let pressed): (key, seat) = (pressed, Seat(index))
            default: return nil
            }
            guard let top = walker.session.topScreen, top.id.hasPrefix(walker.entry.id + "."),
                  top.minimumSize.fits(in: walker.contentSize) else { return nil }
            let owning = (seat.map { top.bindings(for: $0) } ?? top.bindings()).filter { $0.keys.contains(key) }
            guard let shown = owning.first(where: \.showsHint) ?? owning.first, shown.isEnabled else { return nil }
            self.key = key
            screen = top.id
            label = shown.label
            snapshot = walker.snapshot
            frame = Self.frame(walker, seat)
        }

        /// What the player who pressed the key sees.
        static func frame(_ walker: Walker, _ seat: Seat?) -> Frame {
            guard let seat else { return walker.hostFrame(at: walker.size) }
            walker.announce("drawing the top screen for \(SeatChecks.player(seat)) at \(walker.size)")
            return walker.session.topScreen?.render(walker.contentSize, for: seat) ?? Frame(size: walker.contentSize)
        }

        func broken(_ walker: Walker) -> String? {
            guard walker.snapshot == snapshot, Self.frame(walker, seat) == frame else { return nil }
            guard let seat else {
                return "\(key.name) is shown as available on \(screen) (“\(label)”) but changed nothing: disable its "
                    + "binding where it does nothing (enabled: false, with a reason), or make it say why"
            }
            return "\(key.name) from \(SeatChecks.player(seat)) is shown as available to it on \(screen) (“\(label)” in "
                + "bindings(_:for:)) but changed nothing, not even its own frame: disable that seat's binding where it "
                + "does nothing (enabled: false, with a reason), or make it say why"
        }

        /// Once per key, seat and screen.
        var name: String { screen + " " + (seat.map(SeatChecks.player) ?? "") + " " + key.name }
        /// The hint the key is shown in, for that seat on that screen.
        var hint: String { screen + " " + (seat.map(SeatChecks.player) ?? "") + " “" + label + "”" }
    }

    static func keysStep() -> StepCheck {
        { walker, step in
            guard case .key(let key) = step, let top = walker.session.topScreen,
                  shownUnavailable(top.bindings()).contains(key) else {
                walker.perform(step)
                return nil
            }
            let before = walker.snapshot
            walker.perform(step)
            guard walker.snapshot != before else { return nil }
            return "\(key.name) is shown as unavailable on \(top.id) but changed "
                + (walker.screenIDs.last == top.id ? "its state" : "the screens to \(walker.screenIDs.joined(separator: " > "))")
        }
    }

    /// The keys the screen shows as unavailable: those whose footer hint (the first binding
    /// of the key that shows one) is dimmed, or, for a key with no hint, whose binding the
    /// host would use (its first) is disabled; a letter, if typing is shown as unavailable
    /// and no binding takes it.
    static func shownUnavailable(_ bindings: [ScreenBinding]) -> [Key] {
        var keys: [Key] = []
        for key in bindings.flatMap(\.keys) where !keys.contains(key) {
            let owning = bindings.filter { $0.keys.contains(key) }
            if let shown = owning.first(where: \.showsHint) ?? owning.first, !shown.isEnabled { keys.append(key) }
        }
        let typing = bindings.filter(\.acceptsText)
        if !typing.isEmpty, typing.allSatisfy({ !$0.isEnabled }) {
            keys += [Key.character("a"), .character("5")].filter { key in
                !keys.contains(key) && !bindings.contains { $0.keys.contains(key) } && typing.contains { $0.accepts(key) }
            }
        }
        return keys
    }

    /// A module writes nothing to standard output or error: in a terminal that would
    /// corrupt the screen. Both are captured while the module runs.
    static func output(_ context: CheckContext) -> Int {
        guard let capture = OutputCapture.current ?? OutputCapture.start() else {
            Checks.fail(context, "output", "cannot capture standard output")
            return 0
        }
        defer { if OutputCapture.current == nil { capture.stop() } }
        return Checks.walk(context, "output", keys: max(1, context.options.keys / 4), sizes: [sizes[0]],
                           check: outputStep(capture))
    }

    static func outputStep(_ capture: OutputCapture) -> StepCheck {
        { walker, step in
            capture.mark()
            walker.perform(step)
            _ = walker.hostFrame(at: walker.size)
            return capture.written().map { "\(walker.session.topScreen?.id ?? "the game") wrote to \($0)" }
        }
    }

    /// The step check of a walking check, for replaying its failures; a plain step and a
    /// draw for the others.
    static func stepCheck(_ name: String) -> StepCheck {
        switch name {
        case "frames": framesStep()
        case "sizes": sizesStep()
        case "keys": keysStep()
        case "rounds": RoundChecks.step
        case "clicks": ClickChecks.check
        case "seats": SeatChecks.step(_:_:)
        case "output": OutputCapture.current.map(outputStep) ?? framesStep()
        default: { walker, step in
            walker.perform(step)
            _ = walker.hostFrame(at: walker.size)
            return nil
        }
        }
    }

    /// From states along walks, Esc must reach the launcher menu within ten presses.
    static func wayOut(_ context: CheckContext) -> Int {
        var pressed = 0
        for (index, length) in [0, 5, 40, 200].enumerated() {
            let start = WalkStart(variant: 0, label: "defaults", seed: context.options.seed &+ 7 &+ UInt64(index),
                                  size: sizes[0])
            guard let walker = try? Walker(context.entry, start, channel: context.channel) else { return pressed }
            var random = SeededGenerator(seed: start.seed)
            while walker.steps.count < length, walker.inGame {
                walker.perform(Checks.defaultStep(walker, &random))
            }
            let from = walker.screenIDs.joined(separator: " > ")
            var presses = 0
            while walker.screenIDs != ["host.menu"], presses < 10, !walker.session.isFinished {
                walker.perform(.key(.escape))
                presses += 1
            }
            pressed += walker.steps.count
            if walker.screenIDs != ["host.menu"] {
                Checks.fail(context, "way-out", "10 × Esc from \(from) ended at \(walker.screenIDs.joined(separator: " > "))",
                            start: start, steps: walker.steps)
                break
            }
        }
        return pressed
    }
}
