import TallyFormat
import TallyMarkdown

/// The formatting helpers available to every template as Mustache transforms, e.g. `{{money(amount_cents)}}`.
/// docs/content.md lists them; each returns a `Cell`, so its result is escaped like any other value.
enum TemplateHelpers {
    /// Every name a tag may call: the formatting helpers below, the ones on query results and rows (`count`,
    /// `first()`…, TableContext), and swift-mustache's own transforms (`plusone`, `sorted`…).
    static let names: Set<String> = [
        "money", "money_compact", "number", "number0", "number1", "number2", "compact", "percent", "percent1", "date",
        "datetime", "month", "year", "iso_date", "stars", "url", "markdown", "lowercased", "uppercased", "capitalized",
        "count", "empty", "first", "last", "reversed", "index", "even", "odd",
        "enumerated", "equalzero", "minusone", "plusone", "sorted",
    ]

    static func apply(_ name: String, to cell: Cell) -> Cell? {
        let session = RenderSession.current
        let settings = session?.settings ?? FormatSettings(defaultCurrency: Currency.lookup("USD")!)
        if case .null = cell.value { return Cell(.null) }
        switch name {
        case "money", "money_compact":
            return money(cell, compact: name == "money_compact", settings: settings, session: session)
        case "number": return text(numberText(cell, decimals: nil, locale: settings.locale))
        case "number0": return text(numberText(cell, decimals: 0, locale: settings.locale))
        case "number1": return text(numberText(cell, decimals: 1, locale: settings.locale))
        case "number2": return text(numberText(cell, decimals: 2, locale: settings.locale))
        case "compact":
            return number(cell, helper: name, session: session).map { text(settings.locale.compact($0)) } ?? cell
        case "percent", "percent1":
            return number(cell, helper: name, session: session).map { text(settings.locale.percent($0, decimals: name == "percent" ? 0 : 1)) } ?? cell
        case "date", "datetime", "month", "year", "iso_date":
            return date(cell, helper: name, settings: settings, session: session)
        case "stars": return number(cell, helper: name, session: session).map { text(stars($0)) } ?? cell
        case "url": return text(SafeURL.filter(cell.value.text) ?? "")
        case "markdown":
            let html = MarkdownRenderer(allowsRawHTML: false).html(cell.value.text)
            return text(session?.placeholder(for: html) ?? "")
        case "lowercased": return text(cell.value.text.lowercased())
        case "uppercased": return text(cell.value.text.uppercased())
        case "capitalized": return text(cell.value.text.capitalized)
        default: return nil
        }
    }

    private static func text(_ value: String) -> Cell { Cell(.text(value)) }

    private static func money(_ cell: Cell, compact: Bool, settings: FormatSettings, session: RenderSession?) -> Cell {
        guard let minor = cell.value.integer else {
            session?.record(ValueProblem(helper: compact ? "money_compact" : "money", value: cell.value.text,
                                         message: "is not an integer amount in minor units (cents)", column: cell.column))
            return cell
        }
        let code = cell.currencyCode ?? settings.defaultCurrency.code
        guard let currency = Currency.lookup(code) else {
            session?.record(ValueProblem(helper: "money", value: code, message: "is not an ISO 4217 currency code", column: cell.column))
            return text(settings.locale.grouped(minor) + " " + code)
        }
        let amount = Money(minorUnits: minor, currency: currency)
        return text(compact ? amount.compact(locale: settings.locale) : amount.formatted(locale: settings.locale))
    }

    private static func numberText(_ cell: Cell, decimals: Int?, locale: FormatLocale) -> String {
        switch cell.value {
        case .integer(let value) where decimals == nil || decimals == 0:
            return locale.grouped(value)
        default:
            guard let value = cell.value.number else { return cell.value.text }
            if let decimals { return locale.decimal(value, decimals: decimals) }
            return locale.shortest(value, maxDecimals: 2)
        }
    }

    private static func number(_ cell: Cell, helper: String, session: RenderSession?) -> Double? {
        guard let value = cell.value.number, value.isFinite else {
            session?.record(ValueProblem(helper: helper, value: cell.value.text, message: "is not a number", column: cell.column))
            return nil
        }
        return value
    }

    private static func date(_ cell: Cell, helper: String, settings: FormatSettings, session: RenderSession?) -> Cell {
        guard var date = ISODate(cell.value.text) else {
            session?.record(ValueProblem(helper: helper, value: cell.value.text,
                                         message: "is not an ISO 8601 date (expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)",
                                         column: cell.column))
            return cell
        }
        if let offset = date.utcOffset {
            let instant = date.localSeconds - offset
            date = date.converted(toOffset: settings.utcOffset(instant))
        }
        switch helper {
        case "datetime": return text(settings.locale.dateTime(date))
        case "month":
            var month = date
            month.precision = min(date.precision, .month)
            return text(settings.locale.date(month))
        case "year": return text(String(date.year))
        case "iso_date": return text(date.isoDate)
        default: return text(settings.locale.date(date))
        }
    }

    /// 3.5 → "★★★½☆"-style text, out of four stars as the rating column is defined.
    private static func stars(_ rating: Double) -> String {
        let halves = Int((min(max(rating, 0), 4) * 2).rounded())
        return String(repeating: "★", count: halves / 2) + (halves % 2 == 1 ? "½" : "")
            + String(repeating: "☆", count: 4 - halves / 2 - halves % 2)
    }
}

/// Keeps only link targets that cannot run script: http, https, mailto, and site-relative paths.
public enum SafeURL {
    public static func filter(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") { return trimmed }
        if trimmed.hasPrefix("/") && !trimmed.hasPrefix("//") { return trimmed }
        return nil
    }
}
