@testable import CompatibilitySlider
import Testing

/// compatibility = 100 − round(100 × mean(|r1 − r2|) / 5)
@Suite struct CompatibilityTests {
    @Test(arguments: 1...15)
    func allEqualIsHundredPercent(_ count: Int) {
        let ratings = (0..<count).map { Rating.allCases[$0 % 5] }
        #expect(Compatibility.percentage(ratings, ratings) == 100)
    }

    @Test(arguments: 1...15)
    func allOppositeIsTwentyPercent(_ count: Int) {
        let low = Array(repeating: Rating.terrible, count: count)
        let high = Array(repeating: Rating.great, count: count)
        #expect(Compatibility.percentage(low, high) == 20)
        #expect(Compatibility.percentage(high, low) == 20)
    }

    @Test func mixedCaseWorkedByHand() {
        // |1−2| + |3−3| + |5−3| + |2−5| = 1 + 0 + 2 + 3 = 6; mean 1.5; 100 × 1.5 / 5 = 30.
        #expect(Compatibility.percentage(Support.ratings([1, 3, 5, 2]), Support.ratings([2, 3, 3, 5])) == 70)
    }

    @Test func thirdsRoundToTheNearestWholePercent() {
        // Mean 1/3: 100 × (1/3) / 5 = 6.67 → 7.
        #expect(Compatibility.percentage(Support.ratings([1, 2, 3]), Support.ratings([2, 2, 3])) == 93)
        // Mean 2/3: 13.33 → 13.
        #expect(Compatibility.percentage(Support.ratings([1, 2, 3]), Support.ratings([2, 3, 3])) == 87)
    }

    @Test func halvesRoundUp() {
        // Eight topics, one step apart once: 100 × (1/8) / 5 = 2.5 → 3.
        let first = Support.ratings([3, 3, 3, 3, 3, 3, 3, 3])
        let second = Support.ratings([4, 3, 3, 3, 3, 3, 3, 3])
        #expect(Compatibility.percentage(first, second) == 97)
    }

    @Test func matchesTheFormulaInFloatingPointForManyRounds() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...15, using: &random)
            let first = (0..<count).map { _ in Rating.allCases.randomElement(using: &random)! }
            let second = (0..<count).map { _ in Rating.allCases.randomElement(using: &random)! }
            let mean = Double(zip(first, second).map { abs($0.rawValue - $1.rawValue) }.reduce(0, +)) / Double(count)
            let expected = 100 - Int((100 * mean / 5).rounded())
            let result = Compatibility.percentage(first, second)
            #expect(result == expected, "\(first) vs \(second)")
            #expect((20...100).contains(result ?? -1))
        }
    }

    @Test func noRatingsHaveNoPercentage() {
        #expect(Compatibility.percentage([], []) == nil)
    }
}
