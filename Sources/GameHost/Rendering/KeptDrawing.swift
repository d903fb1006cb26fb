/// A drawing kept with what it was drawn from, drawn again only when that changes: for lines
/// drawn at every frame from things that seldom change (a room's status and seats, the
/// chrome's header), which the place drawing them keeps from one frame to the next.
final class KeptDrawing<Source: Equatable> {
    private var last: (source: Source, frame: Frame)?

    /// The drawing of `source`: the one kept, if it was drawn from the same, else `draw`'s.
    func frame(for source: Source, draw: (Source) -> Frame) -> Frame {
        if let last, last.source == source { return last.frame }
        let frame = draw(source)
        last = (source, frame)
        return frame
    }
}
