/// How long and how hard the suite checks a module. The defaults keep `swift test` short;
/// `gamehost check --keys N` soaks.
public struct ConformanceOptions: Codable, Sendable {
    /// Keys each random walk takes from each starting point (the defaults, each preset,
    /// each sample value of each preference).
    public var keys: Int
    /// Seconds one key, one draw, or one step of a check may take before it counts as a hang.
    public var timeLimit: Double
    /// Where every seed of the walks starts.
    public var seed: UInt64
    /// Run each check in a child process (the program started again), so that a crash or
    /// a hang becomes a report. Without it, a crash ends the run and a hang never ends.
    public var isolated: Bool
    /// The checks to run, by name (nil: all); see `ConformanceSuite.checkNames`.
    public var checks: [String]?
    /// The program the reproduction commands name: `gamehost`, or your own launcher.
    public var program: String
    /// What is a warning otherwise fails the module (`gamehost check --strict`): a key shown as
    /// available that changed nothing.
    public var strict: Bool

    public init(keys: Int = 150, timeLimit: Double = 2, seed: UInt64 = 1, isolated: Bool = true,
                checks: [String]? = nil, program: String = "gamehost", strict: Bool = false) {
        self.keys = keys
        self.timeLimit = timeLimit
        self.seed = seed
        self.isolated = isolated
        self.checks = checks
        self.program = program
        self.strict = strict
    }
}
