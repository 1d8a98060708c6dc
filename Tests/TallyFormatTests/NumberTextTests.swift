import TallyFormat
import Testing

struct NumberTextTests {
    @Test(arguments: [(UInt64(0), "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567"),
                      (UInt64.max, "18,446,744,073,709,551,615")])
    func grouped(_ value: UInt64, _ expected: String) {
        #expect(NumberText.grouped(value) == expected)
    }

    @Test(arguments: [(UInt64(123_456), 2, true, "1,234.56"), (5, 2, true, "0.05"), (123_456, 0, true, "123,456"),
                      (1_234_567, 3, false, "1234.567"), (0, 2, true, "0.00")])
    func fixed(_ magnitude: UInt64, _ scale: Int, _ grouping: Bool, _ expected: String) {
        #expect(NumberText.fixed(magnitude: magnitude, scale: scale, grouping: grouping) == expected)
    }

    @Test(arguments: [(1234.5, 0, "1,235"), (-1234.5, 0, "-1,235"), (2.345, 2, "2.35"), (0.125, 2, "0.13"),
                      (-0.004, 2, "0.00"), (1e6, 1, "1,000,000.0"), (-2.5, 0, "-3")])
    func decimalRoundsHalfAwayFromZero(_ value: Double, _ decimals: Int, _ expected: String) {
        #expect(NumberText.decimal(value, decimals: decimals) == expected)
    }

    @Test func decimalUsesTheGivenMinus() {
        #expect(NumberText.decimal(-5, minus: "\u{2212}") == "\u{2212}5")
    }

    @Test(arguments: [(0.1 + 0.2, "0.3"), (1500, "1,500"), (0.000001, "0.000001"), (2.5, "2.5"), (-0.75, "-0.75"), (0, "0")])
    func shortest(_ value: Double, _ expected: String) {
        #expect(NumberText.shortest(value) == expected)
    }

    @Test(arguments: [(1234.0, "1.2k"), (3_400_000, "3.4M"), (6_500_000_000, "6.5B"), (999, "999"), (999.6, "1k"),
                      (12_345, "12k"), (2.4e12, "2.4T"), (-1234, "-1.2k"), (-0.4, "0"), (0, "0")])
    func compact(_ value: Double, _ expected: String) {
        #expect(NumberText.compact(value) == expected)
    }

    @Test func compactKeepsDecimalsBelowAThousandWhenAsked() {
        #expect(NumberText.compact(12.5, decimalsBelowThousand: 2) == "12.50")
        #expect(NumberText.compact(-0.001, decimalsBelowThousand: 2) == "0.00")
    }

    @Test(arguments: [(1_250_000.0, "1.25M"), (250_000, "250k"), (0.5, "0.5"), (1_000, "1k"), (-2_500, "-2.5k"),
                      (6_500_000_000, "6.5B"), (0, "0"), (120, "120")])
    func compactExact(_ value: Double, _ expected: String) {
        #expect(NumberText.compactExact(value) == expected)
    }

    @Test(arguments: [(0.123, 0, "12%"), (0.123, 1, "12.3%"), (1, 0, "100%"), (-0.05, 0, "-5%"), (0.0049, 1, "0.5%")])
    func percent(_ ratio: Double, _ decimals: Int, _ expected: String) {
        #expect(NumberText.percent(ratio, decimals: decimals) == expected)
    }
}
