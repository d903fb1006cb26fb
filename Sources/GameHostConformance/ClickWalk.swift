import GameHost

/// Where the walks click: every walk mixes clicks on the frame's regions in with its keys,
/// so the checks that walk (rounds, determinism, resume, seats…) reach what only a click
/// does. The one place a click is chosen, and with which button.
enum ClickWalk {
    /// Of a hundred steps, about this many are clicks, where the frame has a region to click.
    static let percent = 10

    /// A click inside one of the frame's enabled regions, or nil when it has none. A region
    /// that sends a way out (Esc, q, ?) is left to the keys, which press those rarely.
    /// `waysOut`: those regions too.
    static func click(on frame: Frame, _ random: inout SeededGenerator, waysOut: Bool = false) -> MouseEvent? {
        let regions = frame.regions.filter { region in
            guard region.isEnabled, region.click != nil, region.rect.width > 0, region.rect.height > 0 else { return false }
            if !waysOut, case .key(let key)? = region.click, RandomWalk.leaving.contains(key) { return false }
            return true
        }
        guard let region = regions.randomElement(using: &random) else { return nil }
        let column = region.rect.column + Int.random(in: 0..<region.rect.width, using: &random)
        let row = region.rect.row + Int.random(in: 0..<region.rect.height, using: &random)
        // A region that answers the middle and right buttons gets them too (a flag on a
        // right click); drawn only there, so other games walk as they always did.
        guard region.buttons != nil, let button = MouseButton.allCases.randomElement(using: &random) else {
            return .click(column: column, row: row)
        }
        return MouseEvent(.press(button.rawValue), column: column, row: row)
    }

    /// Now and then a click on the host's frame as the walker's terminal shows it; else nil.
    static func maybe(_ walker: Walker, _ random: inout SeededGenerator) -> MouseEvent? {
        guard Int.random(in: 0..<100, using: &random) < percent else { return nil }
        return click(on: walker.hostFrame(at: walker.size), &random)
    }

    /// Now and then a click on a frame (a room seat's, drawn for it); else nil.
    static func maybe(_ frame: @autoclosure () -> Frame, _ random: inout SeededGenerator) -> MouseEvent? {
        guard Int.random(in: 0..<100, using: &random) < percent else { return nil }
        return click(on: frame(), &random)
    }
}
