// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Every folder under Games/ is a game module named for the folder; Tests/<Name>Tests, if
/// there is one, holds its tests. Nothing lists the games by hand: the catalog
/// (`BuiltInGames.all`) is generated at build time from these targets by Plugins/.
let games = folders(in: "Games")
let gameTests = Set(folders(in: "Tests"))

let package = Package(
    name: "GameHost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gamehost", targets: ["GameHostCLI"]),
        .executable(name: "gamehost-bench", targets: ["GameHostBench"]),
        .library(name: "GameHost", targets: ["GameHost"]),
        .library(name: "GameHostTesting", targets: ["GameHostTesting"]),
        .library(name: "GameHostApp", targets: ["GameHostApp"]),
        .library(name: "BuiltInGames", targets: ["BuiltInGames"]),
    ],
    targets: [
        .target(name: "GameHost"),
        // The conformance suite: what `gamehost check` runs, so the shipped binary may link it.
        // Its C part starts a re-executed copy of the program as the suite's child process.
        .target(name: "GameHostConformanceChild"),
        .target(name: "GameHostConformance", dependencies: ["GameHost", "GameHostConformanceChild"]),
        // The test kit proper (TestDriver, golden frames, fuzz helpers); re-exports the suite.
        .target(name: "GameHostTesting", dependencies: ["GameHost", "GameHostConformance"]),
        .target(name: "GameHostApp", dependencies: ["GameHost", "GameHostConformance"]),
        .target(name: "BuiltInGames", dependencies: ["GameHost"] + games.map { .target(name: $0) },
                plugins: ["GameCatalogPlugin"]),
        .plugin(name: "GameCatalogPlugin", capability: .buildTool(), dependencies: ["GameCatalogGenerator"]),
        .executableTarget(name: "GameCatalogGenerator", path: "Plugins/GameCatalogGenerator"),
        .executableTarget(name: "GameHostCLI", dependencies: ["GameHostApp", "BuiltInGames"],
                          path: "Sources/GameHostCLI"),
        // A throwaway OpenSSH server hosting the binary: the hosted benchmark's and the end-to-end tests'.
        .target(name: "SSHHarness"),
        .executableTarget(name: "GameHostBench", dependencies: ["GameHost", "GameHostTesting", "BuiltInGames", "SSHHarness"]),
        // The game `gamehost new` copies: built and tested like any game, but in no catalog.
        .target(name: "Template", dependencies: ["GameHost"], path: "Scaffold/Template"),
        .testTarget(name: "TemplateTests", dependencies: ["Template", "GameHost", "GameHostTesting"],
                    path: "Scaffold/TemplateTests"),
        .testTarget(name: "GameHostTests", dependencies: ["GameHost", "GameHostConformance", "GameHostTesting"],
                    exclude: ["Golden"]),
        .testTarget(name: "ConformanceTests", dependencies: ["BuiltInGames", "GameHostTesting"]),
        .testTarget(name: "EndToEndTests", dependencies: ["GameHostCLI", "GameHost", "GameHostConformance", "SSHHarness"], exclude: ["Golden"]),
        // The benchmark's own logic that can be tested without timing it (RoomTimeline).
        .testTarget(name: "GameHostBenchTests", dependencies: ["GameHostBench"]),
    ] + games.flatMap { game -> [Target] in
        [.target(name: game, dependencies: ["GameHost"], path: "Games/\(game)")]
            + (gameTests.contains("\(game)Tests")
                ? [.testTarget(name: "\(game)Tests", dependencies: [.target(name: game), "GameHost", "GameHostTesting"],
                               exclude: exists("Tests/\(game)Tests/Golden") ? ["Golden"] : [])]
                : [])
    }
)

/// The folders directly inside `path` (relative to this file), sorted; hidden ones left out.
func folders(in path: String) -> [String] {
    let base = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(path)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
    return names.filter { !$0.hasPrefix(".") && exists("\(path)/\($0)", folder: true) }.sorted()
}

func exists(_ path: String, folder: Bool = true) -> Bool {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(path)
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue == folder
}
