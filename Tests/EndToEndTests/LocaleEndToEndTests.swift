import Foundation
import Testing

/// A locale that says the terminal is not UTF-8 (C, POSIX) gets ASCII, as TERM=dumb does,
/// unless the terminal shows it decodes UTF-8; no locale at all says nothing (audit #27).
@Suite struct LocaleEndToEndTests {
    static func nonASCII(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.value >= 0x80 }
    }

    /// Piped, where nothing can be measured: the locale is believed, in POSIX's order.
    @Test(arguments: [
        (["LC_ALL": "C"], true),
        (["LC_ALL": "POSIX", "LANG": "C.UTF-8"], true),
        (["LC_ALL": "", "LC_CTYPE": "C", "LANG": "en_US.UTF-8"], true),
        (["LC_ALL": "", "LC_CTYPE": "", "LANG": "C"], true),
        (["LC_ALL": "C.UTF-8", "LANG": "C"], false),
        (["LC_ALL": "", "LC_CTYPE": "en_US.UTF-8", "LANG": "C"], false),
        (["LC_ALL": "", "LC_CTYPE": "", "LANG": ""], false),     // no locale at all: UTF-8, as ever
    ])
    func aPipedLauncherWritesASCIIWhenTheLocaleSaysSo(_ locale: [String: String], _ ascii: Bool) throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let menu = try runGamehost(["--data-dir", data], input: "q", environment: locale)
        #expect(menu.status == 0, "\(menu.error)")
        #expect(menu.output.contains("Arithmetic Quiz"))
        if ascii {
            #expect(Self.nonASCII(menu.output).isEmpty, "no UTF-8 byte: \(Self.nonASCII(menu.output))")
            #expect(menu.output.contains(">  1  Arithmetic Quiz"), "the cursor › in ASCII:\n\(menu.output)")
        } else {
            #expect(menu.output.contains("›  1  Arithmetic Quiz"), "\(menu.output)")
        }
    }

    /// A Memorize board, emoji and box drawing, in ASCII: each emoji is "?" and a space.
    @Test func aBoardOfEmojiIsASCIIToo() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let ascii = try runGamehost(["play", "memorize", "--seed", "3", "--data-dir", data], input: "\n\n",
                                    environment: ["LC_ALL": "C"])
        #expect(ascii.status == 0, "\(ascii.error)")
        #expect(Self.nonASCII(ascii.output).isEmpty, "\(Self.nonASCII(ascii.output))")
        #expect(ascii.output.contains("? "), "an emoji as ? and a space:\n\(ascii.output.suffix(2000))")
    }

    /// In a terminal, the probe outweighs the locale: tmux decodes UTF-8 whatever LC_ALL says,
    /// so the emoji stay; without the probe, the locale's ASCII. (A probe answered too late,
    /// on a loaded machine, leaves the locale's ASCII, as it should: the log says so, and the
    /// start is tried again.)
    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func theProbeShowsATerminalDecodesUTF8WhateverTheLocaleSays() throws {
        let data = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let tmux = try Tmux()
        let log = data + "/probe.txt"
        var answered = false
        for attempt in 0..<4 where !answered {
            try? FileManager.default.removeItem(atPath: log)
            tmux.shell("clear; GAMEHOST_PROBE_LOG=\(log) LC_ALL=C \(Tmux.binary) --data-dir \(data); echo done-$((40+2))")
            try #require(tmux.waitFor("1  Arithmetic Quiz"))
            for _ in 0..<40 where !FileManager.default.fileExists(atPath: log) { usleep(50_000) }
            let found = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            answered = found.contains("UTF-8=yes")
            if answered {
                #expect(tmux.waitFor("›  1  Arithmetic Quiz"), "the probe's answer brings UTF-8 back:\n\(tmux.capture())")
            } else {
                #expect(tmux.capture().contains(">  1  Arithmetic Quiz"), "attempt \(attempt), no answer in time (\(found)): ASCII")
            }
            tmux.send("q")
            try #require(tmux.waitFor("done-42"))
        }
        #expect(answered, "tmux answered the probe in time once in four starts")
        tmux.shell("clear; GAMEHOST_PROBE=0 LC_ALL=C \(Tmux.binary) --data-dir \(data)")
        try #require(tmux.waitFor(">  1  Arithmetic Quiz"), "no probe: the locale's ASCII:\n\(tmux.capture())")
        #expect(Self.nonASCII(tmux.capture()).isEmpty, "\(tmux.capture())")
        tmux.send("q")
    }
}
