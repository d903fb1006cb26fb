#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Minesweeper's settings: the board's size and how many mines it hides.
public struct MinesweeperPreferences: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var mines: Int

    public init(width: Int = 9, height: Int = 9, mines: Int = 10) {
        self.width = width
        self.height = height
        self.mines = mines
    }

    /// The cells kept free of mines around the first reveal: it and its neighbours.
    public static let keptFree = 9

    /// The most mines a board of this size takes: every cell but those the first reveal keeps free.
    public var mostMines: Int { width * height - Self.keptFree }
}
