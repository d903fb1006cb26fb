/// Bracketed pastes: the bytes between `ESC [ 200 ~` and `ESC [ 201 ~`, taken as text.
extension KeyDecoder {
    /// Moves paste bytes from `pending` into `pasted` up to the paste's end marker; returns
    /// the index after the marker, or nil when it has not arrived: then `pending` keeps only
    /// the start of a marker cut by the read (nothing at the end of input).
    mutating func takePaste(from start: Int, final: Bool) -> Int? {
        let marker = Self.pasteEnd
        var index = start
        while index < pending.count {
            if pending[index] == marker[0] {
                let available = min(marker.count, pending.count - index)
                if pending[index..<(index + available)].elementsEqual(marker[0..<available]) {
                    if available == marker.count {
                        appendPasted(pending[start..<index])
                        return index + marker.count
                    }
                    if !final {
                        appendPasted(pending[start..<index])
                        pending.removeFirst(index)
                        return nil
                    }
                }
            }
            index += 1
        }
        appendPasted(pending[start..<pending.count])
        pending.removeAll(keepingCapacity: true)
        return nil
    }

    private mutating func appendPasted(_ bytes: ArraySlice<UInt8>) {
        guard let count = pasted?.count, count < Self.pasteLimit else { return }
        pasted?.append(contentsOf: bytes.prefix(Self.pasteLimit - count))
    }

    /// The pasted bytes as text: line breaks (CR LF, CR, LF) as "\n", a tab as a space, and
    /// no other control character (an Esc inside a paste is dropped with it).
    static func pasteText(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\r", "\n": scalars.append("\n")
            case "\t": scalars.append(" ")
            case _ where TextSanitizer.isUnsafe(scalar) || scalar == "\u{FFFD}": continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
