#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// The checks every game module must pass, with no code specific to any game: from a test
/// (`ConformanceSuite.check(MyGame.self)`, in this package or another) and from
/// `gamehost check`. The names here are stable.
///
/// Each check runs in a child process (the running program started again; see
/// Sources/GameHostConformanceChild), so a module that crashes or hangs is reported like any
/// other failure, with the steps that lead there and a command that replays them.
public enum ConformanceSuite {
    /// The terminal sizes tests commonly draw at.
    public static let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24),
                               Size(width: 132, height: 43), Size(width: 200, height: 60)]

    /// Every check, in the order they run: info, schema, frames, sizes, keys, output,
    /// determinism, way-out, clicks, rounds, too-small, persistence, resume, seats.
    public static var checkNames: [String] { Checks.all.map(\.name) }

    /// Checks one module. `report.passed` is the verdict; `report.verdict` says it in one
    /// line for an assertion, `report.text` in full.
    public static func check<Module: GameModule>(_ module: Module.Type,
                                                 _ options: ConformanceOptions = ConformanceOptions()) -> ConformanceReport {
        check([GameEntry(module)], options)
    }

    /// Checks modules one after another; `catalog` is the whole list, for the check that ids
    /// are unique. `progress` hears of each module as it is done.
    public static func check(_ entries: [GameEntry], catalog: [GameEntry]? = nil,
                             _ options: ConformanceOptions = ConformanceOptions(),
                             progress: ((ModuleReport) -> Void)? = nil) -> ConformanceReport {
        let ids = (catalog ?? entries).map(\.id)
        return ConformanceReport(modules: entries.map { entry in
            var report = ModuleReport(id: entry.id)
            for name in checkNames where options.checks?.contains(name) ?? true {
                report.checks.append(run(name, entry, catalog: ids, options: options))
            }
            progress?(report)
            return report
        })
    }

    static func run(_ name: String, _ entry: GameEntry, catalog: [String], options: ConformanceOptions) -> CheckResult {
        // A type the child cannot find again by name (a local or generic one) runs here.
        guard options.isolated, let type = _mangledTypeName(entry.module),
              _typeByName(type) != nil else {
            return Checks.run(name, CheckContext(entry: entry, catalog: catalog, options: options, channel: Channel()))
        }
        return Isolation.run(name, entry, catalog: catalog, options: options)
    }
}
