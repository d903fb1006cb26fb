#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GameHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One check of one module, as the parent hands it to a child process: through the
/// environment variable `GAMEHOST_CONFORMANCE_CHILD`, as JSON.
struct ChildJob: Codable {
    /// The module's type, by its mangled name: the child is the same program, so it has it.
    let type: String
    let check: String
    let options: ConformanceOptions
    let catalog: [String]
    /// Where the child sends its standard output and error (the module's, and a crash's).
    var captureDirectory = ""
    /// Replay these steps (with the check's own step check) instead of running the check.
    var replay: Replay?

    struct Replay: Codable {
        let start: WalkStart
        let steps: [String]
    }

    static let variable = "GAMEHOST_CONFORMANCE_CHILD"
}

/// The child's side: called before the program's main (Sources/GameHostConformanceChild),
/// so a child runs its one job and exits without starting the program's own work. Its
/// report goes to what was standard output; standard output and error themselves go to
/// files, where the output check finds what the module printed.
@_cdecl("gamehost_conformance_child_main")
public func gamehostConformanceChildMain() {
    guard let text = getenv(ChildJob.variable).map({ String(cString: $0) }),
          let job = try? JSONDecoder().decode(ChildJob.self, from: Data(text.utf8)) else { _exit(70) }
    let report = dup(STDOUT_FILENO)
    OutputCapture.current = OutputCapture.start(in: job.captureDirectory)
    let channel = Channel(descriptor: report)
    guard let module = _typeByName(job.type) as? any GameModule.Type else {
        channel.send(.doing("finding the module's type \(job.type)"))
        _exit(71)
    }
    let context = CheckContext(entry: GameEntry(module), catalog: job.catalog, options: job.options, channel: channel)
    if let replay = job.replay {
        _ = Checks.replay(context, replay.start, replay.steps.compactMap(Step.init(text:)),
                          check: WalkChecks.stepCheck(job.check))
        channel.send(.done(keys: 0))
    } else {
        let result = Checks.run(job.check, context)
        channel.send(.done(keys: result.keys))
    }
    fflush(nil)
    _exit(0)
}
