#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Golden frames: text files beside the tests, compared line by line, rewritten only on
/// purpose (`UPDATE_GOLDEN=1 swift test`).
public enum Golden {
    /// Compares text with `directory/name.txt`; returns nil when equal, else what differs.
    /// A missing file, or `UPDATE_GOLDEN=1`, writes the file and reports it as written.
    public static func compare(_ text: String, name: String, directory: String) -> String? {
        let path = directory + "/" + name + ".txt"
        let wanted = text + "\n"
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        guard !update, let data = FileManager.default.contents(atPath: path) else {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(wanted.utf8))
            return update ? nil : "\(name).txt did not exist and was written; check it and run again"
        }
        let stored = String(decoding: data, as: UTF8.self)
        guard stored != wanted else { return nil }
        let old = stored.components(separatedBy: "\n"), new = wanted.components(separatedBy: "\n")
        var report = ["\(name).txt differs (UPDATE_GOLDEN=1 rewrites it):"]
        for row in 0..<max(old.count, new.count) {
            let a = row < old.count ? old[row] : "∅", b = row < new.count ? new[row] : "∅"
            if a != b { report.append("  line \(row + 1): expected |\(a)|\n           got      |\(b)|") }
        }
        return report.joined(separator: "\n")
    }

    /// The `Golden` folder beside a test file: pass `#filePath`.
    public static func directory(besides testFile: String) -> String {
        Path.folder(of: testFile) + "/Golden"
    }
}
