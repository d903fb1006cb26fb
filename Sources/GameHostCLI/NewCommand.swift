#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// `new <Name>`: Games/<Name>/ and Tests/<Name>Tests/ for a new game that builds, plays and
/// passes its tests as it is; in the GameHost folder only.
enum NewCommand {
    static func run(_ launcher: Launcher, _ name: String) -> Int32 {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let scaffold: Scaffold
        let created: [String]
        do {
            scaffold = try Scaffold(root: root, name: name, takenIDs: launcher.catalog.map(\.id))
            created = try scaffold.create()
        } catch let refusal as Scaffold.Refusal {
            launcher.fail(UsageError("new: \(refusal)").text(program: launcher.programName))
            return Launcher.ExitCode.usage
        } catch {
            launcher.fail("\(launcher.programName): new: cannot write the game's files: \(error)")
            return Launcher.ExitCode.cannotCreate
        }
        forgetCachedManifest(in: root)
        print("Made \(scaffold.title) (\(scaffold.id)), a guess-the-number game to change into yours:")
        for path in created { print("  " + path) }
        let next = [("swift run gamehost play \(scaffold.id)", "play it"),
                    ("swift run gamehost check \(scaffold.id)", "the conformance suite"),
                    ("swift test --filter \(scaffold.name)Tests", "its tests")]
        let width = next.map(\.0.count).max()!
        print("\nNext:")
        for (command, what) in next { print("  " + command.padded(to: width + 3) + what) }
        return Launcher.ExitCode.ok
    }

    /// SwiftPM keeps what Package.swift said in a cache keyed by the file's text, and plans a
    /// build again only when that file changes; a new folder under Games/ does neither. So the
    /// cache is dropped (as `swift package purge-cache` does) and Package.swift's date renewed.
    private static func forgetCachedManifest(in root: URL) {
        let manifest = root.appendingPathComponent("Package.swift").path
        guard FileManager.default.fileExists(atPath: manifest) else { return }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: manifest)
        guard let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else { return }
        let database = caches.appendingPathComponent("org.swift.swiftpm/manifests/manifest.db").path
        for suffix in ["", "-shm", "-wal"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }
}
