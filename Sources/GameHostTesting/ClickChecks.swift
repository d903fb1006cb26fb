import Foundation
import GameHost

/// The conformance suite's clicks: during a random walk, now and then a click inside a
/// region or anywhere, or a turn of the wheel, with the host's promises checked: regions lie
/// inside the frame and carry the screen's own intents, and a click on a disabled region
/// changes nothing.
enum ClickChecks {
    /// One random mouse input on the driver's top screen; returns what went wrong.
    static func step(_ driver: TestDriver, step: Int, using random: inout SeededGenerator) -> [String] {
        guard let screen = driver.session.topScreen else { return [] }
        let frame = driver.frame
        var failures = regionProblems(frame, screen: screen).map { "step \(step) on \(screen.id): \($0)" }
        let size = frame.size
        guard size.width > 0, size.height > 0 else { return failures }
        let column: Int, row: Int
        if Int.random(in: 0..<10, using: &random) < 7, let region = frame.regions.randomElement(using: &random) {
            column = region.rect.column + Int.random(in: 0..<region.rect.width, using: &random)
            row = region.rect.row + Int.random(in: 0..<region.rect.height, using: &random)
        } else {
            // Anywhere, now and then past the edges.
            column = Int.random(in: -2..<(size.width + 2), using: &random)
            row = Int.random(in: -2..<(size.height + 2), using: &random)
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            let action: MouseEvent.Action = Bool.random(using: &random) ? .wheelUp : .wheelDown
            driver.handle([.mouse(MouseEvent(action, column: column, row: row))])
            return failures
        }
        let region = frame.region(atColumn: column, row: row)
        // At the launcher, the footer's "q quit" would end the walk (as q is not pressed there).
        if driver.screenIDs.count <= 1, case .key(let key)? = region?.click, key == .escape || key == .character("q") {
            return failures
        }
        let disabled = region.map { !$0.isEnabled } ?? false
        let before = StateFingerprint.of(screen.state())
        driver.click(column: column, row: row)
        if disabled, driver.session.topScreen === screen,
           driver.frame != frame || StateFingerprint.of(screen.state()) != before {
            failures.append("step \(step): a click on a disabled region at \(column),\(row) changed \(screen.id)")
        }
        return failures
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
