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
        let words = Slot.Words.layout
        // A slot is a cluster only as an index into its frame's table: none in a frame without one.
        let clusters = !clusters.isEmpty
        slots.withUnsafeBufferPointer { mine in
            old.slots.withUnsafeBufferPointer { theirs in
                // A tick changes a few cells: stretches of 32 are passed over as words first.
                var start = 0
                while start < mine.count {
                    let end = min(start + 32, mine.count)
                    defer { start = end }
                    if let words, words.same(mine, theirs, from: start, count: end - start, clusters: clusters) { continue }
                    for index in start..<end where mine[index].width != 0 {
                        // Plain scalars in equal slots are the same cell; clusters are compared by content.
                        if let words, words.same(mine, theirs, from: index, count: 1, clusters: clusters) { continue }
                        if sameCell(index, as: old) { continue }
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
    /// Where a slot's fields lie in a 64-bit word, to compare stretches of slots as words; nil
    /// if a slot is not 8 bytes of code, style and width, and `Frame.sameCell` compares them.
    struct Words {
        /// The bits of the word that hold fields: the padding holds whatever the memory held.
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

        /// True when `count` slots from `start` hold the same fields in both buffers and none
        /// of `mine` is a cluster (the same index may name other clusters in two frames);
        /// false says only that some slot needs a closer look. `clusters`: whether `mine` may hold one.
        @inline(__always)
        func same(_ mine: UnsafeBufferPointer<Frame.Slot>, _ theirs: UnsafeBufferPointer<Frame.Slot>,
                  from start: Int, count: Int, clusters: Bool) -> Bool {
            precondition(start >= 0 && count >= 0 && start + count <= min(mine.count, theirs.count))
            let a = UnsafeRawPointer(mine.baseAddress! + start), b = UnsafeRawPointer(theirs.baseAddress! + start)
            // Differences ORed together, masked once at the end: a loop the compiler vectorizes.
            var differs: UInt64 = 0
            for offset in 0..<count {
                differs |= a.loadUnaligned(fromByteOffset: offset &* 8, as: UInt64.self)
                    ^ b.loadUnaligned(fromByteOffset: offset &* 8, as: UInt64.self)
            }
            guard differs & fields == 0 else { return false }
            guard clusters else { return true }
            var codes: UInt64 = 0
            for offset in 0..<count { codes |= a.loadUnaligned(fromByteOffset: offset &* 8, as: UInt64.self) }
            return codes & clusterFlag == 0
        }
    }
}
