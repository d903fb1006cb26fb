/// Frames put one under the other, as the chrome puts its header over a screen's content and
/// a room its two lines over the game: each cell is written once, where blank frames and
/// `draw` wrote a frame's cells three times over (a blank frame, a room's frame of the game's,
/// the whole terminal's of the room's), and that copying cost a room's seat more than the game's drawing.
extension Frame {
    /// `parts` top to bottom from the first row, with blank rows under them: the frame that a
    /// blank frame of `size` is with each part drawn (`draw`) at column 0 under the one before.
    init(stacking parts: [Frame], size: Size) {
        let size = Size(width: max(0, size.width), height: max(0, size.height))
        guard Self.stack(parts, fitsIn: size) else {
            // Parts of another width, or more rows than there are: cut as `draw` cuts them.
            self = Self.drawing(parts, size: size)
            return
        }
        var clusters: [Character] = []
        for part in parts where !part.clusters.isEmpty { clusters.append(contentsOf: part.clusters) }
        self.init(size: size, slots: Self.slots(of: parts, count: size.width * size.height), clusters: clusters)
        var row = 0
        for part in parts {
            for var region in part.regions {
                region.rect.row += row
                addRegion(region)
            }
            row += part.size.height
        }
    }

    /// Whether the parts are as wide as `size` and, one under the other, no taller.
    static func stack(_ parts: [Frame], fitsIn size: Size) -> Bool {
        var rows = 0
        for part in parts {
            guard part.size.width == size.width else { return false }
            rows += part.size.height
        }
        return rows <= size.height
    }

    /// The general path `init(stacking:size:)` is tested against: a blank frame, each part drawn in.
    static func drawing(_ parts: [Frame], size: Size) -> Frame {
        var frame = Frame(size: size)
        var row = 0
        for part in parts {
            frame.draw(part, row: row, column: 0)
            row += part.size.height
        }
        return frame
    }

    /// The parts' slots one after the other, their clusters' indices moved past the clusters
    /// of the parts above, then blanks up to `count`.
    private static func slots(of parts: [Frame], count: Int) -> [Slot] {
        [Slot](unsafeUninitializedCapacity: count) { cells, initialized in
            var at = 0, clusters: UInt32 = 0
            for part in parts {
                part.slots.withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress, !source.isEmpty else { return }
                    (cells.baseAddress! + at).initialize(from: base, count: source.count)
                }
                if clusters > 0, !part.clusters.isEmpty {
                    for index in at..<(at + part.slots.count) where cells[index].isCluster { cells[index].code += clusters }
                }
                at += part.slots.count
                clusters += UInt32(part.clusters.count)
            }
            if at < count { (cells.baseAddress! + at).initialize(repeating: .blank, count: count - at) }
            initialized = count
        }
    }
}
