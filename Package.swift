// swift-tools-version: 6.0
import PackageDescription

/// Game modules live under Games/; add a game here and in Sources/GameCatalog.
let games = ["ArithmeticQuiz", "Memorize", "CompatibilitySlider"]

let package = Package(
    name: "GameHost",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "gamehost", targets: ["GameHostCLI"]),
        .executable(name: "gamehost-bench", targets: ["GameHostBench"]),
        .library(name: "GameHost", targets: ["GameHost"]),
    ],
    targets: [
        .target(name: "GameHost"),
        // The conformance suite: what `gamehost check` runs, so the shipped binary may link it.
        // Its C part starts a re-executed copy of the program as the suite's child process.
        .target(name: "GameHostConformanceChild"),
        .target(name: "GameHostConformance", dependencies: ["GameHost", "GameHostConformanceChild"]),
        // The test kit proper (TestDriver, golden frames, fuzz helpers); re-exports the suite.
        .target(name: "GameHostTesting", dependencies: ["GameHost", "GameHostConformance"]),
        .target(name: "GameCatalog", dependencies: ["GameHost"] + games.map { .target(name: $0) }),
        .executableTarget(name: "GameHostCLI", dependencies: ["GameHost", "GameHostConformance", "GameCatalog"],
                          path: "Sources/gamehost"),
        .executableTarget(name: "GameHostBench", dependencies: ["GameHost", "GameHostTesting", "GameCatalog"]),
        .testTarget(name: "GameHostTests", dependencies: ["GameHost", "GameHostConformance", "GameHostTesting"], exclude: ["Golden"]),
        .testTarget(name: "ConformanceTests", dependencies: ["GameCatalog", "GameHostTesting"]),
        .testTarget(name: "EndToEndTests", dependencies: ["GameHostCLI"]),
    ] + games.flatMap { game -> [Target] in [
        .target(name: game, dependencies: ["GameHost"], path: "Games/\(game)"),
        .testTarget(name: "\(game)Tests", dependencies: [.target(name: game), "GameHost", "GameHostTesting"],
                    exclude: ["Golden"]),
    ] }
)
