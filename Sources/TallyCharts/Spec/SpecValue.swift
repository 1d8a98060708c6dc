/// A value of a chart block's YAML mapping, after parsing.
public enum SpecValue: Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case list([SpecValue])
    /// A mapping of names to values, such as `headers: {given_cents: Given}`.
    case mapping([String: SpecValue])

    /// The value as YAML would have shown it, for error messages.
    var display: String {
        switch self {
        case .string(let text): text
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let flag): flag ? "true" : "false"
        case .list(let items): "[" + items.map(\.display).joined(separator: ", ") + "]"
        case .mapping(let pairs): "{" + pairs.keys.sorted().map { $0 + ": " + (pairs[$0]?.display ?? "") }.joined(separator: ", ") + "}"
        }
    }
}
