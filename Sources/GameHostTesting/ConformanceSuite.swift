#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The checks every game module must pass, with no code specific to any game.
///
/// `gamehost check` prints its report; Tests/ConformanceTests runs it over the catalog.
public enum ConformanceSuite {
    /// The terminal sizes every frame must fit.
    public static let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24),
                               Size(width: 132, height: 43), Size(width: 200, height: 60)]

    /// Runs every check on each entry; `catalog` is the whole list, for the uniqueness check.
    /// The random walk takes `walkKeys` keys from each starting point (the defaults, each
    /// preset, each sample value).
    public static func run(_ entries: [GameEntry], catalog: [GameEntry], walkKeys: Int = 3_000) -> ConformanceReport {
        ConformanceReport(modules: entries.map { check($0, catalog: catalog, walkKeys: walkKeys) })
    }

    /// The same, the random walk taking at least `keysPerModule` keys in all from each module's
    /// starting points: `gamehost check --keys N`, for soaks.
    public static func run(_ entries: [GameEntry], catalog: [GameEntry], keysPerModule: Int) -> ConformanceReport {
        ConformanceReport(modules: entries.map { entry in
            let starts = RandomWalk.variants(entry).count
            return check(entry, catalog: catalog, walkKeys: max(1, (keysPerModule + starts - 1) / starts))
        })
    }

    /// Every check on one entry; `catalog` is the whole list, for the uniqueness of ids.
    public static func check(_ entry: GameEntry, catalog: [GameEntry], walkKeys: Int) -> ModuleReport {
        var report = ModuleReport(id: entry.id)
        report.run("info") { checkInfo(entry, catalog: catalog) }
        report.run("schema") { SchemaChecks.run(entry) }
        report.runCounting({ "random walk of \($0) keys, frames fit, disabled keys, state encodes" }) {
            RandomWalk.checkAll(entry, keys: walkKeys)
        }
        report.run("determinism") { RandomWalk.checkDeterminism(entry, keys: min(walkKeys, 1_000)) }
        report.run("way out") { RandomWalk.checkWayOut(entry) }
        report.run("too small") { checkTooSmall(entry) }
        report.run("persisted data") { PersistenceChecks.run(entry, keys: min(walkKeys, 1_500)) }
        return report
    }

    /// Lowercase letters and digits in words joined by single hyphens: ^[a-z0-9]+(-[a-z0-9]+)*$
    static func isIdentifier(_ text: String) -> Bool {
        let words = text.split(separator: "-", omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    static func checkInfo(_ entry: GameEntry, catalog: [GameEntry]) -> [String] {
        var failures: [String] = []
        if !isIdentifier(entry.id) {
            failures.append("id '\(entry.id)' does not match ^[a-z0-9]+(-[a-z0-9]+)*$")
        }
        if catalog.filter({ $0.id == entry.id }).count > 1 { failures.append("id '\(entry.id)' is not unique") }
        if entry.info.title.trimmed.isEmpty { failures.append("empty title") }
        if entry.info.summary.trimmed.isEmpty { failures.append("empty summary") }
        return failures
    }

    /// Below the screen's minimum size the host shows its notice instead of the screen.
    static func checkTooSmall(_ entry: GameEntry) -> [String] {
        guard let driver = try? TestDriver(games: [entry], play: entry.id) else { return ["cannot start"] }
        defer { _ = driver }
        guard let minimum = driver.session.topScreen?.minimumSize else { return ["no screen"] }
        var failures: [String] = []
        let tooSmall = [Size(width: minimum.width - 1, height: minimum.height + Session.chromeHeight),
                        Size(width: minimum.width, height: minimum.height + Session.chromeHeight - 1),
                        Size(width: 10, height: 3)]
        for size in tooSmall {
            driver.size = size
            let frame = driver.frame
            if !frame.text.lowercased().contains("too small") {
                failures.append("at \(size) (below the minimum \(minimum)) the 'too small' notice is missing")
            }
            failures += FrameChecks.problems(frame, size: size, context: "too-small frame")
        }
        return failures
    }
}

/// What the suite found, per module and per check.
public struct ConformanceReport {
    /// One report per game checked.
    public let modules: [ModuleReport]

    /// Whether every game passed.
    public var passed: Bool { modules.allSatisfy(\.passed) }

    /// The report as `gamehost check` prints it.
    public var text: String {
        var lines: [String] = []
        for module in modules {
            lines.append("\(module.id): \(module.passed ? "passed" : "FAILED")")
            for check in module.checks {
                let verdict = check.failures.isEmpty ? "ok" : "\(check.failures.count) problem(s)"
                lines.append("  \(check.name): \(verdict) (\(NumberText.fixed(check.seconds, places: 2)) s)")
                for failure in check.failures.prefix(10) { lines.append("    - \(failure)") }
            }
        }
        lines.append(passed ? "All modules conform." : "Some modules do not conform.")
        return lines.joined(separator: "\n")
    }
}

/// The checks of one game and what each found.
public struct ModuleReport {
    /// One check's outcome.
    public struct Check {
        /// What it checks.
        public let name: String
        /// What it found wrong; empty if it passed.
        public let failures: [String]
        /// How long it took.
        public let seconds: Double
        /// Keys pressed, for the checks that press keys by the thousand.
        public var keys: Int?
    }

    /// The game's id.
    public let id: String
    /// The checks, in the order they ran.
    public private(set) var checks: [Check] = []

    /// Whether every check passed.
    public var passed: Bool { checks.allSatisfy(\.failures.isEmpty) }
    /// Every failure, each after its check's name: `#expect(report.failures == [])`.
    public var failures: [String] { checks.flatMap { check in check.failures.map { "\(check.name): \($0)" } } }

    init(id: String) { self.id = id }

    mutating func run(_ name: String, _ body: () -> [String]) {
        let start = Date()
        let failures = body()
        checks.append(Check(name: name, failures: failures, seconds: Date().timeIntervalSince(start)))
    }

    /// Runs a check that says how many keys it pressed; its name is made from that count.
    mutating func runCounting(_ name: (Int) -> String, _ body: () -> (failures: [String], keys: Int)) {
        let start = Date()
        let (failures, keys) = body()
        checks.append(Check(name: name(keys), failures: failures, seconds: Date().timeIntervalSince(start), keys: keys))
    }
}

/// Checks on one rendered frame.
enum FrameChecks {
    static func problems(_ frame: Frame, size: Size, context: String) -> [String] {
        problems(frame.lines, size: size, context: context) + frame.invariantProblems().map { "\(context): \($0)" }
    }

    static func problems(_ lines: [String], size: Size, context: String) -> [String] {
        var failures: [String] = []
        if lines.count > size.height {
            failures.append("\(context): \(lines.count) lines at \(size)")
        }
        for (row, line) in lines.enumerated() {
            let width = DisplayWidth.of(line)
            if width > size.width {
                failures.append("\(context): line \(row) is \(width) cells wide at \(size): \(line)")
            }
            if line.unicodeScalars.contains(where: TextSanitizer.isUnsafe) {
                failures.append("\(context): line \(row) holds a control character")
            }
        }
        return failures
    }
}
