@testable import TallyCharts
import TallyFormat

/// The styles of Tally's English (en-US), which most chart tests check; locale tests build their own.
extension NumberStyle {
    static let plain = NumberStyle(.plain, locale: .enUS)
    static let compact = NumberStyle(.compact, locale: .enUS)
    static let percent = NumberStyle(.percent, locale: .enUS)
    static func money(_ currency: Currency) -> NumberStyle { NumberStyle(.money(currency), locale: .enUS) }
}
