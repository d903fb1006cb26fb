import Foundation
import GameHost
@testable import Minesweeper
import Testing

/// The rules on the board alone: where mines may go, what a reveal opens, flags, the end.
@Suite struct MinefieldTests {
    /// A 5×4 board, mines at the right edge:
    ///
    ///     . . . 1 *
    ///     . . . 1 1
    ///     . . . 1 1
    ///     . . . 1 *  (mines at (4,0) and (4,3); "." no mine around)
    static func board() -> Minefield {
        Minefield(width: 5, height: 4, laid: [Spot(x: 4, y: 0), Spot(x: 4, y: 3)])
    }

    @Test func theFirstRevealIsNeverAMineAndItsNeighboursAreFree() {
        for seed in 1...200 {
            var random = SeededGenerator(seed: UInt64(seed))
            var field = Minefield(width: 9, height: 9, mines: 72)   // as full as the schema allows
            let first = Spot(x: seed % 9, y: (seed / 9) % 9)
            field.reveal(first, using: &random)
            #expect(field.mines.count == 72)
            #expect(!field.mines.contains(first) && field.outcome != .lost, "seed \(seed)")
            #expect(field.neighbours(of: first).allSatisfy { !field.mines.contains($0) }, "seed \(seed)")
        }
    }

    @Test func aZeroOpensItsAreaUpToTheNumbers() {
        var field = Self.board()
        var random = SeededGenerator(seed: 1)
        let changed1 = field.reveal(Spot(x: 0, y: 0), using: &random)
        #expect(changed1)
        #expect(field.opened.count == 16, "the zeros and the numbers that bound them")
        #expect(!field.opened.contains(Spot(x: 4, y: 1)) && field.outcome == .playing)
        field.reveal(Spot(x: 4, y: 1), using: &random)
        field.reveal(Spot(x: 4, y: 2), using: &random)
        #expect(field.outcome == .won, "every cell but the two mines is open")
    }

    @Test func aNumberOpensItselfOnly() {
        var field = Self.board()
        var random = SeededGenerator(seed: 1)
        field.reveal(Spot(x: 3, y: 0), using: &random)
        #expect(field.opened == [Spot(x: 3, y: 0)])
        #expect(field.count(around: Spot(x: 3, y: 0)) == 1)
        #expect(field.outcome == .playing)
    }

    @Test func aFlagKeepsItsCellShutUntilTakenOff() {
        var field = Self.board()
        var random = SeededGenerator(seed: 1)
        let changed2 = field.toggleFlag(Spot(x: 4, y: 0))
        #expect(changed2)
        let changed3 = field.reveal(Spot(x: 4, y: 0), using: &random)
        #expect(!changed3, "a flagged cell is not opened")
        #expect(!field.canReveal(Spot(x: 4, y: 0)) && field.canFlag(Spot(x: 4, y: 0)))
        let changed4 = field.toggleFlag(Spot(x: 4, y: 0))
        #expect(changed4 && field.flagged.isEmpty)
        field.reveal(Spot(x: 0, y: 0), using: &random)
        let changed5 = field.toggleFlag(Spot(x: 0, y: 0))
        #expect(!changed5, "an open cell takes no flag")
    }

    @Test func aMineEndsTheRoundAndNothingChangesAfter() {
        var field = Self.board()
        var random = SeededGenerator(seed: 1)
        field.reveal(Spot(x: 4, y: 3), using: &random)
        #expect(field.outcome == .lost && field.exploded == Spot(x: 4, y: 3))
        let after = field
        let changed6 = field.reveal(Spot(x: 0, y: 0), using: &random)
        #expect(!changed6)
        let changed7 = field.toggleFlag(Spot(x: 1, y: 1))
        #expect(!changed7)
        #expect(field == after)
    }

    @Test func outsideTheBoardNothingHappens() {
        var field = Self.board()
        var random = SeededGenerator(seed: 1)
        let changed8 = field.reveal(Spot(x: 5, y: 0), using: &random)
        #expect(!changed8)
        let changed9 = field.toggleFlag(Spot(x: -1, y: 2))
        #expect(!changed9)
        #expect(field == Self.board())
    }

    /// The state is written the same in every process: sets sorted, row by row.
    @Test func theStateIsWrittenInOneOrder() throws {
        var field = Self.board()
        field.toggleFlag(Spot(x: 2, y: 3))
        field.toggleFlag(Spot(x: 1, y: 0))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(field), as: UTF8.self)
        #expect(json.contains(#""flagged":[{"x":1,"y":0},{"x":2,"y":3}]"#), "\(json)")
        #expect(json.contains(#""mines":[{"x":4,"y":0},{"x":4,"y":3}]"#), "\(json)")
    }
}
