extension String {
    /// Padded with spaces to `count` characters (never cut); Foundation's `padding` is in
    /// full Foundation.
    public func padded(to count: Int) -> String {
        self + String(repeating: " ", count: max(0, count - self.count))
    }
}

public enum NumberText {
    /// `value` with exactly `places` decimals, rounded half away from zero ("1.50", "-0.25").
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9e18 else { return String(value) }
        let whole = UInt64(scaled), unit = UInt64(scale)
        let fraction = String(whole % unit)
        let sign = value < 0 && whole != 0 ? "-" : ""
        let decimals = places > 0 ? "." + String(repeating: "0", count: places - fraction.count) + fraction : ""
        return sign + String(whole / unit) + decimals
    }

    /// `value` in lowercase hexadecimal with at least `count` digits ("001b").
    public static func hex(_ value: UInt32, _ count: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
