import Foundation
@testable import GameHost
import GameHostTesting
import Testing

/// Two hosted players in one room, and a spectator, each a session of its own on one host
/// folder (as each would be a process of its own): opened from the game's page, joined from
/// the lobby and by code, followed through the journal's watcher, dropped and come back.
@Suite struct RoomSessionTests {
    static let games = [GameEntry(DuelGame.self), GameEntry(CounterGame.self)]
    static let directory = Golden.directory(besides: #filePath)

    func room(_ driver: TestDriver) -> RoomViewModel? { driver.model(RoomViewModel.self) }

    /// What each process's runner does when the journal's watcher wakes it.
    func follow(_ drivers: TestDriver...) {
        for driver in drivers {
            driver.wakeUp()
            // A spectator catches up a moment after the seats.
            driver.advance(by: RoomViewModel.spectatorDelay)
        }
    }

    /// The frame as text, the room's code (random) written CODE.
    func text(_ driver: TestDriver, code: RoomCode) -> String {
        driver.text.replacingOccurrences(of: code.text, with: "CODE")
    }

    func check(_ driver: TestDriver, _ name: String, code: RoomCode) {
        let failure = Golden.compare(text(driver, code: code), name: name, directory: Self.directory)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func twoSeatsPlayARoomToItsEndWithASpectatorAndADroppedSeat() throws {
        let host = TestDriver.temporaryDirectory()
        let size = Size(width: 64, height: 16)
        let ada = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "ada")
        // The game's page offers a room for a game of two seats (and not for one of one).
        ada.press(.character("g"), .down, .enter)
        #expect(ada.screenID == "host.preferences" && !ada.text.contains("open a room"))
        ada.press(.escape, .up, .enter)
        #expect(ada.text.contains("o open a room"), "\(ada.text)")
        ada.press(.character("o"))
        let code = try #require(room(ada)?.code)
        #expect(ada.screenID == "host.room")
        check(ada, "room-open-ada", code: code)

        // bob sees the room in the lobby, open with one seat of two, and joins it from there.
        let bob = try TestDriver(games: Self.games, size: size, dataDirectory: host, player: "bob")
        let lobby = try #require(bob.model(LobbyViewModel.self))
        #expect(lobby.rooms.map(\.code) == [code.text])
        #expect(bob.text.contains("room \(code)") && bob.text.contains("open 1/2"), "\(bob.text)")
        #expect(bob.text.contains("room \(code) · Duel"), "ada's line says where she is: \(bob.text)")
        bob.send(LobbyViewModel.Intent.select(lobby.entries.count))
        #expect(bob.text.contains("Enter join"), "\(bob.text)")
        bob.press(.enter)
        #expect(bob.screenID == "host.room" && room(bob)?.seat == Seat(1))
        // ada's process is woken by bob's seat being taken.
        #expect(room(ada)?.watcher?.wait(milliseconds: 1000) == true)
        follow(ada)
        check(ada, "room-ada-turn", code: code)
        check(bob, "room-bob-waits", code: code)
        #expect(!bob.text.contains("apple") && !ada.text.contains("quartz"), "a seat's word is its own")

        // A key that meant something else when it was pressed (its binding's label then) does
        // nothing in any copy: another seat's input came first and moved the game on.
        try RoomJournal(path: Rooms(directory: host + "/rooms").journalPath(code), started: 0)
            .append(.key(.up), from: Seat(0), label: "play again")
        follow(ada, bob)
        #expect(ada.text.contains("Points: 0 to 0") && room(ada)?.game.applied == 1, "\(ada.text)")
                // A key out of turn does nothing anywhere; in turn, it reaches both through the journal.
        bob.press(.up)
        #expect(bob.refusal != nil)
        ada.press(.up)
        #expect(room(bob)?.watcher?.wait(milliseconds: 1000) == true)
        follow(ada, bob)
        #expect(ada.text.contains("Points: 1 to 0") && bob.text.contains("Points: 1 to 0"), "\(bob.text)")
        #expect(bob.text.contains("Your turn") && ada.text.contains("bob's turn"))

        // carol watches from the lobby, at her own size, as a spectator: through no seat's eyes,
        // so neither seat's word, and Tab shows her no seat's either.
        let carol = try TestDriver(games: Self.games, size: Size(width: 50, height: 14), dataDirectory: host,
                                   player: "carol")
        let carolLobby = try #require(carol.model(LobbyViewModel.self))
        carol.send(LobbyViewModel.Intent.select(carolLobby.entries.count))
        #expect(carol.text.contains("w watch") && !carol.text.contains("Enter join"), "\(carol.text)")
        carol.press(.character("w"))
        #expect(carol.screenID == "host.room" && room(carol)?.seat == nil)
        check(carol, "room-carol-watches", code: code)
        #expect(carol.text.contains("bob's turn · watching") && !carol.text.contains("(you)"), "\(carol.text)")
        for key in [Key.tab, .up] {
            carol.press(key)
            #expect(!carol.text.contains("quartz") && !carol.text.contains("apple"), "\(carol.text)")
        }
        #expect(room(carol)?.game.applied == 2, "a spectator's keys never reach the game")

        // bob's connection drops: ada sees him away, and for how long.
        bob.press(.up)
        follow(ada, bob, carol)
        bob.press(.escape)
        #expect(bob.screenID == "host.lobby")
        // (A process other tests spawn meanwhile may hold bob's seat file a moment, until it execs.)
        for _ in 0..<200 where !ada.text.contains("away") {
            ada.send(RoomViewModel.Intent.refresh)
            usleep(10_000)
        }
        ada.advance(by: .seconds(125))
        ada.send(RoomViewModel.Intent.refresh)
        #expect(ada.text.contains("2 bob, away 2m"), "\(ada.text)")

        // He comes back by typing the code (in small letters): his seat, the game as it stands.
        bob.press(.character("c"))
        bob.type(code.text.lowercased())
        bob.press(.enter)
        #expect(bob.screenID == "host.room" && room(bob)?.seat == Seat(1), "\(bob.text)")
        #expect(room(bob)?.game.applied == 3)
        ada.send(RoomViewModel.Intent.refresh)
        #expect(!ada.text.contains("away"), "\(ada.text)")

        for (driver, others) in [(ada, [bob, carol]), (bob, [ada, carol]), (ada, [bob, carol]), (bob, [ada, carol]),
                                 (ada, [bob, carol])] {
            driver.press(.up)
            follow(driver)
            for other in others { follow(other) }
        }
        check(ada, "room-ada-won", code: code)
        check(bob, "room-bob-lost", code: code)
        #expect(carol.text.contains("Seat 1 won"))
        // Every follower reached the same state: the seats' and the spectator's copies alike.
        func fingerprint(_ driver: TestDriver) -> String? {
            guard let top = room(driver)?.game.top else { return nil }
            return Fingerprint.of([top.state()])
        }
        #expect(fingerprint(ada) != nil && fingerprint(ada) == fingerprint(bob) && fingerprint(bob) == fingerprint(carol))
        // The round went to each seat's own scores and to the shared board, once each.
        #expect(ada.session.setup.scores.rounds(game: "duel").map(\.summary) == ["seat 1 won"])
        #expect(bob.session.setup.scores.rounds(game: "duel").map(\.summary) == ["seat 1 won"])
        // Each with their own score, not the winner's (audit B1).
        #expect(ada.session.setup.scores.rounds(game: "duel").map(\.score) == [3])
        #expect(bob.session.setup.scores.rounds(game: "duel").map(\.score) == [2])
        #expect(Rooms(directory: host + "/rooms").state(code)?.rounds.map(\.score).sorted() == [2, 3])
        let board = HostBoard(directory: host + "/scoreboard", now: Date.init, report: { _ in })
        #expect(board.entries(game: "duel").map(\.player).sorted() == ["ada", "bob"])
        #expect(Rooms(directory: host + "/rooms").state(code)?.rounds.count == 2)

        // The room ended elsewhere (its time-out, seen by another lobby): the spectator is told
        // at its next look, and Enter takes it back to the lobby.
        Rooms(directory: host + "/rooms").end(code, because: "everyone left", now: Date())
        carol.advance(by: RoomViewModel.refreshEvery)
        #expect(carol.text.contains("The room has ended") && carol.text.contains("Enter back to the lobby"), "\(carol.text)")
        carol.press(.enter)
        #expect(carol.screenID == "host.lobby", "\(carol.screenIDs)")
    }

    @Test func aCodeThatIsNoRoomsIsRefusedInWords() throws {
        let host = TestDriver.temporaryDirectory()
        let bob = try TestDriver(games: Self.games, dataDirectory: host, player: "bob")
        bob.press(.character("c"))
        bob.type("kmox")
        bob.press(.enter)
        #expect(bob.text.contains("“O” is not in a room code: codes use only ACFHJKMNRWXY."), "\(bob.text)")
        for _ in 0..<4 { bob.press(.backspace) }
        bob.type("kmax")
        bob.press(.enter)
        #expect(bob.text.contains("No room has the code KMAX."), "\(bob.text)")
        bob.press(.escape)
        #expect(bob.screenID == "host.lobby")
    }
}

extension RoomSessionTests {
    /// A room's round is kept in each seat's own history and replayed from the Scores screen as
    /// the room played it: seat by seat, each seat's inputs applied as that seat's.
    @Test func aRoomsRoundIsReplayedFromTheSeatsOwnScores() throws {
        let host = TestDriver.temporaryDirectory()
        let size = Size(width: 64, height: 16)
        let ada = try TestDriver(games: Self.games, size: size, dataDirectory: host, journals: true, player: "ada")
        ada.press(.character("g"), .enter, .character("o"))
        let code = try #require(room(ada)?.code, "\(ada.text)")
        let bob = try TestDriver(games: Self.games, size: size, dataDirectory: host, journals: true, player: "bob")
        #expect(bob.session.hosting!.joinRoom(code) == nil)
        follow(ada, bob)
        var guardrail = 0
        while !ada.text.contains("won"), guardrail < 40 {
            guardrail += 1
            let seat = room(ada)?.game.turn ?? Seat(0)
            let driver = seat == Seat(0) ? ada : bob
            driver.press(.up)
            follow(ada, bob)
        }
        #expect(ada.text.contains("Seat 1 won") || ada.text.contains("Seat 2 won"), "\(ada.text)")
        let ended = ada.text.contains("Seat 1 won") ? "Seat 1 won" : "Seat 2 won"
        let inputs = try #require(room(ada)?.game.applied)
        let history = host + "/players/bob/duel/journals"
        let kept = try #require(try FileManager.default.contentsOfDirectory(atPath: history).first, "bob keeps the round too")
        // `replay FILE` reads one terminal's journals: a room's is refused, not replayed without its seats.
        let launcher = Launcher(catalog: Self.games, builtInConfig: "{}", environment: [:])
        #expect(launcher.main(["replay", history + "/" + kept, "--check"]) == Launcher.ExitCode.failure)
        #expect(try RoomJournalReader.parseRoom(try #require(FileBytes.contents(history + "/" + kept))) != nil)

        while ada.screenIDs.count > 1, ada.screenID != "host.menu" { ada.press(.escape) }
        ada.press(.character("s"))
        #expect(ada.screenID == "host.scores", "\(ada.text)")
        ada.press(.enter)
        #expect(ada.screenID == "host.replay", "\(ada.text)")
        #expect(ada.text.contains("A round in a room · Playing · 0 of \(inputs) inputs · seat 1 of 2"), "\(ada.text)")
        #expect(ada.text.contains("Points: 0 to 0"), "\(ada.text)")
        ada.advance(by: .seconds(60))
        #expect(ada.text.contains("End of the round · \(inputs) of \(inputs) inputs") && ada.text.contains(ended),
                "\(ada.text)")
        // Each seat's own word, seat by seat.
        #expect(ada.text.contains("apple") && !ada.text.contains("quartz"), "\(ada.text)")
        ada.press(.tab)
        #expect(ada.text.contains("quartz") && !ada.text.contains("apple"), "\(ada.text)")

        // Saved as a recording, as seat 1 saw it, to the end.
        ada.press(.escape, .character("c"))
        // Where it went, then the command that plays it.
        #expect(ada.session.noticeLog.dropLast().last?.contains("Saved as an asciinema recording") == true,
                "\(ada.session.noticeLog)")
        #expect(ada.session.noticeLog.last?.hasPrefix("asciinema play '") == true, "\(ada.session.noticeLog)")
        let casts = host + "/players/ada/duel/casts"
        let cast = try #require(try FileManager.default.contentsOfDirectory(atPath: casts).first)
        let text = try String(contentsOfFile: casts + "/" + cast, encoding: .utf8)
        #expect(text.contains("apple") && text.contains(ended) && !text.contains("quartz"))
    }
}
