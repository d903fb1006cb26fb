/// Steps the hosting tests take again and again, said once.
extension Tmux {
    /// Keys that answer two questions of a 5-question quiz round and leave it in play.
    static let quizRoundInPlay = ["Enter", "2", "Enter", "Right", "Enter", "4", "Enter", "Right"]

    /// Presses each key once the screen shows what the key before it did.
    func play(_ keys: [String]) {
        for key in keys {
            let shown = capture()
            send(key)
            waitForChange(from: shown)
        }
    }

    /// On the welcome screen of a key new to the host: signs up as `name`; whether the screen
    /// titled `title` (the game named after the host name, or the menu) comes.
    func signUp(as name: String, reaching title: String) -> Bool {
        guard waitFor("GameHost › Welcome") else { return false }
        send(name, literal: true)
        send("Enter")
        return waitFor(title)
    }
}
