#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost

/// Golden frames: text files beside the tests, compared line by line, rewritten only on
/// purpose (`UPDATE_GOLDEN=1 swift test`).
///
/// `check` is the one way to take them: a screen at the standard sizes, each file holding the
/// text, the styles a terminal without colour still shows, and the colours.
public enum Golden {
    /// The sizes every screen is looked at: a classic terminal, a small one and a large one.
    /// `check` adds the smallest size the screen allows.
    public static let standardSizes = [Size(width: 80, height: 24), Size(width: 50, height: 15),
                                       Size(width: 160, height: 48)]

    /// Compares the driver's screen at each size (the standard ones and the top screen's
    /// smallest, by default) with `directory/name-WxH.txt`; nil when all match, else what
    /// differs. The driver is left at the size it had.
    public static func check(_ driver: TestDriver, _ name: String, directory: String,
                             sizes: [Size]? = nil) -> String? {
        let saved = driver.size
        defer { driver.size = saved }
        var all = sizes ?? standardSizes
        if sizes == nil, let minimum = driver.session.topScreen?.minimumSize {
            let smallest = Size(width: minimum.width, height: minimum.height + Session.chromeHeight)
            if !all.contains(smallest) { all.append(smallest) }
        }
        let problems = all.compactMap { size -> String? in
            driver.size = size
            return compare(described(driver.frame), name: "\(name)-\(size.width)x\(size.height)", directory: directory)
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// A frame as a golden file shows it: its text, then its styled cells as runs, row by
    /// row — first the attributes (what `--no-color` shows), then the colours.
    public static func described(_ frame: Frame) -> String {
        var lines = frame.lines
        while lines.last == "" { lines.removeLast() }
        var attributes: [String] = [], colours: [String] = []
        for row in 0..<frame.size.height {
            attributes += runs(frame, row: row) { style in
                [style.bold ? "bold" : nil, style.dim ? "dim" : nil, style.reverse ? "reverse" : nil,
                 style.underline ? "underline" : nil].compactMap { $0 }.joined(separator: " ")
            }
            colours += runs(frame, row: row) { style in
                [style.foreground.map { "fg \($0)" }, style.background.map { "bg \($0)" }]
                    .compactMap { $0 }.joined(separator: " ")
            }
        }
        return (lines + ["── styles (row: cells) ──"] + attributes + ["── colours ──"] + colours)
            .joined(separator: "\n")
    }

    /// "3: 15-24 bold reverse" for each run of cells in a row that `name` names alike.
    private static func runs(_ frame: Frame, row: Int, _ name: (Style) -> String) -> [String] {
        var found: [String] = []
        var column = 0
        while column < frame.size.width {
            let label = name(frame[row, column].style)
            var end = column + 1
            while end < frame.size.width, name(frame[row, end].style) == label { end += 1 }
            if !label.isEmpty { found.append("\(row): \(column)-\(end - 1) \(label)") }
            column = end
        }
        return found
    }

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
