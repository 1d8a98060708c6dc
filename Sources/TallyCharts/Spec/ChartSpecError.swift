import TallyFormat
/// A mistake in a chart block, found before any data is read. `message` says what is wrong and `hint` how to fix it.
public enum ChartSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `type:` names no chart type.
    case unknownKind(String)
    /// A key that no chart type reads.
    case unknownKey(String)
    /// A key this chart type needs.
    case missingKey(String, kind: ChartKind)
    /// A known key that this chart type does not use.
    case notApplicable(String, kind: ChartKind)
    /// A key whose value has the wrong shape; `expected` completes "must be …".
    case invalidValue(key: String, value: String, expected: String)
    /// Two keys that contradict each other.
    case conflictingKeys(String, String)

    public var message: String {
        switch self {
        case .unknownKind(let name):
            "unknown chart type \"\(name)\""
        case .unknownKey(let key):
            "unknown key \"\(key)\" in chart block"
        case .missingKey(let key, let kind):
            "a \(kind.displayName) needs \"\(key)\""
        case .notApplicable(let key, let kind):
            "\"\(key)\" does not apply to a \(kind.displayName)"
        case .invalidValue(let key, let value, let expected):
            "\"\(key)\" must be \(expected), not \"\(value)\""
        case .conflictingKeys(let first, let second):
            "\"\(first)\" and \"\(second)\" cannot be used together"
        }
    }

    public var hint: String {
        switch self {
        case .unknownKind(let name):
            let kinds = ChartKind.allCases.map(\.rawValue)
            let list = kinds.joined(separator: ", ")
            if let close = NameSuggestion.closest(to: name, among: kinds) { return "did you mean \"\(close)\"? Chart types: \(list)" }
            return "chart types: \(list)"
        case .unknownKey(let key):
            let list = ChartSpec.knownKeys.joined(separator: ", ")
            if let close = NameSuggestion.closest(to: key, among: ChartSpec.knownKeys) { return "did you mean \"\(close)\"? Keys: \(list)" }
            return "keys: \(list)"
        case .missingKey(let key, _):
            return Self.missingKeyHints[key] ?? "add \"\(key):\" to the chart block"
        case .notApplicable(let key, _):
            let users = ChartKind.allCases.filter { ChartSpec.applies(key, to: $0) }.map(\.rawValue)
            return "remove it; it is used by: " + users.joined(separator: ", ")
        case .invalidValue(let key, _, _):
            return Self.valueHints[key] ?? "see `tally docs charts` for the values \"\(key)\" takes"
        case .conflictingKeys(let first, let second):
            return "keep either \"\(first)\" or \"\(second)\""
        }
    }

    /// "message (hint: …)", the form the site prints after the file and line.
    public var description: String { message + " (hint: " + hint + ")" }

    /// The key the mistake is in, so the site can point at its line; nil for a missing key.
    public var key: String? {
        switch self {
        case .unknownKind: "type"
        case .unknownKey(let key), .notApplicable(let key, _), .invalidValue(let key, _, _): key
        case .conflictingKeys(_, let second): second
        case .missingKey: nil
        }
    }

    private static let missingKeyHints = [
        "type": "add e.g. \"type: bar\"",
        "x": "name the column for the categories or the horizontal axis, e.g. \"x: year\"",
        "y": "name the column with the values, e.g. \"y: total\"; a list such as \"y: [income, spending]\" draws one series per column",
        "target": "give the goal as a number (\"target: 500000\") or as the name of a column that holds it",
        "currency": "\"format: currency\" needs \"currency: USD\" (any ISO 4217 code) or \"currency_column: <column>\"",
    ]

    private static let valueHints = [
        "type": "write the type as text, e.g. \"type: bar\"",
        "format": "formats: plain, compact, currency, percent",
        "currency": "use an ISO 4217 code such as USD, EUR, JPY or CHF",
        "bins": "e.g. \"bins: 20\"; the edges are rounded to nice numbers",
        "y": "write one column name, or a list such as \"y: [income, spending]\"",
        "width": "sizes are in SVG user units; the chart still scales to the page width; [376, 760] draws it for phones and for wider screens",
        "height": "sizes are in SVG user units; the chart still scales to the page width",
        "labels": "write true or false",
        "year": "e.g. \"year: 2024\"",
        "months": "e.g. \"months: 12\" for the 12 months up to the latest date",
        "target": "a number in the data's units (minor units for money), or a column name",
        "color": "name the column that holds each category's colour, such as #1f77b4, e.g. \"color: color\"",
        "limit": "name the column that holds each bar's limit, in the units of y, e.g. \"limit: limit_cents\"",
    ]
}
