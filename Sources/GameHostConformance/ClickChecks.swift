#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The mouse, as the player meets it: walks where clicks (inside regions and anywhere) and
/// turns of the wheel mix with keys. Regions lie inside the frame and carry the screen's own
/// intents, a click on a disabled region changes nothing, and neither does a click that sends
/// the intent of keys all shown unavailable: a click may not do what the footer says is locked.
enum ClickChecks {
    static func run(_ context: CheckContext) -> Int {
        Checks.walk(context, "clicks", keys: context.options.keys / 4, sizes: WalkChecks.sizes,
                    pick: { walker, random in
                        Int.random(in: 0..<3, using: &random) == 0 ? Checks.defaultStep(walker, &random)
                            : .mouse(mouse(walker, &random))
                    }, check: check)
    }

    /// A click inside one of the frame's regions most of the time, else anywhere (now and
    /// then past the edges); one time in ten a turn of the wheel.
    static func mouse(_ walker: Walker, _ random: inout SeededGenerator) -> MouseEvent {
        let frame = walker.hostFrame(at: walker.size)
        let size = frame.size
        let column: Int, row: Int
        if Int.random(in: 0..<10, using: &random) < 7, let region = frame.regions.randomElement(using: &random),
           region.rect.width > 0, region.rect.height > 0 {
            column = region.rect.column + Int.random(in: 0..<region.rect.width, using: &random)
            row = region.rect.row + Int.random(in: 0..<region.rect.height, using: &random)
        } else {
            column = Int.random(in: -2..<(size.width + 2), using: &random)
            row = Int.random(in: -2..<(size.height + 2), using: &random)
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            return MouseEvent(Bool.random(using: &random) ? .wheelUp : .wheelDown, column: column, row: row)
        }
        return .click(column: column, row: row)
    }

    static func check(_ walker: Walker, _ step: Step) -> String? {
        guard let screen = walker.session.topScreen else { return nil }
        let frame = walker.hostFrame(at: walker.size)
        if let problem = regionProblems(frame, screen: screen).first { return "on \(screen.id): \(problem)" }
        guard case .mouse(let event) = step else {
            walker.perform(step)
            return nil
        }
        let region = frame.region(atColumn: event.column, row: event.row)
        // At the launcher, the footer's "q quit" would end the walk rather than test it.
        if walker.screenIDs.count <= 1, case .key(let key)? = region?.click, key == .escape || key == .character("q") {
            return nil
        }
        let disabled = event.action == .press(0) && region.map { !$0.isEnabled } ?? false
        let locked = event.action == .press(0) && !disabled ? region.flatMap { lockedKeys($0, event, screen) } : nil
        let before = walker.snapshot
        walker.perform(step)
        guard walker.snapshot != before else { return nil }
        if disabled, walker.session.topScreen === screen {
            return "a click on a disabled region at \(event.column),\(event.row) changed \(screen.id)"
        }
        if let locked {
            return "a click at \(event.column),\(event.row) sends \(locked.intent), the intent of "
                + "\(locked.keys.map(\.name).joined(separator: ", ")) shown unavailable, and changed "
                + (walker.screenIDs.last == screen.id ? screen.id : "the screens to \(walker.screenIDs.joined(separator: " > "))")
        }
        return nil
    }

    /// The intent a click on an enabled region sends, and its keys, when the screen has keys
    /// for that intent and every one of them is shown unavailable (its binding disabled); nil
    /// otherwise.
    static func lockedKeys(_ region: HitRegion, _ event: MouseEvent, _ screen: Screen) -> (intent: String, keys: [Key])? {
        let value: (any Sendable)?
        switch region.click {
        case .intent(let intent)?: value = intent
        case .position(let make)?: value = make(event.column - region.rect.column, event.row - region.rect.row)
        default: value = nil
        }
        guard let sent = value as? any Encodable else { return nil }
        let target = StateFingerprint.of(sent)
        let bindings = screen.bindings()
        var keys: [Key] = []
        var anyEnabled = false
        for key in bindings.flatMap(\.keys) where !keys.contains(key) {
            // The binding the host uses for the key: the first that holds it.
            guard let owner = bindings.first(where: { $0.keys.contains(key) }),
                  let intent = owner.intent(for: key), StateFingerprint.of(intent) == target else { continue }
            keys.append(key)
            anyEnabled = anyEnabled || owner.isEnabled
        }
        guard !keys.isEmpty, !anyEnabled else { return nil }
        return ("\(sent)", keys)
    }

    /// Regions inside the frame, not empty, and holding this screen's intents.
    static func regionProblems(_ frame: Frame, screen: Screen) -> [String] {
        var failures: [String] = []
        let bounds = frame.size
        for region in frame.regions {
            let rect = region.rect
            if rect.isEmpty || rect.column < 0 || rect.row < 0 || rect.column + rect.width > bounds.width
                || rect.row + rect.height > bounds.height {
                failures.append("region \(rect) lies outside the \(bounds) frame")
            }
            if case .intent(let value)? = region.click, !screen.takes(value) {
                failures.append("region \(rect) sends \(type(of: value)), not an intent of this screen")
            }
            if let wheel = region.wheel, !screen.takes(wheel.up) || !screen.takes(wheel.down) {
                failures.append("wheel region \(rect) sends intents of another screen")
            }
        }
        return failures
    }
}
