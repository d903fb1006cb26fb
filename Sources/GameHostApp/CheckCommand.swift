import Foundation
import GameHost
import GameHostTesting

/// `check [<id>] [--keys N]`: the conformance suite on one game or all; prints the report.
enum CheckCommand {
    static func run(_ launcher: Launcher, _ arguments: Arguments) -> Int32 {
        guard case .check(let id) = arguments.command else { return Launcher.ExitCode.usage }
        let catalog = launcher.catalog
        let entries = catalog.filter { id == nil || $0.id == id }
        guard !entries.isEmpty else {
            let ids = catalog.map(\.id).joined(separator: ", ")
            launcher.fail(UsageError("unknown game '\(id ?? "")'; games: \(ids)").text(program: launcher.programName))
            return Launcher.ExitCode.usage
        }
        let report = arguments.keys.map { ConformanceSuite.run(entries, catalog: catalog, keysPerModule: $0) }
            ?? ConformanceSuite.run(entries, catalog: catalog)
        print(report.text)
        return report.passed ? Launcher.ExitCode.ok : Launcher.ExitCode.failure
    }
}
