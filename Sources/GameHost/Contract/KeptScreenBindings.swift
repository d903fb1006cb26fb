/// A screen's erased bindings (`Screen.bindings(for:)`) kept per seat with the view's
/// bindings they were made from: a view that keeps its bindings while they show the same
/// (Snake's, a room's forwarded keys) returns the same array, and its erased copies are not
/// made again. A room's seat asks every frame, and erasing them cost more than the view's
/// own check. A test holds them to the ones made anew.
final class KeptScreenBindings<Intent> {
    private struct Kept {
        let seat: Seat?
        let made: [KeyBinding<Intent>]
        let bindings: [ScreenBinding]
    }

    /// One for each seat asked for: in a room every seat's input goes through its bindings.
    private var kept: [Kept] = []

    /// The erased bindings of `made` for `seat`: those kept, if made from the same array for
    /// the same seat, else `erase`'s.
    func bindings(of made: [KeyBinding<Intent>], for seat: Seat?,
                  erase: ([KeyBinding<Intent>]) -> [ScreenBinding]) -> [ScreenBinding] {
        let index = kept.firstIndex { $0.seat == seat }
        if let index, kept[index].made.sharesStorage(with: made) { return kept[index].bindings }
        let bindings = erase(made)
        let entry = Kept(seat: seat, made: made, bindings: bindings)
        if let index { kept[index] = entry } else { kept.append(entry) }
        return bindings
    }
}
