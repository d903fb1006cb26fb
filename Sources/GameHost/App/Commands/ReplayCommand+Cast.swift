#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `gamehost replay FILE --cast OUT [--size WxH]`: the replay written as an asciinema recording.
extension ReplayCommand {
    /// Draws every step at `castSize` into an asciinema recording, at the recorded times
    /// (divided by the speed), and writes it to `target`.
    func record(_ playback: Playback, to target: String) throws(JournalError) -> Int32 {
        var recording = CastRecording(size: castSize, colors: colors,
                                      title: (playback.title ?? "GameHost") + " (gamehost replay)",
                                      started: nil, idleTimeLimit: 5 / speed)
        recording.record(playback.frame(castSize), at: 0)
        for step in playback.steps {
            try step.run()
            recording.record(playback.frame(castSize), at: step.time / speed)
        }
        try playback.finish()
        recording.record(playback.frame(castSize), at: recording.duration)
        if let problem = recording.write(to: target) {
            StandardError.write("gamehost: \(problem)\n")
            return Launcher.ExitCode.cannotCreate
        }
        print("\(target): \(recording.frames) frames, \(TimeText.minutesAndSeconds(recording.duration)) at "
              + "\(castSize.width)x\(castSize.height); play it with 'asciinema play \(target)'")
        return Launcher.ExitCode.ok
    }
}
