#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// One thing a module got wrong, with what it takes to see it again.
public struct ConformanceFailure: Codable, Sendable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable {
        /// A check found something wrong in what the module returned.
        case problem
        /// The module crashed (the check's child process died).
        case crash
        /// A key, a draw or a step ran past the time limit.
        case timeLimit = "time limit"
        /// Worth a look, not a failure (a problem with `--strict`): a key shown as available
        /// that changed nothing.
        case warning
    }

    public let module: String
    /// The check that was running: "frames", "sizes", "keys", "output", …
    public let check: String
    public let kind: Kind
    public let message: String
    /// Where the walk that found it started, and the steps from there ("wait:300" is time
    /// passing on the session's clock), shortened to the fewest that still fail.
    public var walk: WalkStart?
    public var steps: [String]?
    /// One command that replays it in the real program.
    public var reproduce: String?

    public var description: String {
        var text = "[\(check)\(kind == .problem ? "" : ", \(kind.rawValue)")] \(message)"
        if let walk {
            text += "\n      from: \(walk.label), seed \(walk.seed), \(walk.size)"
            if let steps { text += ", \(steps.count) step(s): \(steps.isEmpty ? "none" : steps.joined(separator: " "))" }
        }
        if let reproduce { text += "\n      replay: \(reproduce)" }
        return text
    }
}

/// The result of one check on one module.
public struct CheckResult: Codable, Sendable {
    public let name: String
    public var failures: [ConformanceFailure]
    public var seconds: Double
    /// Keys pressed, for the checks that walk.
    public var keys: Int
}

/// What the suite found in one module.
public struct ModuleReport: Codable, Sendable {
    public let id: String
    public var checks: [CheckResult] = []

    public var passed: Bool { failures.isEmpty }
    /// What fails the module: everything found but warnings.
    public var failures: [ConformanceFailure] { checks.flatMap(\.failures).filter { $0.kind != .warning } }
    public var warnings: [ConformanceFailure] { checks.flatMap(\.failures).filter { $0.kind == .warning } }

    /// The module's verdict, a line per check, and its failures (ten per check at most).
    public var text: String {
        var lines = ["\(id): \(passed ? "passed" : "FAILED")"]
        for check in checks {
            let warnings = check.failures.filter { $0.kind == .warning }.count
            let problems = check.failures.count - warnings
            var verdict = problems == 0 ? "ok" : "\(problems) problem(s)"
            if warnings > 0 { verdict += ", \(warnings) warning(s)" }
            let keys = check.keys > 0 ? ", \(check.keys) keys" : ""
            lines.append("  \(check.name): \(verdict) (\(NumberText.fixed(check.seconds, places: 2)) s\(keys))")
            for failure in check.failures.prefix(10) { lines.append("    - \(failure)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// What the suite found, per module and per check.
public struct ConformanceReport: Codable, Sendable, CustomStringConvertible {
    public let modules: [ModuleReport]

    public var passed: Bool { modules.allSatisfy(\.passed) }
    public var failures: [ConformanceFailure] { modules.flatMap(\.failures) }

    /// One line for an assertion: "conforms: counter" or "2 problem(s): counter [keys] …".
    public var verdict: String {
        let ids = modules.map(\.id).joined(separator: ", ")
        guard let first = failures.first else { return "conforms: \(ids)" }
        return "\(failures.count) problem(s) in \(ids); first: [\(first.check)] \(first.message)"
    }

    /// The whole report, as `gamehost check` prints it.
    public var text: String {
        (modules.map(\.text) + [passed ? "All modules conform." : "Some modules do not conform: \(verdict)"])
            .joined(separator: "\n")
    }

    public var description: String { text }
}
