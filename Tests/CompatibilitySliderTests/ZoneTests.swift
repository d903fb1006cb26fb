@testable import CompatibilitySlider
import Testing

@Suite struct ZoneTests {
    @Test func atLeastFourZonesCoverZeroToHundredWithoutOverlap() {
        #expect(CompatibilityZone.all.count >= 4)
        for percentage in 0...100 {
            #expect(CompatibilityZone.all.filter { $0.range.contains(percentage) }.count == 1, "\(percentage)%")
        }
        for zone in CompatibilityZone.all {
            #expect(!zone.title.isEmpty && !zone.message.isEmpty && !zone.action.isEmpty)
        }
        #expect(Set(CompatibilityZone.all.map(\.title)).count == CompatibilityZone.all.count)
    }

    @Test(arguments: [(0, 0), (29, 0), (30, 1), (59, 1), (60, 2), (79, 2), (80, 3), (100, 3)])
    func boundaries(_ percentage: Int, _ index: Int) {
        #expect(CompatibilityZone.zone(for: percentage) == CompatibilityZone.all[index])
    }

    @Test func theLowestReachableScoreHasAZoneAndOutsideValuesClamp() {
        #expect(CompatibilityZone.zone(for: 20) == CompatibilityZone.all[0])
        #expect(CompatibilityZone.zone(for: -5) == CompatibilityZone.all[0])
        #expect(CompatibilityZone.zone(for: 130) == CompatibilityZone.all.last)
    }

    @Test func eachZoneTitleMessageAndActionShowOnTheResult() {
        // Ratings that land in each zone: 20%, 40%, 60%, 80% and 100%.
        let rounds: [([Int], [Int], Int)] = [([1, 1], [5, 5], 20), ([1, 1], [4, 4], 40),
                                              ([1, 1], [3, 3], 60), ([1, 1], [2, 2], 80), ([3, 3], [3, 3], 100)]
        for (first, second, percentage) in rounds {
            let model = Support.model(SliderPreferences(topics: .fixed(2)))
            Support.play(model, first, second)
            #expect(model.compatibility == percentage)
            let zone = CompatibilityZone.zone(for: percentage)
            #expect(model.zone == zone)
            let text = SliderView().render(model, in: .init(width: 80, height: 22)).text
            #expect(text.contains("\(percentage)%"))
            #expect(text.contains(zone.title))
            #expect(text.contains(zone.message))
            #expect(text.contains("[ Enter \(zone.action) ]"), "a button with its key")
        }
    }
}
