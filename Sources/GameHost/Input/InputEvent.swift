/// What the terminal sends, decoded: a key, a mouse event, or a pasted text.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text the terminal marked as pasted (bracketed paste): it is never run as keys.
    /// Line breaks arrive as "\n"; no other control character is kept.
    case paste(String)

    /// The key, for callers that only take keys.
    public var key: Key? {
        if case .key(let key) = self { return key }
        return nil
    }
}

/// A mouse button press or release, or a turn of the wheel, at a cell of the terminal.
///
/// Cells count from 0 at the top-left corner (SGR reports count from 1).
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Action: Hashable, Sendable {
        case press(Int)
        case release(Int)
        case wheelUp, wheelDown
    }

    public let action: Action
    public let column: Int
    public let row: Int

    public init(_ action: Action, column: Int, row: Int) {
        self.action = action
        self.column = column
        self.row = row
    }

    /// A press of the left (first) button.
    public static func click(column: Int, row: Int) -> MouseEvent { MouseEvent(.press(0), column: column, row: row) }

    /// Stable names for traces: "click 12,5", "wheel-down 3,8".
    public var description: String {
        let name: String
        switch action {
        case .press(let code): name = MouseButton(rawValue: code)?.description ?? "press\(code)"
        case .release(let button): name = "release\(button)"
        case .wheelUp: name = "wheel-up"
        case .wheelDown: name = "wheel-down"
        }
        return "\(name) \(column),\(row)"
    }

    /// Reads a name written by `description` back ("click 12,5", "right-click 12,5",
    /// "wheel-up 3,8"); nil for
    /// anything else.
    public init?(description: String) {
        let parts = description.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let cell = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard cell.count == 2, let column = cell[0], let row = cell[1] else { return nil }
        switch parts[0] {
        case "click": self.init(.press(0), column: column, row: row)
        case "middle-click": self.init(.press(1), column: column, row: row)
        case "right-click": self.init(.press(2), column: column, row: row)
        case "wheel-up": self.init(.wheelUp, column: column, row: row)
        case "wheel-down": self.init(.wheelDown, column: column, row: row)
        default: return nil
        }
    }

    /// The SGR (mode 1006) bytes a terminal sends for this event, for scripts and tests.
    public var sgrBytes: String {
        let code: Int, final: String
        switch action {
        case .press(let button): (code, final) = (button, "M")
        case .release(let button): (code, final) = (button, "m")
        case .wheelUp: (code, final) = (64, "M")
        case .wheelDown: (code, final) = (65, "M")
        }
        return "\u{1B}[<\(code);\(column + 1);\(row + 1)\(final)"
    }
}
