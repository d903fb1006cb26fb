#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A game's screens played back from a journal without the launcher (a round watched, played
/// back from Scores, saved as a recording or by `gamehost replay`, or resumed): a `GameRunner`
/// with the host's keys that act on a game's screens (q/Esc back, ? help) and the host's lines
/// around them, as the launcher the round was played in drew them, over its menu. No menu,
/// preferences, scores or files: the game's files come from its journal, in memory, and
/// nothing reaches the disk.
final class ScreenHost {
    let runner: GameRunner
    /// Messages shown until the next input (a paste nothing took).
    var notices: [String] = []
    /// Why the last key did nothing, shown like a notice until the next key.
    private(set) var refusal: String?
    /// The size of the terminal the round was played in, as its last click said.
    var terminalSize: Size?
    private var stores: [String: DataStore]
    /// Never created: in replay mode a game's files come from the journal.
    private let folder = Path.temporaryDirectory() + "/gamehost-replay-" + UUID().uuidString
    /// The real time, for the files' dates.
    private let wall: () -> Date

    convenience init(clock: @escaping () -> Date = Date.init) {
        self.init(clock: SessionClock(source: clock))
    }

    /// - Parameters:
    ///   - clock: the time it runs on. A resume replays on the session's, so that the game it
    ///     ends with (its screens, their timers, its context's clock) goes on in the session.
    ///   - stores: games' stores to use rather than in-memory ones (a resume's: the session's
    ///     own, whose files the game goes on with).
    init(clock: SessionClock, stores: [String: DataStore] = [:]) {
        wall = clock.source
        runner = GameRunner(clock: clock)
        self.stores = stores
    }

    var now: Date { runner.clock.now }
    var topScreen: Screen? { runner.top }
    /// The size clicks are matched at, as the launcher's `screenSize`.
    private var screenSize: Size { terminalSize ?? Size(width: 80, height: 24) }

    func storage(for id: String) -> DataStore {
        if let store = stores[id] { return store }
        let store = DataStore(directory: folder + "/" + id, now: wall, report: { _ in })
        stores[id] = store
        return store
    }

    func pushRoot(_ launch: Session.Launch) {
        runner.pushRoot(launch)
    }

    func gameFingerprint(of launch: Session.Launch?) -> String {
        runner.fingerprint(of: launch)
    }

    // MARK: - Inputs

    func handleKey(_ key: Key) {
        guard let top = runner.top, !runner.isStopped else { return }
        notices.removeAll()
        refusal = nil
        respond(to: key, on: top)
    }

    /// A click is matched against the whole frame, the host's lines included, at the size the
    /// player had: a footer hint sends its key.
    func handleMouse(_ mouse: MouseEvent) {
        guard let top = runner.top, !runner.isStopped else { return }
        switch frame(screenSize).pointing(mouse) {
        case .ignored, .swallowed:
            return
        case .key(let key):
            notices.removeAll()
            respond(to: key, on: top)
        case .intent(let value):
            notices.removeAll()
            if let value, let intent = top.intent(value) { _ = runner.perform(intent) }
        }
    }

    func handlePaste(_ text: String) {
        guard let top = runner.top, !runner.isStopped else { return }
        notices.removeAll()
        if runner.paste(text, into: top).untaken { notices.append(GameRunner.untakenPaste) }
    }

    /// The screen's bindings, then the host's back and help; there is always a launcher to go
    /// back to, so q never quits.
    private func respond(to key: Key, on top: Screen) {
        switch runner.bound(key, on: top) {
        case .intent(let intent):
            _ = runner.perform(intent)
        case .refused(let why):
            refusal = why
        case .nothing:
            break
        case .unbound(let bindings):
            if key == .escape || key == .character("q") {
                runner.popTop()
            } else if key == .character("?") {
                let help = HelpViewModel(screen: top, bindings: bindings, goesBack: true) { [weak self] in
                    self?.contentSize ?? Size(width: 80, height: 24 - Chrome.height)
                }
                runner.push(Session.Layer(screen: Screen(id: "host.help", model: help, view: HelpView()), owner: .host))
            }
        }
    }

    // MARK: - Drawing

    /// The whole terminal as the launcher drew it: its header (the menu's title under the
    /// game's), the top screen, the messages and the footer.
    func frame(_ size: Size) -> Frame {
        guard let top = runner.top else { return Frame(size: size) }
        return Chrome.frame(size, top: top, titles: { [MenuView.title] + runner.stack.map { $0.screen.title() } },
                            watched: nil, messages: { notices + [refusal].compactMap { $0 } }, goesBack: true,
                            showsStyles: true)
    }

    private var contentSize: Size { Size(width: screenSize.width, height: max(0, screenSize.height - Chrome.height)) }
}
