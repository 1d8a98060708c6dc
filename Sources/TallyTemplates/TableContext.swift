import Mustache
import TallyFormat

/// A query's rows as template data: `{{#gifts}}…{{/gifts}}` repeats per row, `{{^gifts}}` shows when there are
/// none, and `{{gifts.total}}` reads a column of the first row (handy for one-row queries).
public struct TableContext: MustacheSequence, MustacheParent, MustacheTransformable, Sendable {
    let storage: TableStorage
    /// The query's name, for the error when a template reads a column the result does not have.
    let name: String

    public init(_ table: DataTable, name: String) {
        storage = TableStorage(table)
        self.name = name
    }

    public var count: Int { storage.table.rows.count }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    public struct Iterator: IteratorProtocol {
        let storage: TableStorage
        var index = 0
        public mutating func next() -> RowContext? {
            guard index < storage.table.rows.count else { return nil }
            defer { index += 1 }
            return RowContext(storage: storage, index: index)
        }
    }

    public func child(named name: String) -> Any? { cell(atColumn: storage.columnIndex[name], named: name) }

    /// `{{gifts.total}}`: a column of the first row, `column` being `name`'s position (nil when it has none).
    func cell(atColumn column: Int?, named name: String) -> Cell? {
        guard count > 0 else {
            // An empty result still knows its columns: reading one is not a typo. It is also the context of
            // `{{^gifts}}…{{/gifts}}`, where a miss is a name to look up further out, so it records nothing.
            return column == nil ? nil : Cell(.null)
        }
        if let cell = RowContext(storage: storage, index: 0).cell(atColumn: column, named: name) { return cell }
        // A result with rows is never a section's context (its rows are), so this was `{{gifts.name}}`.
        RenderSession.current?.recordMissing(key: name, of: self.name)
        return nil
    }

    /// The result's column names, in query order.
    public var columns: [String] { storage.table.columns }

    /// `count(gifts)`, `empty(gifts)`, `first(gifts)`, `last(gifts)`, `reversed(gifts)`.
    public func transform(_ name: String) -> Any? { transformedValue(name)?.boxed }

    func transformedValue(_ name: String) -> TemplateValue? {
        switch name {
        case "count": return .cell(Cell(.integer(Int64(count))))
        case "empty": return .bool(count == 0)
        case "first": return count > 0 ? .row(RowContext(storage: storage, index: 0)) : nil
        case "last": return count > 0 ? .row(RowContext(storage: storage, index: count - 1)) : nil
        case "reversed": return .other(Array(self).reversed() as [RowContext])
        default: return nil
        }
    }
}

/// One row of a query result; its columns are looked up by name.
public struct RowContext: MustacheParent, Sendable {
    let storage: TableStorage
    let index: Int

    public func child(named name: String) -> Any? { cell(atColumn: storage.columnIndex[name], named: name) }

    /// The column at `column` of this row, named `name`, with the currency its money helpers use.
    func cell(atColumn column: Int?, named name: String) -> Cell? {
        guard let column else { return nil }
        let row = storage.table.rows[index]
        let currency = storage.currencyColumn[column].map { row[$0].text }
        return Cell(row[column], currencyCode: currency, column: name)
    }
}

/// A table plus the lookups its rows share, built once per query result.
final class TableStorage: Sendable {
    let table: DataTable
    let columnIndex: [String: Int]
    /// For each column, the column holding its currency: `<base>_currency` for `<base>_cents`, else `currency`.
    let currencyColumn: [Int?]
    /// For each name number (`NameNumbers`) given out when the result was read, its column, or -1: a compiled
    /// template's tag finds its column by index, once per query result rather than by hashing at every row.
    let columnOfNumber: [Int]

    init(_ table: DataTable) {
        self.table = table
        var index: [String: Int] = [:]
        for (position, name) in table.columns.enumerated() where index[name] == nil { index[name] = position }
        columnIndex = index
        currencyColumn = table.columns.map { TableStorage.currencyColumn(for: $0, columnIndex: index) }
        let (numbers, count) = NameNumbers.shared.existingNumbers(of: table.columns)
        var columnOfNumber = [Int](repeating: -1, count: count)
        for (position, number) in numbers.enumerated() {
            if let number, columnOfNumber[number] < 0 { columnOfNumber[number] = position }
        }
        self.columnOfNumber = columnOfNumber
    }

    /// The column `name` names, found by its `number` when the result knows it, else by its text (a name first
    /// compiled after the result was read).
    func column(named name: String, number: Int) -> Int? {
        guard number < columnOfNumber.count else { return columnIndex[name] }
        let column = columnOfNumber[number]
        return column < 0 ? nil : column
    }

    /// The column holding `name`'s currency: `<base>_currency` for `<base>_cents`, else `currency`.
    static func currencyColumn(for name: String, columnIndex: [String: Int]) -> Int? {
        ColumnNaming.currencyColumn(for: name) { columnIndex[$0] }
    }
}

extension DataTable {
    /// The column holding the currency of `column`'s amounts, by the naming rule money helpers use.
    public func currencyColumn(for column: Int) -> Int? {
        var index: [String: Int] = [:]
        for (position, name) in columns.enumerated() where index[name] == nil { index[name] = position }
        return TableStorage.currencyColumn(for: columns[column], columnIndex: index)
    }
}
