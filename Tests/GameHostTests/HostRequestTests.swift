import Foundation
@testable import GameHost
import Testing

/// The host's own screens ask for host work as values (issue 35, change 2): each view model is
/// tested by the requests it returns, as a game's is by its effects, with no session behind it.
@Suite struct HostRequestTests {
    static let games = [GameInfo(id: "counter", title: "Counter", summary: "Counts"),
                        GameInfo(id: "pairs", title: "Pairs", summary: "Two players")]
    static let utc = TimeZone(identifier: "UTC")!

    static func other(game: String? = "counter", room: String? = nil, seat: Int? = nil) -> ConnectionRegistry.Entry {
        var entry = ConnectionRegistry.Entry(pid: 7, player: "ada", game: game, title: game.map { _ in "Counter" },
                                          started: 0, lastInput: 0, width: 80, height: 24)
        entry.id = "ada-7"
        entry.room = room
        entry.seat = seat
        return entry
    }

    @Test func theMenuAsksForTheSelectedGamesPageScoresAndTheLobby() {
        let menu = MenuViewModel(games: Self.games, hasLobby: true)
        #expect(menu.handle(.open).map(\.hostRequest) == [.openForm(game: "counter")])
        _ = menu.handle(.move(1))
        #expect(menu.handle(.scores).map(\.hostRequest) == [.showScores(game: "pairs")])
        #expect(menu.handle(.pick(0)).map(\.hostRequest) == [.openForm(game: "counter")])
        #expect(menu.handle(.pick(5)).isEmpty)
        #expect(menu.handle(.lobby).map(\.hostRequest) == [.lobby])
    }

    @Test func theLobbyAsksToWatchAPlayerOrARoomAndToJoinByTheList() throws {
        let playing = Self.other()
        let inRoom = Self.other(game: nil, room: "KMAX", seat: 0)
        let room = RoomState(code: "KMAX", game: "pairs", title: "Pairs", seats: 2, opened: 0)
        let lobby = LobbyViewModel(read: { [playing, inRoom] }, rooms: { [room] }, clock: { Date(timeIntervalSince1970: 0) })
        let code = try RoomCode(parsing: "KMAX")
        #expect(lobby.handle(.watch).map(\.hostRequest) == [.watch(playing)])
        _ = lobby.handle(.select(1))
        #expect(lobby.handle(.watch).map(\.hostRequest) == [.watchRoom(code)], "a player in a room: the room is watched")
        _ = lobby.handle(.select(2))
        #expect(lobby.handle(.join).map(\.hostRequest) == [.joinRoom(code, typed: false)])
        #expect(lobby.handle(.watch).map(\.hostRequest) == [.watchRoom(code)])
        #expect(lobby.handle(.code).map(\.hostRequest) == [.askRoomCode])
        #expect(lobby.handle(.account).isEmpty, "no account to open here")
    }

    @Test func scoresAskToReplayOrRecordTheSelectedRound() {
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        var round = RoundResult(score: 3, summary: "3 points")
        round.date = date
        let scores = ScoresViewModel(game: Self.games[0], rounds: [round], timeZone: Self.utc)
        #expect(scores.handle(.replay).map(\.hostRequest) == [.replay(game: "counter", round: date)])
        #expect(scores.handle(.saveCast).map(\.hostRequest) == [.saveCast(game: "counter", round: date)])

        let entry = HostBoard.Entry(player: "bob", round: round, journal: "bob.jsonl")
        let board = ScoresViewModel(game: Self.games[0], rounds: [], board: { BoardRows(entries: [entry], player: "ada") },
                                    timeZone: Self.utc)
        _ = board.handle(.switchList)
        #expect(board.handle(.replay).map(\.hostRequest) == [.replayBoard(game: "counter", entry: entry)])
        #expect(board.handle(.saveCast).map(\.hostRequest) == [.saveBoardCast(game: "counter", entry: entry)])
    }

    @Test func takingOverAsksAgainEachPollAndWatchingAsksForTheGameOrTheRoom() throws {
        let other = Self.other()
        let offer = TakeOverViewModel(other: other, now: Date(timeIntervalSince1970: 0))
        let first = offer.handle(.takeOver)
        #expect(first.first?.hostRequest == .takeOver(other, tries: 0))
        #expect(first.count == 2 && first.last?.hostRequest == nil, "and a poll after")
        #expect(offer.handle(.takeOver).isEmpty, "once asked, it waits")
        #expect(offer.handle(.poll(3)).first?.hostRequest == .takeOver(other, tries: 3))
        #expect(offer.handle(.poll(3)).first?.description == "takeOver(ada-7, 3)")

        let watching = TakeOverViewModel(other: other, now: Date(timeIntervalSince1970: 0))
        #expect(watching.handle(.watch).map(\.hostRequest) == [nil, .watch(other)], "pops itself, then watches")
        let seated = Self.other(game: nil, room: "KMAX", seat: 1)
        let inRoom = TakeOverViewModel(other: seated, now: Date(timeIntervalSince1970: 0))
        #expect(inRoom.handle(.watch).map(\.hostRequest) == [nil, .watchRoom(try RoomCode(parsing: "KMAX"))])
    }

    @Test func resumeAsksToResumeOrStartAnewWithItsJournal() {
        let header = JournalHeader(journal: 2, game: "counter", version: "1", preferences: [:],
                                   random: SeededGenerator(seed: 1), started: 0, checkEvery: 20)
        let journal = Journal(header: header, lines: [.input(.key(.up), time: 1)])
        let resume = ResumeViewModel(game: Self.games[0], journal: journal, timeZone: Self.utc)
        #expect(resume.handle(.choose).map(\.hostRequest) == [.resume(game: "counter", journal: journal, resume: true)])
        _ = resume.handle(.move(1))
        let anew = resume.handle(.choose)
        #expect(anew.map(\.hostRequest) == [.resume(game: "counter", journal: journal, resume: false)])
        #expect(anew.first?.description == "newGame(counter)", "the trace names the choice")
    }
}
