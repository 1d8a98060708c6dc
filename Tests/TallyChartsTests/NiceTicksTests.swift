@testable import TallyCharts
import Testing

/// The reference cases of shared/CHARTS.md, which follow d3-array.
struct NiceTicksTests {
    @Test func zeroToOneInTenSteps() {
        let ticks = NiceTicks.ticks(0, 1, count: 10)
        #expect(ticks == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
        #expect(ticks.count == 11)
        #expect(ticks.map { NumberStyle.plain.tick($0) } == ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"])
    }

    @Test func zeroToOneInFiveSteps() {
        #expect(NiceTicks.ticks(0, 1, count: 5) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test func zeroToTenInThree() {
        #expect(NiceTicks.ticks(0, 10, count: 3) == [0, 5, 10])
    }

    @Test func minusTenToTenInOne() {
        #expect(NiceTicks.ticks(-10, 10, count: 1) == [0])
    }

    @Test func zeroToTwoPointTwoInThree() {
        #expect(NiceTicks.ticks(0, 2.2, count: 3) == [0, 1, 2])
    }

    @Test(arguments: [(0.132, 0.876, 10.0, 0.1, 0.9), (0.132, 0.876, 5, 0, 1), (132, 876, 100, 130, 880)])
    func nice(_ start: Double, _ stop: Double, _ count: Double, _ niceStart: Double, _ niceStop: Double) {
        let result = NiceTicks.nice(start, stop, count: count)
        #expect(result.0 == niceStart)
        #expect(result.1 == niceStop)
    }

    @Test func ticksAreExactDecimals() {
        #expect(NiceTicks.ticks(0.1, 0.3, count: 2) == [0.1, 0.2, 0.3])
        #expect(NiceTicks.ticks(0, 0.001, count: 5) == [0, 0.0002, 0.0004, 0.0006, 0.0008, 0.001])
    }

    @Test func reversedDomainGivesDescendingTicks() {
        #expect(NiceTicks.ticks(1, 0, count: 5) == [1, 0.8, 0.6, 0.4, 0.2, 0])
        #expect(NiceTicks.step(1, 0, count: 5) == -0.2)
    }

    @Test func degenerateInputs() {
        #expect(NiceTicks.ticks(3, 3, count: 5) == [3])
        #expect(NiceTicks.ticks(0, 1, count: 0).isEmpty)
        #expect(NiceTicks.ticks(0, .infinity, count: 5).isEmpty)
        #expect(NiceTicks.nice(5, 5, count: 10) == (5, 5))
    }

    @Test func stepsAndIncrements() {
        #expect(NiceTicks.step(0, 10, count: 10) == 1)
        #expect(NiceTicks.increment(0, 1, count: 10) == -10)
        #expect(NiceTicks.step(0, 1e15, count: 5) == 2e14)
    }

    @Test func linearScaleIncludesZeroAndNiceEnds() {
        let scale = LinearScale(lower: 13, upper: 87, range: (300, 0), tickCount: 5, includeZero: true)
        #expect(scale.domain == (0, 100))
        #expect(scale.ticks == [0, 20, 40, 60, 80, 100])
        #expect(scale(50) == 150)
    }

    @Test func linearScaleRespectsAMinimumStep() {
        let counts = LinearScale(lower: 0, upper: 3, range: (100, 0), tickCount: 10, includeZero: true, minimumStep: 1)
        #expect(counts.ticks == [0, 1, 2, 3])
        let zeros = LinearScale(lower: 0, upper: 0, range: (100, 0), tickCount: 5, includeZero: true, minimumStep: 1)
        #expect(zeros.ticks == [0, 1])
    }

    @Test func negativeDomains() {
        let scale = LinearScale(lower: -31, upper: 45, range: (200, 0), tickCount: 4, includeZero: true)
        #expect(scale.domain == (-40, 60))
        #expect(scale.ticks == [-40, -20, 0, 20, 40, 60])
    }
}
