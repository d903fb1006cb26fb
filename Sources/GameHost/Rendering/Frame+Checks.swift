/// What must hold for any frame, checked by the conformance suite on every step of its
/// random walk: cheap enough for a hundred thousand frames.
extension Frame {
    /// Problems with the grid: half a wide character, a control character, or a line whose
    /// text would be measured by a terminal differently from its cells (neighbouring cells
    /// that join into one grapheme cluster when written out).
    public func invariantProblems() -> [String] {
        var problems: [String] = []
        slots.withUnsafeBufferPointer { slots in
        for row in 0..<size.height {
            let start = row * size.width
            var needsTextCheck = false
            var used = 0
            for column in 0..<size.width {
                let slot = slots[start + column]
                if slot.code >= 0x20, slot.code < 0x7F, slot.width == 1 {
                    if slot.code != 0x20 { used = column + 1 }
                    continue
                }
                switch slot.width {
                case 0:
                    if column == 0 || slots[start + column - 1].width != 2 {
                        problems.append("row \(row), column \(column): a continuation without its wide character")
                    }
                case 2:
                    if column + 1 >= size.width || slots[start + column + 1].width != 0 {
                        problems.append("row \(row), column \(column): a wide character without its second cell")
                    }
                default:
                    break
                }
                if slot.width != 0, slot.code != 0x20 { used = column + Int(slot.width) }
                if slot.isCluster {
                    let cluster = clusters[Int(slot.code & ~Slot.clusterFlag)]
                    if cluster.unicodeScalars.contains(where: TextSanitizer.isUnsafe) {
                        problems.append("row \(row), column \(column): a control character")
                    }
                    needsTextCheck = true
                } else if let scalar = Unicode.Scalar(slot.code) {
                    if TextSanitizer.isUnsafe(scalar) { problems.append("row \(row), column \(column): a control character") }
                    if !DisplayWidth.standsAlone(scalar) { needsTextCheck = true }
                }
            }
            if needsTextCheck {
                let width = DisplayWidth.of(line(row))
                if width != used {
                    problems.append("row \(row): its text is \(width) cells wide, its cells \(used): \(line(row))")
                }
            }
        }
        }
        return problems
    }
}
