#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Session {
    /// The folder of a game's saved recordings, beside its journals.
    static let castFolder = "casts"

    /// Saves a finished round of the history (Scores screen) as an asciinema recording at the
    /// size the player sees now, in `GAME/casts/`, and says where it went.
    func saveCast(game id: String, round date: Date) {
        guard let data = FileBytes.contents(historyPath(game: id, round: date)) else {
            notify(missingJournal(game: id, round: date, place: nil))
            return
        }
        saveCast(game: id, journal: data, named: String(JournalHistory.name(for: date).dropLast(".jsonl".count)))
    }

    /// Saves a round of the host's board, any player's, from the copy of its journal kept with
    /// the board, into the watcher's own `GAME/casts/`, named for its player.
    func saveCast(game id: String, boardEntry: HostBoard.Entry) {
        guard let data = hosting?.scoreboard.journal(of: boardEntry, game: id) else {
            notify("No journal was kept for this round.")
            return
        }
        let name = String((boardEntry.journal ?? boardEntry.player).map { $0 == "/" ? "-" : $0 })
        saveCast(game: id, journal: data, named: name.hasSuffix(".jsonl") ? String(name.dropLast(".jsonl".count)) : name)
    }

    private func saveCast(game id: String, journal data: Data, named name: String) {
        guard let entry = setup.games.first(where: { $0.id == id }) else { return }
        let size = screenSize
        let recording: CastRecording
        do {
            if let room = try RoomReplayViewModel(entry: entry, journal: data) {
                recording = room.record(size: size, colors: true, started: room.started)
                return save(recording, game: id, named: name)
            }
            let journal = try Journal.parse(data)
            let model = try ReplayViewModel(entry: entry, journal: journal)
            recording = try model.record(size: size, colors: true, started: journal.header.started)
        } catch {
            notify("This round cannot be saved as a recording: \(error)")
            return
        }
        save(recording, game: id, named: name)
    }

    private func save(_ recording: CastRecording, game id: String, named name: String) {
        let size = recording.size
        // Through the game's own store: written whole, and counted against a hosted player's limit.
        let store = storage(for: id)
        let file = Self.castFolder + "/" + name + ".cast"
        let path = store.path(file)
        do {
            try store.write(Data(recording.text.utf8), to: file)
        } catch {
            notify("The recording could not be saved: \(error).")
            return
        }
        notify("Saved as an asciinema recording (\(size.width)×\(size.height), "
               + "\(TimeText.minutesAndSeconds(recording.duration))): \(Path.abbreviatingHome(path)). "
               + "Share the file, or play it with:")
        // The command as a notice of its own, so it starts a line and stays whole wherever it
        // fits; quoted, so it can be pasted into a shell whatever the path holds. Under the
        // home folder, ~/ stays outside the quotes (the shell expands it there), which keeps
        // the usual command within 80 columns.
        let shown = Path.abbreviatingHome(path)
        notify("asciinema play " + (shown.hasPrefix("~/") ? "~/" + Self.shellQuoted(String(shown.dropFirst(2)))
                                                          : Self.shellQuoted(path)))
    }

    /// `text` as one shell word: in single quotes, each of its own quotes written '\''.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
