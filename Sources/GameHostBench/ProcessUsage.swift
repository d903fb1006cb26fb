import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What /proc says about one process: enough to find a server's sessions and what they cost.
struct ProcessUsage {
    let pid: pid_t
    let parent: pid_t
    let name: String
    /// Time on a CPU so far, in seconds.
    let seconds: Double
    /// Resident set, in kB.
    let resident: Int

    /// Every process now running.
    static func all() -> [ProcessUsage] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { Int32($0) }.compactMap(read)
    }

    /// One process, or nil when it has gone.
    static func read(_ pid: pid_t) -> ProcessUsage? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        // The name is in parentheses and may hold spaces; the fields after it are numbered
        // from 3 (state) in proc(5).
        let name = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 22, let parent = Int32(fields[1]), let user = Int(fields[11]),
              let system = Int(fields[12]), let pages = Int(fields[21]) else { return nil }
        // Time on a CPU in ns (schedstat) where the kernel keeps it: exact, where clock
        // ticks are sampled and leave a process that runs briefly at 0.
        let exact = (try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8))?
            .split(separator: " ").first.flatMap { Int($0) }
        let seconds = exact.map { Double($0) / 1e9 } ?? Double(user + system) / ticksPerSecond
        return ProcessUsage(pid: pid, parent: parent, name: name, seconds: seconds,
                            resident: pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024)
    }

    /// The processes below `root` (not `root` itself), from a list of `all()`.
    static func descendants(of root: pid_t, in processes: [ProcessUsage]) -> [ProcessUsage] {
        var children: [pid_t: [ProcessUsage]] = [:]
        for process in processes { children[process.parent, default: []].append(process) }
        var found: [ProcessUsage] = []
        var queue = children[root] ?? []
        while let next = queue.popLast() {
            found.append(next)
            queue += children[next.pid] ?? []
        }
        return found
    }

    /// Proportional set size in kB: shared pages (the libraries, a static binary's text)
    /// divided among the processes that map them, which is what a host's memory is spent on.
    var proportional: Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Pss:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// The whole machine's busy and idle time (/proc/stat), to say how loaded a run was.
struct MachineTime {
    let busy: Int
    let total: Int

    static func now() -> MachineTime {
        let text = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)) ?? ""
        let numbers = text.split(separator: "\n").first?.split(separator: " ").dropFirst().compactMap { Int($0) } ?? []
        // user nice system idle iowait irq softirq steal: idle and iowait are the idle part.
        let total = numbers.prefix(8).reduce(0, +)
        let idle = numbers.count > 4 ? numbers[3] + numbers[4] : 0
        return MachineTime(busy: total - idle, total: total)
    }

    /// The share of the machine that was busy since `earlier`, 0...1.
    func busyShare(since earlier: MachineTime) -> Double {
        Double(busy - earlier.busy) / Double(max(total - earlier.total, 1))
    }
}

/// The load averages, as `uptime` prints them.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
