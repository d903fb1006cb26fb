#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameCatalog
import GameHost
import GameHostTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

if let status = ShippingCommands.run(Array(CommandLine.arguments.dropFirst()), catalog: Catalog.entries) {
    exit(status)
}

let arguments: Arguments
do {
    arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    StandardError.write(error.description + "\n")
    exit(Launcher.ExitCode.usage)
}

let launcher = Launcher(catalog: Catalog.entries, builtInConfig: builtInConfig)
if case .check(let id) = arguments.command, !arguments.help, !arguments.version {
    let entries = Catalog.entries.filter { id == nil || $0.id == id }
    guard !entries.isEmpty else {
        let ids = Catalog.entries.map(\.id).joined(separator: ", ")
        StandardError.write("\(UsageError("unknown game '\(id!)'; games: \(ids)"))\n")
        exit(Launcher.ExitCode.usage)
    }
    let report = arguments.keys.map { ConformanceSuite.run(entries, catalog: Catalog.entries, keysPerModule: $0) }
        ?? ConformanceSuite.run(entries, catalog: Catalog.entries)
    print(report.text)
    exit(report.passed ? Launcher.ExitCode.ok : Launcher.ExitCode.failure)
}
exit(launcher.run(arguments))
