/// A rectangle of cells in a frame.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public var width: Int
    public var height: Int

    public init(column: Int, row: Int, width: Int, height: Int = 1) {
        self.column = column
        self.row = row
        self.width = width
        self.height = height
    }

    public func contains(column: Int, row: Int) -> Bool {
        column >= self.column && column < self.column + width && row >= self.row && row < self.row + height
    }

    /// The part of this rectangle inside `other`; empty rectangles have no cells.
    func clipped(to other: Rect) -> Rect {
        let left = max(column, other.column), top = max(row, other.row)
        let right = min(column + width, other.column + other.width)
        let bottom = min(row + height, other.row + other.height)
        return Rect(column: left, row: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(width)×\(height) at \(column),\(row)" }
}

/// A place in a frame the player can click or turn the wheel over, declared by the view as
/// it draws, so the text and the place it answers to cannot drift apart.
///
/// A click becomes an intent of the screen's view model, just as a key would (keyboard-only
/// play keeps working, and tests and the conformance suite click without a terminal). A
/// disabled region still owns its cells: a click there does nothing. Where regions overlap,
/// the one declared last wins.
public struct HitRegion: Sendable {
    /// What a click does.
    public enum Click: Sendable {
        /// Sends this intent (it must be of the screen's view model's `Intent` type).
        case intent(any Sendable)
        /// Sends the intent made from the click's place inside the region (0,0 is its
        /// top-left cell): sliders, boards. Nil does nothing.
        case position(@Sendable (_ column: Int, _ row: Int) -> (any Sendable)?)
        /// Acts as this key (the host's footer hints).
        case key(Key)
    }

    public var rect: Rect
    public let isEnabled: Bool
    /// What a left click does.
    public let click: Click?
    /// The intents for the wheel turned up and down over the region.
    public let wheel: (up: any Sendable, down: any Sendable)?
    /// What a press of any button sends, made from the place inside the region and the
    /// button; nil where only the left button does something (its `click`).
    public let buttons: (@Sendable (_ column: Int, _ row: Int, _ button: MouseButton) -> (any Sendable)?)?
    /// What the middle and right buttons do here, in the words of the binding that does the
    /// same ("flag"): the footer and the help list the button beside that binding's keys.
    public let buttonLabels: [MouseButton: String]

    public init(_ rect: Rect, enabled: Bool = true, click: Click?, wheel: (up: any Sendable, down: any Sendable)? = nil) {
        self.init(rect, enabled: enabled, click: click, wheel: wheel, buttons: nil, labels: [:])
    }

    /// A region that answers the right and middle buttons too; its left click is `buttons`
    /// with `.left`, so everything that knows only left clicks (rooms, the conformance
    /// suite's walks) reaches it as before.
    public init(_ rect: Rect, enabled: Bool = true, wheel: (up: any Sendable, down: any Sendable)? = nil,
                labels: [MouseButton: String] = [:],
                buttons: @escaping @Sendable (_ column: Int, _ row: Int, _ button: MouseButton) -> (any Sendable)?) {
        self.init(rect, enabled: enabled, click: .position { buttons($0, $1, .left) }, wheel: wheel, buttons: buttons,
                  labels: labels)
    }

    private init(_ rect: Rect, enabled: Bool, click: Click?, wheel: (up: any Sendable, down: any Sendable)?,
                 buttons: (@Sendable (_ column: Int, _ row: Int, _ button: MouseButton) -> (any Sendable)?)?,
                 labels: [MouseButton: String]) {
        self.rect = rect
        isEnabled = enabled
        self.click = click
        self.wheel = wheel
        self.buttons = buttons
        buttonLabels = labels
    }

    /// What a press of `button` at this cell of the frame sends: the left button's click,
    /// or the intent `buttons` makes. Nil where the region does nothing for that button.
    func sends(_ button: MouseButton, column: Int, row: Int) -> Click? {
        if let buttons {
            let made = buttons(column - rect.column, row - rect.row, button)
            return made.map { value in .intent(value) }
        }
        return button == .left ? click : nil
    }
}

/// A mouse button, as a click region tells them apart.
public enum MouseButton: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case left = 0, middle = 1, right = 2

    /// How traces, journals and `play --keys` name a press of it: "click", "middle-click",
    /// "right-click".
    public var description: String {
        switch self {
        case .left: "click"
        case .middle: "middle-click"
        case .right: "right-click"
        }
    }
}

extension Frame {
    /// Declares a clickable region that sends `intent`.
    ///
    /// Disfavoured because a closure is Sendable too: without it, a trailing closure that
    /// captures a value (`region(rect) { column, _ in .open(column / cell) }`) was taken for
    /// an intent here and failed to compile, rather than meaning the place-picking form (D1).
    @_disfavoredOverload
    public mutating func region(_ rect: Rect, enabled: Bool = true, _ intent: some Sendable) {
        addRegion(HitRegion(rect, enabled: enabled, click: .intent(intent)))
    }

    /// Declares a region whose click sends the intent made from where it landed inside it.
    public mutating func region<Intent: Sendable>(_ rect: Rect, enabled: Bool = true,
                                                  at intent: @escaping @Sendable (_ column: Int, _ row: Int) -> Intent?) {
        addRegion(HitRegion(rect, enabled: enabled, click: .position { intent($0, $1) }))
    }

    /// Declares a region whose left, middle and right clicks each send the intent made from
    /// the button and where the click landed inside it (Minesweeper: left reveals, right
    /// flags). Nil does nothing for that button. `labels` name what the middle and right
    /// buttons do with the label of the key binding that does the same (`[.right: "flag"]`):
    /// the footer shows "f/right-click flag", and the help lists it.
    public mutating func region<Intent: Sendable>(
        _ rect: Rect, enabled: Bool = true, labels: [MouseButton: String] = [:],
        clicked intent: @escaping @Sendable (_ column: Int, _ row: Int, _ button: MouseButton) -> Intent?) {
        addRegion(HitRegion(rect, enabled: enabled, labels: labels, buttons: { intent($0, $1, $2) }))
    }

    /// What the middle and right buttons do on this frame's enabled regions, by label, each
    /// once, in the order declared: what the footer and the help add to the keys.
    public var buttonLabels: [(button: MouseButton, label: String)] { Self.buttonLabels(regions) }

    /// `buttonLabels` of these regions (a content drawn in parts: `Chrome.frame`).
    static func buttonLabels(_ regions: [HitRegion]) -> [(button: MouseButton, label: String)] {
        var found: [(button: MouseButton, label: String)] = []
        for region in regions where region.isEnabled {
            for button in MouseButton.allCases {
                guard let label = region.buttonLabels[button],
                      !found.contains(where: { $0.button == button && $0.label == label }) else { continue }
                found.append((button, label))
            }
        }
        return found
    }

    /// Declares a region the wheel scrolls: `up` and `down` are sent for each notch.
    public mutating func wheel(_ rect: Rect, up: some Sendable, down: some Sendable) {
        addRegion(HitRegion(rect, click: nil, wheel: (up, down)))
    }

    /// Writes text, like `write`, and makes the cells it took clickable: a button.
    @discardableResult
    public mutating func button(_ text: String, row: Int, column: Int, style: Style = .plain,
                                enabled: Bool = true, _ intent: some Sendable) -> Int {
        let end = write(text, row: row, column: column, style: style)
        region(Rect(column: column, row: row, width: end - column), enabled: enabled, intent)
        return end
    }

    /// Writes centered text, like `center`, and makes it clickable.
    @discardableResult
    public mutating func centerButton(_ text: String, row: Int, style: Style = .plain, enabled: Bool = true,
                                      _ intent: some Sendable) -> Int {
        let fitted = DisplayWidth.truncate(text, to: size.width)
        let start = max(0, (size.width - DisplayWidth.of(fitted)) / 2)
        return button(fitted, row: row, column: start, style: style, enabled: enabled, intent)
    }

    /// The region a click at this cell lands on: the last declared that holds it and takes
    /// clicks (a disabled region takes them too, and does nothing; a wheel-only one does not).
    public func region(atColumn column: Int, row: Int) -> HitRegion? {
        regions.last { ($0.click != nil || !$0.isEnabled) && $0.rect.contains(column: column, row: row) }
    }

    /// The region the wheel over this cell scrolls.
    public func wheelRegion(atColumn column: Int, row: Int) -> HitRegion? {
        regions.last { $0.wheel != nil && $0.rect.contains(column: column, row: row) }
    }
}
