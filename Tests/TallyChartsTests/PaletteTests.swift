import Foundation
import TallyCharts
import Testing

/// WCAG 2 contrast of every palette colour against its scheme's background: 3:1 for marks, 4.5:1 for text.
struct PaletteTests {
    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        func channel(_ offset: Int) -> Double {
            let value = Double(Int(String(digits[offset..<offset + 2]), radix: 16) ?? 0) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static let schemes = [("light", ChartPalette.light), ("dark", ChartPalette.dark)]

    @Test func formulaMatchesKnownValues() {
        #expect(abs(Self.contrast("#000000", "#ffffff") - 21) < 0.001)
        #expect(abs(Self.contrast("#767676", "#ffffff") - 4.54) < 0.01)
        #expect(Self.contrast("#E69F00", "#ffffff") < 3)
    }

    @Test func backgroundsAreWhiteAndNearBlack() {
        #expect(ChartPalette.light.background == "#ffffff")
        #expect(ChartPalette.dark.background == "#111418")
    }

    @Test(arguments: schemes)
    func marksHaveThreeToOne(_ name: String, _ palette: ChartPalette) {
        #expect(palette.series.count == 8)
        #expect(palette.heat.count == 4)
        for colour in palette.series + palette.heat + [palette.axis] {
            let ratio = Self.contrast(colour, palette.background)
            #expect(ratio >= 3, "\(name): \(colour) is \(ratio):1 on \(palette.background)")
        }
    }

    @Test(arguments: schemes)
    func textHasFourAndAHalfToOne(_ name: String, _ palette: ChartPalette) {
        // Series colours are also used for the names at the ends of lines, so they are held to the text standard.
        for colour in [palette.text, palette.mutedText] + palette.series {
            let ratio = Self.contrast(colour, palette.background)
            #expect(ratio >= 4.5, "\(name): \(colour) is \(ratio):1 on \(palette.background)")
        }
    }

    @Test(arguments: schemes)
    func heatLevelsGetDarkerOrBrighterInOrder(_ name: String, _ palette: ChartPalette) {
        let ratios = palette.heat.map { Self.contrast($0, palette.background) }
        #expect(ratios == ratios.sorted(), "\(name): \(ratios)")
    }

    @Test func stylesheetDeclaresBothSchemesAndPrint() {
        let css = ChartTheme.stylesheet
        for index in 1...8 { #expect(css.contains("--tally-series-\(index):")) }
        #expect(css.contains("@media screen and (prefers-color-scheme:dark)"))
        #expect(css.contains("@media print"))
        #expect(css.contains("--tally-bg:#ffffff") && css.contains("--tally-bg:#111418"))
    }
}
