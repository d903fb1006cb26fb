/// A value kept with what it was made from, made again only when that changes: Snake's
/// bindings (asked for every frame, the same through a whole round) and its border's top
/// edge (the same on most ticks). A room's seat draws ten frames a second; making them anew
/// each time cost more than drawing the board.
final class Kept<Source: Equatable, Value> {
    private var last: (source: Source, value: Value)?

    /// The value of `source`: the one kept, if it was made from the same, else `make`'s.
    func value(for source: Source, make: (Source) -> Value) -> Value {
        if let last, last.source == source { return last.value }
        let value = make(source)
        last = (source, value)
        return value
    }
}
