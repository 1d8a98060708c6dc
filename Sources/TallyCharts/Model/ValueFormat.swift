import TallyFormat

/// How values are written on axes, labels, tooltips and in the data table.
public enum ValueFormat: Sendable, Hashable {
    /// Grouped digits: "1,234.5".
    case plain
    /// Short units on axes and labels: "1.2k", "3.4M", "6.5B" (tooltips and the table keep every digit).
    case compact
    /// Integer minor units of a currency: 12345 with USD is "$123.45".
    case currency(CurrencySource)
    /// Ratios shown as percentages: 0.25 is "25%".
    case percent
}

/// Where a currency format gets its currency.
public enum CurrencySource: Sendable, Hashable {
    /// One currency for every value (`currency: USD`).
    case code(Currency)
    /// An ISO 4217 code per row, read from a column (`currency_column: currency`).
    case column(String)
}
