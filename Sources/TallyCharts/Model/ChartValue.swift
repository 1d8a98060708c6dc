import TallyFormat

/// One cell of a query result.
public enum ChartValue: Sendable, Hashable {
    case number(Double)
    case integer(Int64)
    case text(String)
    case date(ISODate)
    case null
}

extension ChartValue {
    /// The value as a number, or nil for text, dates and null.
    var numeric: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var isNull: Bool { if case .null = self { true } else { false } }

    var date: ISODate? { if case .date(let date) = self { date } else { nil } }

    /// The value as plain text for labels and table cells: "2024" (never grouped), "Mar 5, 2024", "" for null.
    func plainText(_ locale: FormatLocale) -> String {
        switch self {
        case .number(let value): locale.shortest(value, grouping: false, minus: Glyph.minus)
        case .integer(let value): value < 0 ? Glyph.minus + String(value.magnitude) : String(value)
        case .text(let value): value
        case .date(let value): locale.dateTime(value)
        case .null: ""
        }
    }

    /// What the value is, for error messages: `text "n/a"`, `a date (2024-03-05)`.
    var kindDescription: String {
        switch self {
        case .number(let value): "the number " + NumberText.shortest(value, grouping: false)
        case .integer(let value): "the integer " + String(value)
        case .text(let value): "text \"" + value + "\""
        case .date(let value): "a date (" + value.isoDate + ")"
        case .null: "NULL"
        }
    }
}

/// Characters the charts print that are not on a keyboard.
/// Computed rather than stored, so that reading them in formatting loops costs no lazy-initialisation check.
enum Glyph {
    /// U+2212, the typographic minus used in every chart label.
    static var minus: String { "\u{2212}" }
    static var enDash: String { "\u{2013}" }
    static var ellipsis: String { "\u{2026}" }
}
