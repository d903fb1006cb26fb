#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import GameHost
import GameHostTesting
import Testing

/// The host's registry of who is online: one file per live session, whole or not at all,
/// readable by the hosting account only, and no ghost of a session that is gone.
@Suite struct ConnectionRegistryTests {
    let directory = TestDriver.temporaryDirectory() + "/sessions"

    func entry(pid: Int32 = getpid(), player: String = "ada") -> ConnectionRegistry.Entry {
        ConnectionRegistry.Entry(pid: pid, player: player, game: "counter", title: "Counter", started: 1000,
                              gameStarted: 1100, lastInput: 1200, width: 80, height: 24)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func aWrittenEntryIsReadBackWithFilesOnlyTheAccountReads() throws {
        let registry = ConnectionRegistry(directory: directory)
        let name = ConnectionRegistry.fileName()
        try registry.write(entry(), as: name)
        var expected = entry()
        expected.id = String(name.dropLast(5))
        #expect(registry.live() == [expected])
        #expect(registry.entry(name) == expected && registry.entry(expected.id) == expected)
        #expect(mode(directory) == 0o700)
        #expect(mode(directory + "/" + name) == 0o600)
        // Written again, still one file, no temporary left behind.
        var moved = expected
        moved.lastInput = 1300
        try registry.write(moved, as: name)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])
        #expect(registry.live() == [moved])
        registry.remove(name)
        #expect(registry.live().isEmpty && registry.entry(name) == nil)
        #expect(registry.entry("../x") == nil && registry.entry(".x") == nil)
    }

    @Test func watchersAreCountedFromTheWatchersOwnFiles() throws {
        let registry = ConnectionRegistry(directory: directory)
        let played = ConnectionRegistry.fileName()
        try registry.write(entry(player: "ada"), as: played)
        for name in ["bob", "cy"] {
            var watcher = entry(player: name)
            watcher.watching = String(played.dropLast(5))
            try registry.write(watcher, as: ConnectionRegistry.fileName())
        }
        let counts = Dictionary(uniqueKeysWithValues: registry.live().map { ($0.player, $0.watchers) })
        #expect(counts == ["ada": 2, "bob": 0, "cy": 0])
    }

    @Test func watchersAreMarkedInAFolderOfTheSessionWatched() throws {
        let registry = ConnectionRegistry(directory: directory)
        let played = "\(getpid())-played"
        #expect(registry.countWatchers(of: played) == 0)
        try registry.write(entry(), as: played + ".json")
        let mark = registry.addWatcher("\(getpid())-watcher", to: played)
        registry.addWatcher("999999999-gone", to: played)
        #expect(registry.countWatchers(of: played) == 1)
        #expect(mode(registry.watchersFolder(of: played)) == 0o700 && mode(mark) == 0o600)
        #expect(registry.live().count == 1, "the folder is not a session")
        registry.removeWatchers(of: played)
        #expect(!FileManager.default.fileExists(atPath: registry.watchersFolder(of: played)))
    }

    /// A session ended by a signal unlinks its file and has no time for more: the watchers'
    /// folder it made is removed by the next reader, so no empty folder is left per dropped
    /// connection.
    @Test func theWatchersFolderOfASessionWhoseFileIsGoneIsRemoved() throws {
        let registry = ConnectionRegistry(directory: directory)
        let live = ConnectionRegistry.fileName()
        try registry.write(entry(), as: live)
        registry.addWatcher("\(getpid())-watcher", to: ConnectionRegistry.id(of: live))
        let ended = "\(getpid())-ended"
        _ = mkdir(registry.watchersFolder(of: ended), 0o700)
        #expect(registry.live().count == 1)
        #expect(!FileManager.default.fileExists(atPath: registry.watchersFolder(of: ended)))
        #expect(registry.countWatchers(of: ConnectionRegistry.id(of: live)) == 1, "a live session's folder stays")
    }

    @Test func aSessionWhoseProcessIsGoneIsIgnoredAndItsFileRemoved() throws {
        let registry = ConnectionRegistry(directory: directory)
        // A child that has exited and been reaped: its pid runs nothing now.
        var dead: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("true"), nil]
        #expect(posix_spawn(&dead, "/bin/true", nil, nil, arguments, nil) == 0)
        var status: Int32 = 0
        waitpid(dead, &status, 0)
        #expect(!ConnectionRegistry.isAlive(dead))
        #expect(ConnectionRegistry.isAlive(getpid()))
        let ghost = ConnectionRegistry.fileName(pid: dead)
        try registry.write(entry(pid: dead, player: "ghost"), as: ghost)
        try registry.write(entry(), as: ConnectionRegistry.fileName())
        #expect(registry.live().map(\.player) == ["ada"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/" + ghost))
    }

    @Test func aFileWhosePidNowRunsAnotherProcessIsADeadSessions() throws {
        let registry = ConnectionRegistry(directory: directory)
        let started = try #require(ConnectionRegistry.processStart(getpid()))
        #expect(abs(started - Date().timeIntervalSince1970) < 24 * 3600 * 365)
        // This process, recorded with its own start: a live session.
        var mine = entry()
        mine.processStarted = started
        let live = ConnectionRegistry.fileName()
        try registry.write(mine, as: live)
        // The same pid recorded with another start: a session killed before this process
        // took its pid. Ignored, and its file removed.
        var ghost = entry(player: "ghost")
        ghost.processStarted = started - 3600
        let reused = ConnectionRegistry.fileName()
        try registry.write(ghost, as: reused)
        #expect(registry.live().map(\.player) == ["ada"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/" + reused))
        #expect(FileManager.default.fileExists(atPath: directory + "/" + live))
    }

    /// A process's start is field 22 of /proc/PID/stat, counted after the command's last ')':
    /// a command may hold spaces and ')' of its own (a program can name itself anything).
    @Test func aProcessStartIsReadPastACommandWithSpacesAndParentheses() {
        let rest = (4...21).map(String.init).joined(separator: " ") + " 987654 23 24 25\n"
        #expect(ConnectionRegistry.startTicks(Data("42 (game host) S \(rest)".utf8)) == 987_654)
        #expect(ConnectionRegistry.startTicks(Data("42 (a) b ) (c)) R \(rest)".utf8)) == 987_654)
        // Ending at field 22, without a newline.
        #expect(ConnectionRegistry.startTicks(Data("7 (x) S \((4...21).map(String.init).joined(separator: " ")) 55".utf8)) == 55)
        #expect(ConnectionRegistry.startTicks(Data("42 (game) S 4 5 6".utf8)) == nil, "too few fields")
        #expect(ConnectionRegistry.startTicks(Data("42 game S \(rest)".utf8)) == nil, "no command")
        #expect(ConnectionRegistry.startTicks(Data("42 (game) S \(rest.replacingOccurrences(of: "987654", with: "98x"))".utf8)) == nil)
        let stat = "cpu  1 2 3\ncpu0 1 2 3\nintr 5 6\nctxt 77\nbtime 1764200000\nprocesses 9\n"
        #expect(ConnectionRegistry.bootTime(Data(stat.utf8)) == 1_764_200_000)
        #expect(ConnectionRegistry.bootTime(Data("cpu 1 btime 5\nctxt 2\n".utf8)) == nil, "only a line's start counts")
    }

    @Test func filesThatAreNotSessionsAreSkipped() throws {
        let registry = ConnectionRegistry(directory: directory)
        try registry.write(entry(), as: ConnectionRegistry.fileName())
        // Garbage under a live pid, an entry claiming another pid, a temporary file.
        _ = FileManager.default.createFile(atPath: directory + "/\(getpid())-junk.json", contents: Data("{".utf8))
        let liar = try JSONEncoder().encode(entry(pid: 1, player: "liar"))
        _ = FileManager.default.createFile(atPath: directory + "/\(getpid())-liar.json", contents: liar)
        _ = FileManager.default.createFile(atPath: directory + "/.\(getpid())-x.json.tmp", contents: Data())
        #expect(registry.live().map(\.player) == ["ada"])
        #expect(ConnectionRegistry(directory: directory + "/none").live().isEmpty)
    }

    @Test func namesAndTitlesFromFilesAreShownInert() {
        var hostile = entry(player: "a\u{1B}]0;pwned\u{07}b")
        hostile.title = "T\u{1B}[2Jx"
        let row = LobbyViewModel.row(hostile, now: Date(timeIntervalSince1970: 1265))
        #expect(!TextSanitizer.hasUnsafe(row.player) && !TextSanitizer.hasUnsafe(row.game))
        #expect(row.playing == "2m" && row.idle == "1m" && row.size == "80×24" && row.watchers == "0")
    }

    @Test func durationsAreShort() {
        #expect(LobbyViewModel.duration(-5) == "0s")
        #expect(LobbyViewModel.duration(42.9) == "42s")
        #expect(LobbyViewModel.duration(12 * 60 + 5) == "12m")
        #expect(LobbyViewModel.duration(3 * 3600 + 5 * 60) == "3h05")
        #expect(LobbyViewModel.duration(5 * 86400) == "5d")
        #expect(LobbyViewModel.duration(.infinity) == "0s")
    }
}

extension ConnectionRegistryTests {
    @Test func aCacheDecodesOnlyWhatChangedAndForgetsWhatIsGone() throws {
        let registry = ConnectionRegistry(directory: directory)
        let cache = ConnectionRegistry.Cache()
        let first = ConnectionRegistry.fileName(), second = ConnectionRegistry.fileName()
        try registry.write(entry(player: "ada"), as: first)
        try registry.write(entry(player: "bob"), as: second)
        #expect(registry.live(cache: cache).map(\.player) == ["ada", "bob"])
        var moved = entry(player: "bob")
        moved.width = 132
        try registry.write(moved, as: second)
        #expect(registry.live(cache: cache).map(\.width) == [80, 132])
        registry.remove(first)
        #expect(registry.live(cache: cache).map(\.player) == ["bob"])
        #expect(cache.read.count == 1)
    }
}

extension ConnectionRegistryTests {
    /// An input that changes nothing else only moves the file's time: its text stays (no
    /// rename), and readers with or without a cache see the later input. A file written for
    /// another reason (a resize) keeps the last input's time, so it does not read as an input.
    @Test func anInputOnlyMovesTheFilesTime() throws {
        let registry = ConnectionRegistry(directory: directory)
        let cache = ConnectionRegistry.Cache()
        let name = ConnectionRegistry.fileName()
        try registry.write(entry(), as: name)
        #expect(registry.live(cache: cache).first?.lastInput == 1200)
        let text = try #require(FileBytes.contents(directory + "/" + name))
        var before = stat(), after = stat()
        stat(directory + "/" + name, &before)

        try registry.touch(name, lastInput: 1234.5)
        stat(directory + "/" + name, &after)
        #expect(FileBytes.contents(directory + "/" + name) == text)
        #expect(after.st_ino == before.st_ino)
        #expect(registry.live(cache: cache).first?.lastInput == 1234.5)
        #expect(registry.live().first?.lastInput == 1234.5)
        #expect(registry.entry(name)?.lastInput == 1234.5)

        var resized = entry()
        resized.lastInput = 1234.5
        resized.width = 100
        try registry.write(resized, as: name)
        #expect(registry.live(cache: cache).first?.lastInput == 1234.5)
        #expect(registry.live(cache: cache).first?.width == 100)
        #expect(throws: (any Error).self) { try registry.touch("gone.json", lastInput: 1) }
    }
}
