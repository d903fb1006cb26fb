#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Session {
    /// What a session is made from.
    public struct Setup {
        /// Games in menu order.
        public var games: [GameEntry]
        /// Every game's preferences.
        public var preferences: PreferenceStore
        /// Where finished rounds go.
        public var scores: ScoreBook
        /// The data directory; each game gets its own folder in it.
        public var dataDirectory: String
        /// The seed of the games' random numbers.
        public var seed: UInt64
        /// The time of an input as it arrives (the real clock, or a test's); the terminal
        /// runners replace it with a steady clock, and plain mode with the script's.
        public var clock: () -> Date
        /// Where dates are shown in: the local zone unless set. The local zone is looked up
        /// when a date is shown, not at every start (even `autoupdatingCurrent` sets up
        /// Foundation's zone cache, which showed in the cost of every start).
        public var timeZone: TimeZone {
            get { chosenTimeZone ?? .autoupdatingCurrent }
            set { chosenTimeZone = newValue }
        }
        private var chosenTimeZone: TimeZone?
        /// Whether each game is journaled as it is played, so a round left unfinished can be
        /// resumed (the program does; the test kit only when a test asks).
        public var journals = false
        /// Journals of finished rounds kept per game, for replays and bug reports.
        public var journalHistory = Config.defaultJournalHistory
        /// The player and the host's limits, when GameHost runs hosted for an SSH connection;
        /// nil on one's own terminal.
        public var hosting: HostedServices.Setup?
        /// How long the session lasts, keys or not, and what it then prints (the sign-up
        /// screen's `hosting.signUpTimeout`); nil: no limit.
        public var timeLimit: (after: Duration, farewell: String)?
        /// The cap on a hosted player's whole folder; nil: none.
        var dataLimit: FolderLimit? { hosting?.dataLimit }

        /// The setup; dates are shown in the local time zone unless told otherwise.
        public init(games: [GameEntry], preferences: PreferenceStore, scores: ScoreBook,
                    dataDirectory: String, seed: UInt64, clock: @escaping () -> Date,
                    timeZone: TimeZone? = nil) {
            self.games = games
            self.preferences = preferences
            self.scores = scores
            self.dataDirectory = dataDirectory
            self.seed = seed
            self.clock = clock
            chosenTimeZone = timeZone
        }
    }

    /// A game's own folder, one store per game for the session (a hosted player's folder cap
    /// applies to each).
    func storage(for id: String) -> DataStore {
        if let store = stores[id] { return store }
        let store = DataStore(directory: setup.dataDirectory + "/" + id, now: setup.clock,
                              report: { [weak self] in self?.notify($0) })
        store.limit = setup.dataLimit
        stores[id] = store
        return store
    }
}
