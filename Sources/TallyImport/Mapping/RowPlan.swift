import GRDB
import GRDBSQLite
import TallyFormat

/// How one CSV file's common rows are written: its mapped columns compiled, when the header is read, into
/// conversions from a row's field bytes to the parameters of one prepared insert.
///
/// The general path made, for every row, a `String` per field, a location, `[SourceValue]`, a `ContractRecord` and
/// `[DatabaseValue]`: four times the work of SQLite's own insert ([performance.md](../../../docs/performance.md)).
/// A planned row makes none of them. Amounts and dates are read from bytes, organizations and currencies found by
/// their bytes, and the values bound in place.
///
/// The plan covers a file whose every mapped column it can read (text, dates, amounts, currencies, organizations
/// and the external id) going into an import-keyed table with no natural key, and it writes only a row that the
/// general path would insert as new, with the same values in the same order, so fingerprints are the same too.
/// `write` returns false for any other row (a space to trim, a grouped amount, a table the file has written
/// before, a problem of any kind), which then goes through `TableMapping.record` and `ImportWriter.write` and is
/// written or reported exactly as before.
///
/// A struct that its file's reader owns, so that changing its buffers and caches needs no access check at run time
/// (a class's stored properties are checked at every access).
struct RowPlan {
    /// Where one column of the insert gets its value.
    enum Source {
        case text(field: Int)
        case date(field: Int)
        /// The code of the currency the field names.
        case currency(field: Int)
        case organization(field: Int)
        case amount(field: Int)
        /// The row's currency code, set after an amount when no field fills the currency column.
        case rowCurrency
        case user
        /// Bytes of `fixed`: `created_at`'s default.
        case fixed(Range<Int>)
    }

    /// What a row needs of its currency: its decimals, and its code's bytes in `fixed`. No strings, so a row that
    /// finds it retains nothing.
    struct RowCurrency {
        let minorUnits: Int
        let code: Range<Int>
    }

    struct Column {
        let name: String
        let source: Source
        /// Whether the value is part of the row's fingerprint (`created_at`'s default is not: `insertOnly`).
        let identifies: Bool
    }

    private let writer: ImportWriter
    private let table: String
    /// Each column's source, in the insert's order: kept apart from the names, so reading a row copies no string.
    private let sources: [Source]
    /// The columns that make the fingerprint: their slot, and their name's bytes in `names`.
    private let identifying: [(slot: Int, name: Range<Int>)]
    private let names: [UInt8]
    private let externalIDField: Int?
    private let currencyField: Int?
    private let amountsArePositive: Bool
    private let username: String?
    private var userID: Int64?
    private var organizations = ByteKeyedCache<Int64>()
    private var currencies = ByteKeyedCache<RowCurrency>()
    private let defaultCurrency: RowCurrency?
    /// Bytes bound in place besides the row's: the import source, created_at's default, currency codes, and
    /// room for a fingerprint's key (`row-` and 16 hex digits).
    private var fixed: [UInt8] = []
    private let sourceBytes: Range<Int>
    private let keyBytes: Range<Int>
    /// The fingerprint's hash after the table's name and the source, which every row starts with.
    private let fingerprintStart: RecordKey.FNV1a
    private var values: [PlannedValue]
    private let insert: Statement
    private let connection: SQLiteConnection?
    private var isFresh: Bool?
    /// Rows written since the last `countWritten`.
    private var written = 0

    /// The plan for a file whose header gave `targets`; nil when the import is not a case the plan covers.
    init?(mapping: TableMapping, targets: [TableMapping.Target?], writer: ImportWriter) throws {
        let options = mapping.options, table = mapping.table
        guard options.plansRows, table.hasImportKey, table.name != "organizations", RecordKey.naturalKeys[table.name] == nil,
              options.set.isEmpty, options.dateFormat == nil, !options.decimalComma,
              options.onlyUsers.map({ allowed in !mapping.fillsUser || options.user.map(allowed.contains) == true }) ?? true
        else { return nil }
        var columns: [Column] = []
        var externalIDField: Int?, currencyField: Int?
        var amount: (field: Int, column: String, currencyColumn: String)?
        for (field, target) in targets.enumerated() {
            guard let target else { continue }
            let column = target.column
            guard !target.isTagList, !columns.contains(where: { $0.name == column.name }), !(column.name == "external_id" && externalIDField != nil)
            else { return nil }
            let source: Source
            switch column.kind {
            case _ where column.name == "external_id":
                externalIDField = field
                continue
            case .money(let currencyColumn) where target.asDecimal && amount == nil:
                amount = (field, column.name, currencyColumn)
                continue
            case .text: source = .text(field: field)
            case .date, .dateTime: source = .date(field: field)
            case .currency:
                currencyField = field
                source = .currency(field: field)
            case .reference(.organization, _): source = .organization(field: field)
            default: return nil
            }
            columns.append(Column(name: column.name, source: source, identifies: true))
        }
        if mapping.fillsUser, !columns.contains(where: { $0.name == "user_id" }) {
            columns.append(Column(name: "user_id", source: .user, identifies: true))
        }
        fixed = Array(writer.source.utf8)
        sourceBytes = 0..<fixed.count
        if mapping.fillsCreatedAt, let today = options.createdAtDefault, !columns.contains(where: { $0.name == "created_at" }) {
            columns.append(Column(name: "created_at", source: .fixed(fixed.count..<fixed.count + today.utf8.count), identifies: false))
            fixed += today.utf8
        }
        // The amount comes last, as `ValueConverter.finish` reads it once the row's currency is known.
        if let amount {
            let hasCurrencyColumn = table.column(amount.currencyColumn) != nil
            // Without a currency every amount is a problem, which the general path reports.
            guard currencyField != nil || mapping.defaultCurrency != nil, hasCurrencyColumn || mapping.defaultCurrency != nil else { return nil }
            columns.append(Column(name: amount.column, source: .amount(field: amount.field), identifies: true))
            if hasCurrencyColumn, !columns.contains(where: { $0.name == amount.currencyColumn }) {
                columns.append(Column(name: amount.currencyColumn, source: .rowCurrency, identifies: true))
            }
        }
        if let currency = mapping.defaultCurrency {
            defaultCurrency = RowCurrency(minorUnits: currency.minorUnits, code: fixed.count..<fixed.count + currency.code.utf8.count)
            fixed += currency.code.utf8
        } else {
            defaultCurrency = nil
        }
        keyBytes = fixed.count..<fixed.count + 20
        fixed += [UInt8](repeating: 0, count: 20)
        self.writer = writer
        self.table = table.name
        sources = columns.map(\.source)
        var names: [UInt8] = [], identifying: [(slot: Int, name: Range<Int>)] = []
        for (slot, column) in columns.enumerated() where column.identifies {
            identifying.append((slot, names.count..<names.count + column.name.utf8.count))
            names += column.name.utf8
        }
        self.names = names
        self.identifying = identifying
        self.externalIDField = externalIDField
        self.currencyField = currencyField
        amountsArePositive = mapping.amountsArePositive
        username = mapping.fillsUser ? options.user : nil
        var start = RecordKey.FNV1a()
        start.add(table.name)
        start.add(writer.source)
        fingerprintStart = start
        values = Array(repeating: .integer(0), count: columns.count + 2)
        connection = writer.db.sqliteConnection
        insert = try writer.insertStatement(table.name, columns: columns.map(\.name) + ["import_source", "external_id"])
    }

    /// Writes `row` as a new row; false when it must go the general way (nothing was written then). `bytes` and
    /// `bounds` are the chunk's fields (`CSVRows.withFields`).
    mutating func write(_ row: CSVRows.Row, bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeBufferPointer<Range<Int>>) throws -> Bool {
        guard let userID = user() else { return false }
        let first = row.fields.lowerBound
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[bounds[first + index]])
        }
        let currency = currency(currencyField.map(field))
        if currencyField != nil, currency == nil { return false }
        for (slot, source) in sources.enumerated() {
            switch source {
            case .text(let index):
                guard FieldBytes.isTrimmedValue(field(index)), FieldBytes.isText(field(index)) else { return false }
                values[slot] = .field(bounds[first + index])
            case .date(let index):
                guard FieldBytes.isISODay(field(index)) else { return false }
                values[slot] = .field(bounds[first + index])
            case .currency, .rowCurrency:
                guard let currency else { return false }
                values[slot] = .fixed(currency.code)
            case .organization(let index):
                guard let id = organization(field(index)) else { return false }
                values[slot] = .integer(id)
            case .amount(let index):
                guard let currency, let minorUnits = FieldBytes.plainAmount(field(index), minorUnits: currency.minorUnits),
                      minorUnits > 0 || !amountsArePositive else { return false }
                values[slot] = .integer(minorUnits)
            case .user:
                values[slot] = .integer(userID)
            case .fixed(let range):
                values[slot] = .fixed(range)
            }
        }
        return try insertNew(row: bytes, externalID: externalIDField.map { (field($0), bounds[first + $0]) })
    }

    /// Adds the rows written since the last call to the import's summary: once a chunk, not once a row.
    mutating func countWritten() {
        guard written > 0 else { return }
        writer.summary.tables[table, default: .init()].inserted += written
        writer.summary.plannedRows += written
        written = 0
    }

    /// Inserts the converted row, keyed by its external id or its fingerprint, when its table had no row from this
    /// source: then the general path would insert it without a look-up too (`ImportWriter.insertNew`).
    private mutating func insertNew(row: UnsafeBufferPointer<UInt8>, externalID: (bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>)?) throws -> Bool {
        let keyed = sources.count
        values[keyed] = .fixed(sourceBytes)
        let isDeferred: Bool
        if let externalID {
            guard FieldBytes.isTrimmedValue(externalID.bytes) else { return false }
            try writer.restoreKeyIndex(on: table)
            guard try tableIsFresh() else { return false }
            values[keyed + 1] = .field(externalID.range)
            isDeferred = false
        } else {
            guard try tableIsFresh() else { return false }
            // With the index in place a repeated fingerprint needs numbering: the general path's, after a refusal.
            isDeferred = try writer.deferKeyIndex(of: table)
            let fingerprint = fingerprint(row: row)
            fixed.withUnsafeMutableBufferPointer { RecordKey.writeFingerprintID(fingerprint, into: UnsafeMutableBufferPointer(rebasing: $0[keyBytes])) }
            values[keyed + 1] = .fixed(keyBytes)
        }
        let code = fixed.withUnsafeBufferPointer { StatementBinding.step(insert, values, row: row, fixed: $0) }
        guard code == SQLITE_DONE else { return false }
        written += 1
        if isDeferred { writer.wroteDeferred(sqlite3_last_insert_rowid(connection)) }
        return true
    }

    /// Whether the table had no row from this source when the import began: the writer finds it once a file.
    private mutating func tableIsFresh() throws -> Bool {
        if let isFresh { return isFresh }
        let found = try writer.isFresh(table)
        isFresh = found
        return found
    }

    /// `RecordKey.fingerprint` of the row's values, hashed from their bytes.
    private func fingerprint(row: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = fingerprintStart
        fixed.withUnsafeBufferPointer { fixed in names.withUnsafeBufferPointer { names in
            for (slot, name) in identifying {
                hash.add(tag: nil, bytes: UnsafeBufferPointer(rebasing: names[name]))
                switch values[slot] {
                case .integer(let number): hash.add(tag: UInt8(ascii: "i"), number)
                case .field(let range): hash.add(tag: UInt8(ascii: "t"), bytes: UnsafeBufferPointer(rebasing: row[range]))
                case .fixed(let range): hash.add(tag: UInt8(ascii: "t"), bytes: UnsafeBufferPointer(rebasing: fixed[range]))
                }
            }
        } }
        return hash.value
    }

    /// `--user`'s id, once the general path has found it (the first row goes that way); 0 when no column takes it.
    private mutating func user() -> Int64? {
        guard let username else { return 0 }
        if userID == nil { userID = writer.users[username] }
        return userID
    }

    /// The row's currency: its field's, or `--currency`. A code not seen before is looked up once.
    private mutating func currency(_ field: UnsafeBufferPointer<UInt8>?) -> RowCurrency? {
        guard let field else { return defaultCurrency }
        guard FieldBytes.isTrimmedValue(field) else { return nil }
        if let known = currencies.value(for: field) { return known }
        guard let currency = Currency.lookup(String(decoding: field, as: UTF8.self)) else { return nil }
        let entry = RowCurrency(minorUnits: currency.minorUnits, code: fixed.count..<fixed.count + currency.code.utf8.count)
        fixed += currency.code.utf8
        currencies.remember(entry, for: field)
        return entry
    }

    /// The organization's id, once the general path has found it by this name (`ImportWriter.organizations`).
    private mutating func organization(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard FieldBytes.isTrimmedValue(field) else { return nil }
        if let known = organizations.value(for: field) { return known }
        guard let id = writer.organizations[String(decoding: field, as: UTF8.self)] else { return nil }
        organizations.remember(id, for: field)
        return id
    }
}
