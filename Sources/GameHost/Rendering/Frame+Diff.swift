/// One cell that differs between two frames: where it is and what it shows now. A wide
/// character is one change (its continuation cell is never written to a terminal).
public struct CellChange: Equatable, Sendable {
    public let row: Int
    public let column: Int
    public let style: Style
    /// 1, or 2 for a wide character.
    public let width: UInt8
    /// The one scalar the cell shows; nil when it shows a cluster of several (`character`).
    public let scalar: Unicode.Scalar?
    let cluster: Character?

    /// What the cell shows.
    public var character: Character { cluster ?? Character(scalar!) }
}

extension Frame {
    /// The cells to write, row by row and left to right, to turn `old` into this frame (a
    /// frame of another size, or none, counts as blank): a backend draws these, and never
    /// needs to know how a frame stores its cells.
    public func diff(from old: Frame?) -> [CellChange] {
        let old = old?.size == size ? old! : Frame(size: size)
        var changes: [CellChange] = []
        for index in slots.indices where slots[index].width != 0 {
            // Plain scalars in equal slots are the same cell; clusters are compared by content.
            if slots[index] == old.slots[index], !slots[index].isCluster { continue }
            if sameCell(index, as: old) { continue }
            changes.append(change(at: index))
        }
        return changes
    }

    /// The cell at a row and column as a change to write (e.g. drawn again though unchanged).
    public func change(row: Int, column: Int) -> CellChange { change(at: row * size.width + column) }

    /// Where the blank tail of a row begins (the row's width when its last cell is not blank).
    public func blankTail(row: Int) -> Int {
        let start = row * size.width
        var column = size.width
        while column > 0, slots[start + column - 1] == .blank { column -= 1 }
        return column
    }

    private func change(at index: Int) -> CellChange {
        let slot = slots[index]
        return CellChange(row: index / size.width, column: index % size.width, style: slot.style, width: slot.width,
                          scalar: slot.isCluster ? nil : Unicode.Scalar(slot.code) ?? " ",
                          cluster: slot.isCluster ? character(slot) : nil)
    }
}
