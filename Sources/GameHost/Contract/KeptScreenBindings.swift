/// A screen's erased bindings (`Screen.bindings(for:)`) kept per seat with the view's
/// bindings they were made from: a view that keeps its bindings while they show the same
/// (Snake's, a room's forwarded keys) returns the same array, and its erased copies are not
/// made again. A room's seat asks every frame, and erasing them cost more than the view's
/// own check. A test holds them to the ones made anew.
///
/// Not generic: it runs unspecialized for every game's intents, where each generic
/// collection call costs many times a plain one; only the view's array is of the game's type.
final class KeptScreenBindings {
    private struct Kept {
        let seat: Seat?
        /// The view's array, held so that no other array is stored where it is while kept.
        let made: Any
        let storage: UnsafeRawPointer?
        let count: Int
        let bindings: [ScreenBinding]
    }

    /// One for each seat asked for: in a room every seat's input goes through its bindings.
    private var kept: [Kept] = []

    /// The erased bindings of `made` for `seat`: those kept, if made from the same array for
    /// the same seat, else `erase`'s.
    func bindings<Intent>(of made: [KeyBinding<Intent>], for seat: Seat?,
                          erase: ([KeyBinding<Intent>]) -> [ScreenBinding]) -> [ScreenBinding] {
        let storage = made.storage
        var index = 0
        while index < kept.count, kept[index].seat != seat { index += 1 }
        if index < kept.count, kept[index].storage == storage, kept[index].count == made.count {
            return kept[index].bindings
        }
        let entry = Kept(seat: seat, made: made, storage: storage, count: made.count, bindings: erase(made))
        if index < kept.count { kept[index] = entry } else { kept.append(entry) }
        return entry.bindings
    }
}
