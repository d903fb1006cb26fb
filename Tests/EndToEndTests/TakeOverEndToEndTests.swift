import Foundation
import Testing

/// Issue 28, point 6: a second `ssh` of the same player, through a real sshd, takes the game
/// over from the first connection, which saves, ends with a message on its restored terminal
/// and releases the game's journal, so the second is offered the same round at the same screen.
@Suite(.serialized, .enabled(if: SSHServer.shouldRun, "sshd cannot be started here (see SSHServer.whyUnavailable)"))
struct TakeOverEndToEndTests {
    @Test func aSecondConnectionTakesTheGameOver() throws {
        let server = try SSHServer()
        let key = try server.newKey("alice")
        let first = try Tmux()
        defer { first.send("C-c") }
        first.shell("\(server.ssh(key, "-tt")) arithmetic-quiz; echo first-$((40+2))")
        try #require(first.signUp(as: "alice", reaching: "GameHost › Arithmetic Quiz"), "\(first.capture())\n\(server.log)")
        first.play(Tmux.quizRoundInPlay)
        let before = first.settled()

        let second = try Tmux()
        defer { second.send("C-c") }
        second.shell("\(server.ssh(key, "-tt")); echo second-$((40+2))")
        try #require(second.waitFor("from another connection"), "\(second.capture())\n\(server.log)")
        let offer = second.settled()
        #expect(offer.contains("You are playing Arithmetic Quiz from another connection."), "\(offer)")
        #expect(offer.contains("at 80×24") && offer.contains("Take over") && offer.contains("Watch it"), "\(offer)")
        second.send("t")

        // The first connection ends with its message, on a terminal given back to its shell.
        #expect(first.waitFor("first-42"), "\(first.capture())")
        let ended = first.capture()
        #expect(ended.contains("This game was taken over by another connection."), "\(ended)")
        #expect(!ended.contains("GameHost ›"), "\(ended)")

        // Its journal lock is free: the round is offered here, and comes back as it was.
        try #require(second.waitFor("was left unfinished"), "\(second.capture())")
        #expect(second.capture().contains("8 moves in"))
        second.send("Enter")
        #expect(second.waitUntilGone("was left unfinished"))
        // The same screen, under the lobby this time (the first went straight to the game).
        let after = second.settled()
        #expect(after.split(separator: "\n").dropFirst() == before.split(separator: "\n").dropFirst(), "\(after)")
        #expect(after.hasPrefix(" GameHost › Lobby › Arithmetic Quiz"), "\(after)")
        second.send("C-c")
        #expect(second.waitFor("second-42"))
        #expect(server.waitForSessionsToEnd())
    }
}
