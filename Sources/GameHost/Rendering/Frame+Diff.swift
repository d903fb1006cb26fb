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
        var changes: [CellChange] = []
        diff(from: old, into: &changes)
        return changes
    }

    /// `diff(from:)` appended to `changes`, so that an encoder reuses one buffer frame after frame.
    func diff(from old: Frame?, into changes: inout [CellChange]) {
        let old = old?.size == size ? old! : Frame(size: size)
        let width = size.width
        slots.withUnsafeBufferPointer { mine in
            old.slots.withUnsafeBufferPointer { theirs in
                for row in 0..<size.height {
                    let start = row * width
                    // A tick changes a few cells of a few rows: whole rows are passed over first.
                    if Slot.samePlainSlots(mine, theirs, from: start, count: width) { continue }
                    for index in start..<(start + width) where mine[index].width != 0 {
                        // Plain scalars in equal slots are the same cell; clusters are compared by content.
                        if Slot.samePlainSlots(mine, theirs, from: index, count: 1) || sameCell(index, as: old) { continue }
                        changes.append(change(at: index))
                    }
                }
            }
        }
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

extension Frame.Slot {
    /// True when `count` slots from `start` hold the same fields in both buffers and none is a
    /// cluster (the same index may name other clusters in two frames: `Frame.sameCell` decides).
    /// False says only that some slot needs a closer look.
    static func samePlainSlots(_ mine: UnsafeBufferPointer<Self>, _ theirs: UnsafeBufferPointer<Self>,
                               from start: Int, count: Int) -> Bool {
        guard let words = Words.layout else {
            for index in start..<(start + count) where mine[index] != theirs[index] || mine[index].isCluster {
                return false
            }
            return true
        }
        // A slot read as one 64-bit word, its padding masked off: a row is compared in a few
        // instructions a cell, where comparing field by field took some thirty.
        let a = UnsafeRawPointer(mine.baseAddress!) + start * 8, b = UnsafeRawPointer(theirs.baseAddress!) + start * 8
        var differs: UInt64 = 0
        for offset in stride(from: 0, to: count * 8, by: 8) {
            let mine = a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let theirs = b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            differs |= (mine ^ theirs) & words.fields | mine & words.clusterFlag
        }
        return differs == 0
    }

    /// Where a slot's fields lie in a 64-bit word; nil if a slot is not 8 bytes of code, style
    /// and width, and slots are then compared field by field.
    struct Words {
        /// The bits of the word that hold fields (not padding).
        let fields: UInt64
        /// The bit of the word that is `clusterFlag` of `code`.
        let clusterFlag: UInt64

        static let layout: Words? = {
            guard MemoryLayout<Frame.Slot>.stride == 8, MemoryLayout<Style>.size == 2,
                  let code = MemoryLayout<Frame.Slot>.offset(of: \.code),
                  let style = MemoryLayout<Frame.Slot>.offset(of: \.style),
                  let width = MemoryLayout<Frame.Slot>.offset(of: \.width) else { return nil }
            // Built byte by byte from the offsets, so that it holds whatever the byte order.
            func word(_ bytes: [(offset: Int, byte: UInt8)]) -> UInt64 {
                var word: UInt64 = 0
                withUnsafeMutableBytes(of: &word) { raw in
                    for (offset, byte) in bytes { raw[offset] = byte }
                }
                return word
            }
            let codeBytes = withUnsafeBytes(of: Frame.Slot.clusterFlag) { Array($0) }
            return Words(fields: word((0..<4).map { (code + $0, 0xFF) } + [(style, 0xFF), (style + 1, 0xFF), (width, 0xFF)]),
                         clusterFlag: word(codeBytes.indices.map { (code + $0, codeBytes[$0]) }))
        }()
    }
}
