/// A host view whose content is frames one under the other (a room's two lines over the
/// game's frame): the chrome stacks them straight into the terminal's frame
/// (`Frame(stacking:size:)`), rather than copying a frame of the view's own that copied them.
protocol StackedView: ScreenView {
    /// The content area's frames, top to bottom, as wide as `size`: what `render` stacks.
    func parts(_ model: Model, in size: Size, for seat: Seat?) -> [Frame]
}

extension Screen {
    /// `parts` of a stacked view, with the model it was made for; nil for any other view.
    static func stackedParts<View: ScreenView>(_ view: View, _ model: View.Model) -> ((Size, Seat?) -> [Frame])? {
        guard let stacked = view as? any StackedView else { return nil }
        return parts(of: stacked, model)
    }

    private static func parts<Stacked: StackedView>(of view: Stacked, _ model: Any) -> ((Size, Seat?) -> [Frame])? {
        guard let model = model as? Stacked.Model else { return nil }
        return { size, seat in
            // Parts that do not fit are cut as the view's own frame cuts them, not by the terminal's edges.
            let parts = view.parts(model, in: size, for: seat)
            return Frame.stack(parts, fitsIn: size) ? parts : [Frame(stacking: parts, size: size)]
        }
    }
}
