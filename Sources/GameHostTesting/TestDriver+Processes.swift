/// Several drivers as the processes of one host: a room's seats and spectators, each a session
/// of its own on one host folder.
extension TestDriver {
    /// Brings every driver's clock to the latest one's: one machine, one time.
    public static func align(_ drivers: [TestDriver]) {
        let latest = drivers.map(\.elapsed).max() ?? .zero
        for driver in drivers { driver.advance(by: latest - driver.elapsed) }
    }

    /// Lets `duration` pass for each driver in turn, `step` at a time, each applying what the
    /// others appended, as their runners would.
    public static func run(_ drivers: [TestDriver], for duration: Duration, step: Duration = .milliseconds(5)) {
        var left = duration
        while left > .zero {
            let slice = min(left, step)
            for driver in drivers {
                driver.advance(by: slice)
                driver.wakeUp()
            }
            left -= slice
        }
    }
}
