@testable import GameHostBench
import Testing

/// The real-time rooms benchmark's reading of its terminals (no sshd, no timing): which
/// output is a key's frame and which a tick's, and each tick's spread over the seats.
@Suite struct RoomTimelineTests {
    let ms: UInt64 = 1_000_000

    @Test func aKeysFrameIsTimedAtEveryOtherSeatAndTheRestOfATickIsNot() {
        var timeline = RoomTimeline(seats: 3)
        // A tick lands everywhere; seat 2's frame comes in two reads, the second after the key:
        // still the tick's frame. Then the key's frame at each seat.
        var ticks: [Bool] = []
        for (seat, at) in [(0, 100), (1, 101), (2, 102)] { ticks.append(timeline.output(seat: seat, at: UInt64(at) * ms)) }
        timeline.pressed(seat: 0, at: 104 * ms)
        for (seat, at) in [(2, 105), (0, 110), (1, 112)] { ticks.append(timeline.output(seat: seat, at: UInt64(at) * ms)) }
        #expect(timeline.keyPending)
        ticks.append(timeline.output(seat: 2, at: 116 * ms))
        #expect(ticks == [true, true, true, false, false, false, false])
        #expect(!timeline.keyPending)
        #expect(timeline.keyToOthers.values == [8, 12])
        #expect(timeline.keyToOwn.values == [6])
        // The next tick's frames are ticks again.
        let next = timeline.output(seat: 1, at: 200 * ms)
        #expect(next)
        #expect(timeline.tickFrames.count == 4 && timeline.lastTick(1) == 200 * ms)
    }

    @Test func aSeatThatDrawsNothingForAKeyIsCountedUnanswered() {
        var timeline = RoomTimeline(seats: 3)
        timeline.pressed(seat: 1, at: 0)
        timeline.output(seat: 1, at: 3 * ms)
        timeline.output(seat: 0, at: 5 * ms)
        timeline.expire(now: 500 * ms)
        #expect(timeline.keyPending)
        timeline.expire(now: RoomTimeline.patience + ms)
        #expect(!timeline.keyPending && timeline.unanswered == 1)
        // A key pressed before the last one was answered everywhere gives that one up too.
        timeline.pressed(seat: 0, at: 2_000 * ms)
        timeline.pressed(seat: 0, at: 2_100 * ms)
        #expect(timeline.unanswered == 3)
    }

    @Test func eachTickSpreadIsMeasuredWhenEverySeatDrewItOnce() {
        let frames: [(seat: Int, at: UInt64)] = [
            (0, 100 * ms), (2, 103 * ms), (1, 101 * ms),   // spread 3
            (1, 200 * ms), (0, 200 * ms), (2, 200 * ms),   // spread 0
            (0, 300 * ms), (1, 302 * ms),                  // seat 2 missing: unclear
            (0, 400 * ms), (0, 410 * ms), (1, 420 * ms),   // seat 0 twice, seat 2 missing: unclear
            (2, 500 * ms), (1, 509 * ms), (0, 549 * ms),   // spread 49, inside the window
            (0, 600 * ms), (1, 601 * ms), (2, 651 * ms),   // seat 2 past the window: two unclear groups
        ]
        let ticks = RoomTimeline.tickSpreads(frames, seats: 3, window: 50 * ms)
        #expect(ticks.spreads.values == [3, 0, 49])
        #expect(ticks.unclear == 4)
    }

    @Test func theCrowdIsTheMostRoomsWhoseFirstSeatTicksInTheSameTenthOfTheInterval() {
        let interval: UInt64 = 100 * ms
        // Each room's first seat ticks every 100 ms at its own moment; other seats do not count.
        func room(tickingAt offset: UInt64, otherSeatAt other: UInt64) -> RoomTimeline {
            var timeline = RoomTimeline(seats: 2)
            for tick in 1...5 as ClosedRange<UInt64> {
                timeline.output(seat: 0, at: tick * interval + offset * ms)
                timeline.output(seat: 1, at: tick * interval + other * ms)
            }
            return timeline
        }
        let spread = [3, 13, 23, 33].map { room(tickingAt: $0, otherSeatAt: 55) }
        #expect(RoomTimeline.crowd(spread, interval: interval) == 1)
        let crowded = [41, 42, 48, 71].map { room(tickingAt: $0, otherSeatAt: 5) }
        #expect(RoomTimeline.crowd(crowded, interval: interval) == 3)
        #expect(RoomTimeline.crowd([], interval: interval) == 0)
    }
}
