import Foundation

/// GNU screen as a second real terminal for end-to-end tests: a detached session, keys sent
/// with `stuff`, the screen read with `hardcopy`.
///
/// screen 4 keeps each cell as the low byte of its character (and a font byte beside it),
/// and `hardcopy` writes those bytes: one byte per cell, so a row's bytes give the column of
/// every glyph exactly, even where the text itself is lost (`│` is 0x02, `╭` is "m").
final class GNUScreen {
    static var isAvailable: Bool { (try? spawn(["screen", "-v"]))?.output.contains("Screen version") == true }

    let name = "gh\(UUID().uuidString.prefix(8))"
    private let folder = scratchDirectory()

    /// Starts `command` (run by sh) in a detached 80×24 session in UTF-8 mode; with
    /// `cjkWidth`, East Asian ambiguous glyphs (box drawing) are 2 cells, as in a CJK locale.
    init(_ command: String, cjkWidth: Bool = false) throws {
        let rc = folder + "/screenrc"
        try ("defutf8 on\ndefencoding utf8\nstartup_message off\n" + (cjkWidth ? "cjkwidth on\n" : ""))
            .write(toFile: rc, atomically: true, encoding: .utf8)
        let result = try spawn(["env", "LANG=C.UTF-8", "TERM=xterm-256color", "screen", "-U", "-d", "-m", "-S", name,
                                "-c", rc, "sh", "-c", command])
        guard result.status == 0 else { throw TmuxError("screen failed: \(result.output)") }
    }

    deinit {
        _ = try? spawn(["screen", "-S", name, "-X", "quit"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Types text as if at the keyboard.
    func stuff(_ text: String) {
        _ = try? spawn(["screen", "-S", name, "-X", "stuff", text])
    }

    /// The screen's cells as rows of bytes, one byte per cell.
    func hardcopy() -> [[UInt8]] {
        let path = folder + "/hardcopy-\(UUID().uuidString.prefix(6))"
        defer { unlink(path) }
        _ = try? spawn(["screen", "-S", name, "-X", "hardcopy", path])
        for _ in 0..<40 where !FileManager.default.fileExists(atPath: path) { usleep(25_000) }
        usleep(20_000)
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        return hardcopy().contains { row in
            row.count >= needle.count && (0...(row.count - needle.count)).contains { Array(row[$0..<($0 + needle.count)]) == needle }
        }
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

    /// The screen once it differs from `previous` and has stopped changing for a moment.
    func changed(from previous: [[UInt8]], timeout: Double = 5) -> [[UInt8]] {
        let deadline = Date().addingTimeInterval(timeout)
        var last = hardcopy()
        while Date() < deadline {
            usleep(60_000)
            let now = hardcopy()
            if now == last, now != previous { return now }
            last = now
        }
        return last
    }
}
