/// What a click or a turn of the wheel on a frame asks for, as its regions say: the same for
/// the launcher and for a journal played back without it.
extension Frame {
    enum Pointing {
        /// Nothing happened that a journal keeps (a release, a button no region answers).
        case ignored
        /// A disabled region, or none, took it: nothing changes, notices included.
        case swallowed
        /// A footer hint: its key.
        case key(Key)
        /// A region's intent for the top screen; nil when its position sends none.
        case intent((any Sendable)?)
    }

    /// A click goes to the region under it (a disabled one swallows it): the left button to
    /// every region, the middle and right ones to a region that answers them; the wheel goes
    /// to the region under it that scrolls.
    func pointing(_ mouse: MouseEvent) -> Pointing {
        switch mouse.action {
        case .press(let code):
            guard let button = MouseButton(rawValue: code) else { return .ignored }
            let region = region(atColumn: mouse.column, row: mouse.row)
            if button != .left, region?.buttons == nil { return .ignored }
            guard let region, region.isEnabled,
                  let click = region.sends(button, column: mouse.column, row: mouse.row) else { return .swallowed }
            switch click {
            case .key(let key): return .key(key)
            case .intent(let value): return .intent(value)
            case .position(let make): return .intent(make(mouse.column - region.rect.column, mouse.row - region.rect.row))
            }
        case .wheelUp, .wheelDown:
            guard let wheel = wheelRegion(atColumn: mouse.column, row: mouse.row)?.wheel else { return .swallowed }
            return .intent(mouse.action == .wheelUp ? wheel.up : wheel.down)
        case .release:
            return .ignored
        }
    }
}
