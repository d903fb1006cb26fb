import Foundation

/// Durations or counts, summarised as the benchmark prints them.
struct Sample {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) { values.append(value) }

    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let index = Swift.min(sorted.count - 1, Swift.max(0, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[index]
    }

    var median: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var largest: Double { values.max() ?? .nan }
    var total: Double { values.reduce(0, +) }
}

/// Monotonic nanoseconds.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

/// One printed row: what, the figure, the reference, the ratio, the target and a verdict.
func report(_ row: String, _ what: String, figure: String, reference: String = "—", ratio: String = "—",
            target: String, met: Bool?) {
    let verdict = met.map { $0 ? "met" : "MISSED" } ?? "—"
    print("\(row) | \(what) | \(figure) | ref: \(reference) | ratio: \(ratio) | target: \(target) | \(verdict)")
}
