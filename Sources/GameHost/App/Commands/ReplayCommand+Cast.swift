#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `gamehost replay FILE --cast OUT [--size WxH]`: the replay written as an asciinema recording.
extension ReplayCommand {
    /// Draws every step at `castSize` into an asciinema recording, at the recorded times
    /// (divided by the speed), and writes it to `target`.
    func record(_ session: Session, _ steps: [Step], _ finish: () throws(JournalError) -> Void,
                to target: String) throws(JournalError) -> Int32 {
        let game = session.topScreen.flatMap { screen in catalog.first { screen.id.hasPrefix($0.id) } }
        var recording = CastRecording(size: castSize, colors: colors,
                                      title: (game?.info.title ?? "GameHost") + " (gamehost replay)",
                                      started: nil, idleTimeLimit: 5 / speed)
        recording.record(session.frame(castSize), at: 0)
        for step in steps {
            try step.run()
            recording.record(session.frame(castSize), at: step.time / speed)
        }
        try finish()
        recording.record(session.frame(castSize), at: recording.duration)
        if let problem = recording.write(to: target) {
            StandardError.write("gamehost: \(problem)\n")
            return Launcher.ExitCode.cannotCreate
        }
        print("\(target): \(recording.frames) frames, \(TimeText.minutesAndSeconds(recording.duration)) at "
              + "\(castSize.width)x\(castSize.height); play it with 'asciinema play \(target)'")
        return Launcher.ExitCode.ok
    }
}
