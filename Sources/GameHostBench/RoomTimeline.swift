import Foundation

/// One room's terminals as the real-time rooms benchmark sees them: when keys were pressed and
/// when each seat's output came. From these: each key's way to the first byte of a frame on
/// every other seat, and each tick's spread over the seats (the moments its frame lands).
///
/// A seat's output after a silence of `quiet` starts a frame there; the rest of a frame comes
/// in the reads that follow it. After a key, each seat's next frame is the key's (the
/// benchmark presses keys between ticks, so no tick lands first); every other frame is a tick's.
struct RoomTimeline {
    let seats: Int
    /// Silence at a seat after which output starts a new frame.
    static let quiet: UInt64 = 8_000_000
    /// How long a key waits for every seat's frame.
    static let patience: UInt64 = 1_000_000_000
    /// Key → first byte of its frame at every other seat, ms.
    private(set) var keyToOthers = Sample()
    /// Key → first byte of its frame at the seat that pressed it, ms.
    private(set) var keyToOwn = Sample()
    /// Seats (other than the one that pressed) that drew no frame for a key within `patience`.
    private(set) var unanswered = 0
    /// Starts of the frames no key caused: the clock's ticks, seat by seat.
    private(set) var tickFrames: [(seat: Int, at: UInt64)] = []
    private var lastOutput: [UInt64?]
    private var key: (seat: Int, at: UInt64, waiting: Set<Int>)?

    init(seats: Int) {
        self.seats = seats
        lastOutput = Array(repeating: nil, count: seats)
    }

    /// Whether a key still waits for a seat's frame.
    var keyPending: Bool { key != nil }

    /// The start of the last tick's frame at `seat`.
    func lastTick(_ seat: Int) -> UInt64? { tickFrames.last { $0.seat == seat }?.at }

    /// `seat` pressed a key at `at` (ns).
    mutating func pressed(seat: Int, at: UInt64) {
        giveUp()
        key = (seat, at, Set(0..<seats))
    }

    /// Output came at `seat` at `at` (ns); true when it starts a tick's frame.
    @discardableResult
    mutating func output(seat: Int, at: UInt64) -> Bool {
        defer { lastOutput[seat] = at }
        // The rest of a frame already started (a tick's, before the key was pressed).
        if let last = lastOutput[seat], at - last < Self.quiet { return false }
        if var pending = key, at >= pending.at, pending.waiting.contains(seat) {
            pending.waiting.remove(seat)
            let milliseconds = Double(at - pending.at) / 1e6
            if seat == pending.seat { keyToOwn.add(milliseconds) } else { keyToOthers.add(milliseconds) }
            key = pending.waiting.isEmpty ? nil : pending
            return false
        }
        tickFrames.append((seat, at))
        return true
    }

    /// Ends a key that has waited past `patience` by `now`: the seats still waiting drew nothing.
    mutating func expire(now: UInt64) {
        if let key, now - key.at > Self.patience { giveUp() }
    }

    private mutating func giveUp() {
        guard let pending = key else { return }
        unanswered += pending.waiting.subtracting([pending.seat]).count
        key = nil
    }

    /// Each tick's spread, in ms: tick frames grouped by time, a group starting at the earliest
    /// frame not yet grouped and holding those within `window` after it. A group with exactly one
    /// frame from every seat is one tick landing everywhere: its spread is its last frame less its
    /// first. Any other group (a seat missing, or twice in it: a frame out of place) is unclear,
    /// and counted rather than measured.
    static func tickSpreads(_ frames: [(seat: Int, at: UInt64)], seats: Int, window: UInt64)
        -> (spreads: Sample, unclear: Int) {
        let sorted = frames.sorted { $0.at < $1.at }
        var spreads = Sample(), unclear = 0, index = 0
        while index < sorted.count {
            let start = sorted[index].at
            var end = index
            while end < sorted.count, sorted[end].at - start <= window { end += 1 }
            let group = sorted[index..<end]
            if group.count == seats, Set(group.map(\.seat)).count == seats {
                spreads.add(Double(group.last!.at - start) / 1e6)
            } else {
                unclear += 1
            }
            index = end
        }
        return (spreads, unclear)
    }

    /// The most rooms whose ticks fall in the same tenth of `interval`: each room's moment in
    /// the interval is where its first seat's tick frames land most often.
    static func crowd(_ rooms: [RoomTimeline], interval: UInt64) -> Int {
        var tenths = Array(repeating: 0, count: 10)
        for room in rooms {
            var counts = Array(repeating: 0, count: 10)
            for frame in room.tickFrames where frame.seat == 0 { counts[Int(frame.at % interval * 10 / interval)] += 1 }
            guard let most = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[most] > 0 else { continue }
            tenths[most] += 1
        }
        return tenths.max() ?? 0
    }
}
