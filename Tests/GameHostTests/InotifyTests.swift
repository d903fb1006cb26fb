import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// A hosted process takes one inotify instance however many folders it watches: every hosted
/// session runs as the hosting account, and the kernel gives a user 128 instances by default
/// (`fs.inotify.max_user_instances`), which two a session used up past 64 sessions (issue 39).
@Suite struct InotifyTests {
    let host = TestDriver.temporaryDirectory()

    @Test func aSessionsRoomAndItsWatchersFolderShareOneInstance() throws {
        let ada = try TestDriver(games: [GameEntry(PacerGame.self)], dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let room = try #require(ada.model(RoomViewModel.self)?.watcher, "\(ada.text)")
        let watchers = try #require(ada.session.hosting?.presence.watchersWatcher)
        #expect(room.descriptor == watchers.descriptor)
    }

    /// The runner's one wake for the instance: a room's line and a watcher's mark, both waiting,
    /// are both handled, and nothing is left unread.
    @Test func oneWakeHandlesTheRoomAndTheWatchersFolder() throws {
        let games = [GameEntry(PacerGame.self)]
        let ada = try TestDriver(games: games, dataDirectory: host, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(ada.model(RoomViewModel.self)?.code, "\(ada.text)")
        let bob = try TestDriver(games: games, dataDirectory: host, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        let hosting = try #require(ada.session.hosting)
        _ = hosting.foldersChanged()
        bob.press(.up)
        _ = hosting.presence.registry.addWatcher("\(getpid())-cy", to: hosting.presence.id)
        var ready = [pollfd(fd: try #require(hosting.foldersDescriptor), events: Int16(POLLIN), revents: 0)]
        #expect(poll(&ready, 1, 1000) == 1)
        #expect(hosting.foldersChanged())
        let game = ada.model(RoomViewModel.self)?.game.top?.model as? PacerViewModel
        #expect(game?.log == ["seat 2"], "bob's key, applied at ada's")
        #expect(hosting.presence.watchers == 1, "cy's mark, counted")
        #expect(ada.model(RoomViewModel.self)?.watcher?.hasChanges() == false)
        #expect(hosting.presence.watchersWatcher?.hasChanges() == false)
    }

    func folder(_ name: String) -> String {
        let path = host + "/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes a file in place (not through a temporary one, as `createFile` does).
    func touch(_ path: String) {
        try? Data("x".utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func eachWatcherHearsOnlyOfItsOwnFolder() throws {
        let inotify = try Inotify()
        let (one, two) = (folder("one"), folder("two"))
        let first = try inotify.watch(one)
        let second = try inotify.watch(two)
        touch(one + "/a")
        #expect(second.wait(milliseconds: 0) == false, "the other folder's watcher is not woken")
        #expect(first.wait(milliseconds: 1000))
        #expect(first.drain() == ["a"])
        touch(two + "/b")
        #expect(second.wait(milliseconds: 1000))
        #expect(!first.hasChanges())
        #expect(second.drain() == ["b"])
    }

    /// One read takes the events that fit in its buffer (4 KB, about a hundred names this
    /// long): the rest are read too, however many reads that takes.
    @Test func moreEventsThanOneReadHoldsAreAllRead() throws {
        let inotify = try Inotify()
        let room = folder("room")
        let watcher = try inotify.watch(room)
        let names = (0..<300).map { String(format: "seat-%03d-with-a-longer-name", $0) }
        for name in names { touch(room + "/" + name) }
        #expect(watcher.drain() == Set(names))
        #expect(!watcher.hasChanges())
    }

    /// `drain` reads into a buffer the instance keeps: what an earlier read left there (a
    /// longer name, more events) is never taken for part of a later one.
    @Test func eachDrainReadsOnlyWhatCameSinceTheLast() throws {
        let inotify = try Inotify()
        let room = folder("room")
        let watcher = try inotify.watch(room)
        let long = String(repeating: "l", count: 200)
        for name in ["a", "b", long] { touch(room + "/" + name) }
        #expect(watcher.wait(milliseconds: 1000))
        #expect(watcher.drain() == ["a", "b", long])
        touch(room + "/s")
        #expect(watcher.wait(milliseconds: 1000))
        #expect(watcher.drain() == ["s"])
        #expect(!watcher.hasChanges() && watcher.drain().isEmpty)
    }

    @Test func aFolderWatchedTwiceIsWatchedUntilItsLastWatcherGoes() throws {
        let inotify = try Inotify()
        let room = folder("room")
        var first: FolderWatcher? = try inotify.watch(room)
        let second = try inotify.watch(room)
        touch(room + "/a")
        #expect(first?.wait(milliseconds: 1000) == true && second.wait(milliseconds: 1000))
        #expect(first?.drain() == ["a"] && second.drain() == ["a"], "both watchers hear of it")
        first = nil
        touch(room + "/b")
        #expect(second.wait(milliseconds: 1000), "the watch stays for the watcher left")
        #expect(second.drain() == ["b"])
    }
}
