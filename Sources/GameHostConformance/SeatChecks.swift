#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Games of several seats (`seats(preferences) > 1` from some starting point): walks of a
/// room, each key or click from a random seat through its own bindings, frame and
/// `handle(_:from:)`, and walks of one terminal, every input untagged. In a room a seat acts
/// only as it may (see `SeatMove`), and some seat can act at all. On each step every seat's
/// frame (and the frame for nil) fits every checked size, and nothing a seat's terminal shows
/// holds a text the view model hides from it (`hidden(from:)`: another seat's private
/// choice). In a room nil is a spectator: nobody, never addressed as "you", shown nothing any
/// seat's `hidden(from:)` names; on one terminal nil is the seat on turn, shown nothing hidden
/// from it. Then a second, separate session fed the same tagged inputs must pass through the
/// same states, as every process following a room's journal must; for a game that asks for
/// ticks, a room of processes plays the walk again with the room's tick lines between the
/// seats' inputs (`RoomProcesses`). Players are counted from 1 in its messages, as rooms
/// count them.
enum SeatChecks {
    static let sizes = WalkChecks.sizes

    static func run(_ context: CheckContext) -> Int {
        var pressed = 0
        for (index, variant) in Variant.all(context.entry).enumerated() {
            let seats = context.entry.seats(variant.values)
            guard seats > 1 else { continue }
            for room in [true, false] {
                let start = WalkStart(variant: index, label: variant.name + (room ? ", a room" : ", one terminal"),
                                      seed: context.options.seed &+ UInt64(index) &* 1_000 &+ (room ? 500 : 0),
                                      size: sizes[index % sizes.count], room: room)
                pressed += walk(context, start, seats: seats)
            }
        }
        return pressed
    }

    /// One walk and its copy; the first problem is shrunk and reported.
    private static func walk(_ context: CheckContext, _ start: WalkStart, seats: Int) -> Int {
        guard let walker = try? Walker(context.entry, start, channel: context.channel) else {
            Checks.fail(context, "seats", "cannot start from \(start.label)")
            return 0
        }
        var random = SeededGenerator(seed: start.seed ^ 0x5EA7_5EA7)
        var whole = WholeWalk(seats: seats)
        var pressed = 0
        // A seat's key shown available that changes nothing is a warning, unless another key of
        // its hint acted (`Promises`).
        var promises = Promises()
        defer { promises.report(context, "seats") }
        let room = start.room == true
        while pressed < context.options.keys, walker.inGame {
            let locked = room ? whole.lockedKey(walker) : nil
            let next = locked ?? pick(walker, seats: seats, room: room, &random)
            if case .wait = next {} else { pressed += 1 }
            let before = fingerprint(walker)
            let promise = room ? WalkChecks.Promise(walker, next) : nil
            if let problem = step(walker, next) {
                Checks.report(context, "seats", problem, start: start, steps: walker.steps, check: step)
                return pressed
            }
            if let promise { promises.note(promise, walker) }
            whole.record(walker, next, before: before, locked: locked != nil)
        }
        if let (problem, steps) = whole.verdict(walker, channel: context.channel) {
            Checks.fail(context, "seats", problem, start: start, steps: steps)
        }
        return pressed
    }

    /// Mostly a seat's own keys, often any key, sometimes a wait, now and then a click; in a
    /// room from a random seat (each seat's bindings may differ), on one terminal untagged.
    /// Never a way out (Esc, q, ?): the way-out check walks those, and here they would end the
    /// walk before the seats meet.
    private static func pick(_ walker: Walker, seats: Int, room: Bool, _ random: inout SeededGenerator) -> Step {
        guard room else {
            if let click = ClickWalk.maybe(walker, &random) { return .mouse(click) }
            return RandomWalk.nextStep(walker.session.topScreen?.bindings() ?? [], atMenu: true, using: &random)
        }
        let seat = Int.random(in: 0..<seats, using: &random)
        if Int.random(in: 0..<100, using: &random) < 6 {
            return .wait(milliseconds: [50, 300, 1_000].randomElement(using: &random)!)
        }
        if let top = walker.session.topScreen, top.minimumSize.fits(in: walker.contentSize),
           let click = ClickWalk.maybe(top.render(walker.contentSize, for: Seat(seat)), &random) {
            return .seatClick(seat, click)
        }
        let bindings = walker.session.topScreen?.bindings(for: Seat(seat)) ?? []
        return .seat(seat, RandomWalk.pick(bindings, atMenu: true, using: &random))
    }

    /// "player 2 (Seat(1))": players are counted from 1 in every message, as the rooms count them.
    static func player(_ seat: Seat) -> String { "player \(seat.index + 1) (Seat(\(seat.index)))" }

    static func fingerprint(_ walker: Walker) -> Int {
        var hasher = Hasher()
        hasher.combine(walker.screenIDs)
        hasher.combine(walker.session.topScreen.map { StateFingerprint.of($0.state()) } ?? 0)
        return hasher.finalize()
    }

    /// Performs the step, then looks at every seat's frame: at the walk's size always, at
    /// every checked size in a state not seen before.
    static func step(_ walker: Walker, _ step: Step) -> String? {
        let move = SeatMove(walker, step)
        walker.perform(step)
        if let problem = move?.problem(after: walker) { return problem }
        guard let top = walker.session.topScreen, top.id.hasPrefix(walker.entry.id + ".") else { return nil }
        let seats = walker.entry.seats(walker.variant.values)
        var seen = Hasher()
        seen.combine(top.id)
        seen.combine(StateFingerprint.of(top.state()))
        let isNew = walker.memo.insert(seen.finalize()).inserted
        let checked = isNew ? [walker.size] + sizes.filter({ $0 != walker.size }) : [walker.size]
        for size in checked {
            let area = Size(width: size.width, height: size.height - Session.chromeHeight)
            guard top.minimumSize.fits(in: area) else { continue }
            for seat in [nil] + Seat.all(seats) {
                if let problem = problem(top, seat: seat, seats: seats, area: area, size: size, walker: walker) {
                    return problem
                }
            }
        }
        return nil
    }

    private static func problem(_ top: Screen, seat: Seat?, seats: Int, area: Size, size: Size,
                                walker: Walker) -> String? {
        let room = walker.start.room == true
        let who = seat.map { "for \(player($0))" } ?? (room ? "for a spectator (nil)" : "for the shared terminal")
        walker.announce("drawing \(top.id) \(who) at \(size)")
        let (frame, cuts) = Frame.recordingCuts { top.render(area, for: seat) }
        let drawn: Walker.Drawn = (top, frame, area, cuts)
        if let problem = FrameChecks.contentProblems(drawn, walker: walker, size: size).first {
            return "\(who): \(problem)"
        }
        if room, seat == nil, let line = SeatMove.addressed(in: frame.text) {
            return "\(top.id) drawn for a spectator (nil) in a room in \(area) says “\(line)”: a spectator is nobody, "
                + "so its frame never addresses a seat (no “your turn”, no “you win”); draw nil in a room as someone watching"
        }
        // Whose hidden texts this frame must not show: its own seat's; a spectator's, every
        // seat's; on one terminal, the seat's whose turn it is.
        let bound: [Seat] = seat.map { [$0] } ?? (room ? Seat.all(seats) : top.turn().map { [$0] } ?? [])
        guard !bound.isEmpty else { return nil }
        let shown = everythingShown(top, frame: frame, seat: seat, walker: walker)
        for from in bound {
            for hidden in top.hidden(from: from) where !hidden.isEmpty {
                guard let place = shown.first(where: { $0.text.contains(hidden) })?.place else { continue }
                let rule = seat == nil && room ? "a spectator's terminal must show nothing any seat's hidden(from:) names"
                    : seat == nil ? "the shared terminal shows what the seat on turn sees, so nothing hidden from it"
                    : "another seat's private choice, not yet revealed"
                return "\(top.id) drawn \(who) in \(area) shows “\(hidden)” in \(place), which its view model hides "
                    + "from \(player(from)) (hidden(from:): \(rule))"
            }
        }
        return nil
    }

    /// Everything a seat's terminal shows: the game's frame, the header's title, the footer's
    /// labels and the reasons a key is locked, and the notices.
    private static func everythingShown(_ top: Screen, frame: Frame, seat: Seat?,
                                        walker: Walker) -> [(place: String, text: String)] {
        let bindings = top.bindings(for: seat)
        return [("its frame", frame.text), ("the header's title", top.title()),
                ("the footer's labels", bindings.map(\.label).joined(separator: "\n")),
                ("a locked key's reason", bindings.compactMap(\.refusal).joined(separator: "\n")),
                ("a notice", walker.session.notices.joined(separator: "\n"))]
    }
}
