// swift-tools-version: 6.0
import PackageDescription

// A game in a package of its own, using GameHost as a dependency: its launcher offers the
// built-in games and this one, and its tests run the conformance suite on it.
let package = Package(
    name: "ExternalGame",
    platforms: [.macOS(.v14)],
    dependencies: [
        // From elsewhere: .package(url: "https://…/GameHost.git", from: "0.1.0")
        .package(name: "GameHost", path: "../.."),
    ],
    targets: [
        .target(name: "CoinToss", dependencies: [.product(name: "GameHost", package: "GameHost")]),
        .executableTarget(name: "coin-launcher", dependencies: [
            "CoinToss",
            .product(name: "GameHostApp", package: "GameHost"),
            .product(name: "BuiltInGames", package: "GameHost"),
        ]),
        .testTarget(name: "CoinTossTests", dependencies: [
            "CoinToss",
            .product(name: "GameHostTesting", package: "GameHost"),
        ]),
    ]
)
