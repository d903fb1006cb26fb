/// A host screen's view model that can say the intent it just handled changed nothing it
/// draws: a room seat's look at the room's clock that found the keeper on time (a timer's
/// intent, which would otherwise redraw). The session then keeps the frame it last drew, and
/// the runner draws no copy of it.
protocol QuietIntents: AnyObject {
    /// Whether the intent handled last changed nothing the screen draws.
    var lastIntentChangedNothing: Bool { get }
}
