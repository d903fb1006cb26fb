/// Something beside the keyboard that the terminal loop waits on: a descriptor, and what to do
/// once it is readable. The loop knows no more of it than that (what a hosted session waits on
/// is its own business: `Session.wakeSources`).
package struct WakeSource {
    package let descriptor: Int32
    /// Handles what arrived; returns whether there may be something new to draw.
    package let woken: () -> Bool
}
