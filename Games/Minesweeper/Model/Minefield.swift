#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A cell of the board, by column and row from the top-left.
public struct Spot: Hashable, Codable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// The rules of Minesweeper on one board: where the mines are, what is open and flagged.
///
/// The mines are laid at the first reveal, never on the revealed cell nor its neighbours,
/// so a round never ends on its first move and always opens an area to start from.
public struct Minefield: Equatable, Encodable, Sendable {
    public enum Outcome: String, Encodable, Sendable { case playing, won, lost }

    public let width: Int
    public let height: Int
    public let mineCount: Int
    /// Empty until the first reveal lays them.
    public private(set) var mines: Set<Spot> = []
    public private(set) var opened: Set<Spot> = []
    public private(set) var flagged: Set<Spot> = []
    /// The mine that was opened, once the round is lost.
    public private(set) var exploded: Spot?

    public init(width: Int, height: Int, mines: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        // The schema keeps mines below the cells; a field built some other way is held to it too.
        mineCount = max(0, min(mines, self.width * self.height - 1))
    }

    /// A board with its mines already laid where given (tests, and boards worked out by hand).
    public init(width: Int, height: Int, laid mines: Set<Spot>) {
        self.init(width: width, height: height, mines: mines.count)
        self.mines = mines.filter(contains)
    }

    public var isLaid: Bool { !mines.isEmpty || mineCount == 0 && !opened.isEmpty }

    public var outcome: Outcome {
        if exploded != nil { return .lost }
        if isLaid, opened.count == width * height - mines.count { return .won }
        return .playing
    }

    public func contains(_ spot: Spot) -> Bool { (0..<width).contains(spot.x) && (0..<height).contains(spot.y) }

    /// The cells around `spot` on the board, without it.
    public func neighbours(of spot: Spot) -> [Spot] {
        var found: [Spot] = []
        for dy in -1...1 {
            for dx in -1...1 where dx != 0 || dy != 0 {
                let next = Spot(x: spot.x + dx, y: spot.y + dy)
                if contains(next) { found.append(next) }
            }
        }
        return found
    }

    /// How many mines touch `spot`.
    public func count(around spot: Spot) -> Int { neighbours(of: spot).filter(mines.contains).count }

    /// Opens a cell: the first reveal lays the mines away from it; a zero opens its
    /// neighbours, and theirs, until numbers stop it. A flagged or open cell, or any after
    /// the round ended, stays as it is. Returns whether anything changed.
    @discardableResult
    public mutating func reveal(_ spot: Spot, using random: inout some RandomNumberGenerator) -> Bool {
        guard outcome == .playing, contains(spot), !opened.contains(spot), !flagged.contains(spot) else { return false }
        if !isLaid { lay(awayFrom: spot, using: &random) }
        if mines.contains(spot) {
            exploded = spot
            opened.insert(spot)
            return true
        }
        var queue = [spot]
        while let next = queue.popLast() {
            guard !opened.contains(next), !flagged.contains(next) else { continue }
            opened.insert(next)
            if count(around: next) == 0 { queue += neighbours(of: next).filter { !opened.contains($0) } }
        }
        return true
    }

    /// Flags a closed cell, or takes its flag off. Returns whether anything changed.
    @discardableResult
    public mutating func toggleFlag(_ spot: Spot) -> Bool {
        guard outcome == .playing, contains(spot), !opened.contains(spot) else { return false }
        if flagged.contains(spot) { flagged.remove(spot) } else { flagged.insert(spot) }
        return true
    }

    /// Whether a reveal at `spot` would do something now.
    public func canReveal(_ spot: Spot) -> Bool {
        outcome == .playing && contains(spot) && !opened.contains(spot) && !flagged.contains(spot)
    }

    /// Whether a flag at `spot` would do something now.
    public func canFlag(_ spot: Spot) -> Bool { outcome == .playing && contains(spot) && !opened.contains(spot) }

    private enum CodingKeys: String, CodingKey { case width, height, mineCount, mines, opened, flagged, exploded }

    /// Sets written sorted, row by row: a set's own order changes from one process to the
    /// next, and the host compares states across processes (journals, the conformance suite).
    public func encode(to encoder: any Encoder) throws {
        func sorted(_ spots: Set<Spot>) -> [Spot] { spots.sorted { ($0.y, $0.x) < ($1.y, $1.x) } }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(mineCount, forKey: .mineCount)
        try container.encode(sorted(mines), forKey: .mines)
        try container.encode(sorted(opened), forKey: .opened)
        try container.encode(sorted(flagged), forKey: .flagged)
        try container.encodeIfPresent(exploded, forKey: .exploded)
    }

    private mutating func lay(awayFrom first: Spot, using random: inout some RandomNumberGenerator) {
        let kept = Set([first] + neighbours(of: first))
        var free = (0..<height).flatMap { y in (0..<width).map { Spot(x: $0, y: y) } }.filter { !kept.contains($0) }
        // A board too full to keep the neighbours free still keeps the first cell free.
        if free.count < mineCount {
            free = (0..<height).flatMap { y in (0..<width).map { Spot(x: $0, y: y) } }.filter { $0 != first }
        }
        free.shuffle(using: &random)
        mines = Set(free.prefix(mineCount))
    }
}
