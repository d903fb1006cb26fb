import GameHost

/// `check <id> --room NAME --seed S --size WxH --keys '…'`, the command a room walk's failure
/// prints: the same steps from the same seats, in a room started from the same starting point,
/// seed and terminal, each checked as the seats check checks it, then the walk as a whole
/// (`WholeWalk`). What it finds is what the walk printed for these steps.
enum RoomReplay {
    /// The problems the steps show, each with the number of the step it showed after; none
    /// when they show none. A problem in a step ends the walk; a key that keeps no promise is
    /// the walk's verdict only on the last step (its warning's command ends there; the walk
    /// went on past it), and only the first time that promise is broken, as the walk warns
    /// once. Throws for a starting point or a step the module has no such thing as.
    static func run(_ entry: GameEntry, room name: String, seed: UInt64, size: Size,
                    words: [String]) throws(UsageError) -> [(problem: String, step: Int)] {
        let variants = Variant.all(entry)
        guard let index = variants.firstIndex(where: { $0.name == name }), entry.seats(variants[index].values) > 1 else {
            let rooms = variants.filter { entry.seats($0.values) > 1 }.map(\.name)
            throw UsageError("--room: \(entry.id) has no room walk from '\(name)'; "
                             + (rooms.isEmpty ? "it has one seat" : "its rooms start from: \(rooms.joined(separator: ", "))"))
        }
        var steps: [Step] = []
        for word in words {
            guard let step = Step(word: word) else {
                throw UsageError("--keys: '\(word)' is no step; steps are key names, wait:MS, click:C,R, each "
                                 + "behind the player it comes from (player2:enter, player1:click:3,2)")
            }
            steps.append(step)
        }
        let start = WalkStart(variant: index, label: name + ", a room", seed: seed, size: size, room: true)
        guard let walker = try? Walker(entry, start, channel: Channel()) else {
            throw UsageError("--room: \(entry.id) cannot start from '\(name)'")
        }
        let seats = entry.seats(variants[index].values)
        var whole = WholeWalk(seats: seats)
        var warned = Set<String>(), lastBroken: (problem: String, step: Int)?
        for (number, step) in steps.enumerated() where walker.inGame {
            let locked = whole.lockedKey(walker) == step
            let before = SeatChecks.fingerprint(walker)
            let promise = WalkChecks.Promise(walker, step)
            if let problem = SeatChecks.step(walker, step) { return [(problem, number + 1)] }
            if let promise, let broken = promise.broken(walker), warned.insert(promise.name).inserted {
                lastBroken = (broken, number + 1)
            }
            whole.record(walker, step, before: before, locked: locked)
        }
        var found = lastBroken.flatMap { $0.step == walker.steps.count ? [$0] : nil } ?? []
        if let (problem, shown) = whole.verdict(walker, channel: Channel()) { found.append((problem, shown.count)) }
        return found
    }
}
