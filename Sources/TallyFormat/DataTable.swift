/// One value of a query result. Every value that comes from a database is untrusted text or a number.
public enum DataValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// The value as text the way SQLite would print it; NULL is the empty string.
    public var text: String {
        switch self {
        case .null: return ""
        case .integer(let value): return String(value)
        case .real(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + ".0" : String(value)
        case .text(let value): return value
        }
    }

    /// The value as a number, when it is one or is text that reads as one.
    public var number: Double? {
        switch self {
        case .null: return nil
        case .integer(let value): return Double(value)
        case .real(let value): return value
        case .text(let value): return Double(value)
        }
    }

    /// The value as an integer, when it is a whole number.
    public var integer: Int64? {
        switch self {
        case .integer(let value): return value
        case .real(let value): return value == value.rounded() && abs(value) < 9e18 ? Int64(value) : nil
        case .text(let value): return Int64(value)
        case .null: return nil
        }
    }

    /// SQL truthiness: NULL, 0, 0.0 and the empty string are false.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .integer(let value): return value != 0
        case .real(let value): return value != 0
        case .text(let value): return !value.isEmpty
        }
    }
}

/// The rows a query returned, with its column names in order.
public struct DataTable: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[DataValue]]

    public init(columns: [String], rows: [[DataValue]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The position of a column by name, or nil.
    public func index(of column: String) -> Int? { columns.firstIndex(of: column) }
}
