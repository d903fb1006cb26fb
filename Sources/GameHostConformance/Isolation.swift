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

/// The parent's side: each check runs in a child process (this same program, started
/// again), which says before every step what it is about to do. A child that stops
/// talking for longer than the time limit is killed; one that dies has crashed. Either way
/// the last walk and its steps say how it got there, and the other checks still run.
enum Isolation {
    /// How a child ended.
    enum Outcome {
        case finished(failures: [ConformanceFailure], keys: Int)
        /// Crashed or ran out of time, while doing `doing`, on the walk `start` after `steps`.
        case died(kind: ConformanceFailure.Kind, doing: String, start: WalkStart?, steps: [String], error: String)
    }

    static func run(_ check: String, _ entry: GameEntry, catalog: [String], options: ConformanceOptions) -> CheckResult {
        let begin = Date()
        let job = ChildJob(type: _mangledTypeName(entry.module) ?? "", check: check, options: options,
                           catalog: catalog)
        var result = CheckResult(name: check, failures: [], seconds: 0, keys: 0)
        switch spawn(job, timeLimit: options.timeLimit) {
        case .finished(let failures, let keys):
            result.failures = failures
            result.keys = keys
        case .died(let kind, let doing, let start, let steps, let error):
            result.failures = [fatal(kind, doing: doing, start: start, steps: steps, error: error, job: job, entry: entry)]
        }
        result.seconds = Date().timeIntervalSince(begin)
        return result
    }

    /// A crash or a hang, its steps shortened by replaying them in more children.
    static func fatal(_ kind: ConformanceFailure.Kind, doing: String, start: WalkStart?, steps: [String], error: String,
                      job: ChildJob, entry: GameEntry) -> ConformanceFailure {
        var doing = doing, error = error, steps = steps
        if let start {
            let deadline = Date().addingTimeInterval(max(20, job.options.timeLimit * 6))
            steps = Shrink.minimize(steps, budget: 40) { candidate in
                guard Date() < deadline else { return nil }
                var replay = job
                replay.replay = .init(start: start, steps: candidate)
                guard case .died(kind, let what, _, let reached, let message) = spawn(replay, timeLimit: job.options.timeLimit)
                else { return nil }
                doing = what
                error = message
                return reached.count
            }
        }
        let what = kind == .crash ? "crashed" : "ran past the time limit of \(job.options.timeLimit) s"
        var failure = ConformanceFailure(module: entry.id, check: job.check, kind: kind,
                                         message: "\(what) while \(doing)" + (error.isEmpty ? "" : ": \(error)"))
        if let start {
            failure.walk = start
            failure.steps = steps
            failure.reproduce = Reproduction.command(entry, start, steps: steps.compactMap(Step.init(text:)),
                                                     options: job.options)
        }
        return failure
    }

    /// Runs a child and follows what it says.
    static func spawn(_ job: ChildJob, timeLimit: Double) -> Outcome {
        let directory = Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var job = job
        job.captureDirectory = directory
        var environment = ProcessInfo.processInfo.environment
        environment[ChildJob.variable] = Channel.json(job)
        // Swift's backtracer takes seconds per crash; the suite says where it happened.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // The child's temporary folders go inside this one, removed below: a child ends by
        // `_exit`, a crash or a kill, and no `atexit` of its own removes them.
        environment["TMPDIR"] = directory
        guard let child = ChildProcess(environment: environment) else {
            return .died(kind: .crash, doing: "starting a child process", start: nil, steps: [],
                         error: String(cString: strerror(errno)))
        }

        var start: WalkStart?
        var steps: [String] = []
        var doing = "starting"
        var failures: [ConformanceFailure] = []
        var keys: Int?
        var pending = [UInt8]()
        var timedOut = false
        let descriptor = child.output
        var buffer = [UInt8](repeating: 0, count: 65_536)
        // Starting a process on a busy machine is not the module's time: the first word
        // gets longer.
        var deadline = Date().addingTimeInterval(max(timeLimit, 30))

        func handle(_ line: Substring) {
            let payload = String(line.dropFirst(2))
            switch line.first {
            case "w":
                start = try? JSONDecoder().decode(WalkStart.self, from: Data(payload.utf8))
                steps = []
                doing = "starting the game (\(start?.label ?? "?"))"
            case "s":
                steps.append(payload)
                doing = "handling the key \(payload)"
                if payload.hasPrefix("wait:") { doing = "letting \(payload.dropFirst(5)) ms pass on the session's clock" }
            case "a": doing = payload
            case "f": if let failure = try? JSONDecoder().decode(ConformanceFailure.self, from: Data(payload.utf8)) {
                failures.append(failure)
            }
            case "e": keys = Int(payload)
            default: break
            }
        }

        reading: while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // In slices, so a child that died is noticed even if another process holds a
            // copy of the pipe and the end of it never comes.
            let wait = Int32(min(max(0, deadline.timeIntervalSinceNow), 0.25) * 1000)
            let ready = poll(&poller, 1, wait)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 {
                if !child.isRunning { break }
                guard Date() >= deadline else { continue }
                timedOut = true
                kill(child.pid, SIGKILL)
                break
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            deadline = Date().addingTimeInterval(timeLimit)
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                handle(Substring(line))
                if keys != nil { break reading }
            }
        }
        let status = child.wait()
        if let keys, !timedOut { return .finished(failures: failures, keys: keys) }
        let error = timedOut ? "" : OutputCapture.crashMessage(directory + "/stderr")
        let signal = status.signal.map { " (signal \($0))" } ?? ""
        return .died(kind: timedOut ? .timeLimit : .crash, doing: doing + signal, start: start, steps: steps,
                     error: error)
    }
}
