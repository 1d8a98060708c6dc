import GRDB
import GRDBSQLite

/// A materialized view that adds up one table's rows by plain columns, and nothing else:
/// `SELECT k1, k2, count(*) AS n, sum(c) AS s, min(c), max(c), count(c) FROM t GROUP BY k1, k2`. When an update
/// changed a few of the table's rows and no group appeared or went, only the groups those rows are in can differ
/// from the kept rows, and each is computed again alone and written over its row (`update`): the table is then the
/// one its query would make, row for row and rowid for rowid, since SQLite gives a GROUP BY's rows in the order of
/// their keys and every other group adds up the same rows. A group that appears or goes, a real number (whose sum
/// depends on the order it adds the rows in) or anything `init` does not read this way leaves the view to be
/// computed again whole.
struct GroupedView: Sendable {
    /// The table it reads, as written.
    let table: String
    /// The columns it groups by, as written: each is also a column of the view, under its own name.
    let keys: [String]
    /// Every column of `table` it reads.
    let columns: Set<String>

    private static let aggregates: Set<String> = ["count", "sum", "min", "max"]

    /// Reads `select`; nil unless it is exactly of that shape, with names written plainly (no quotes, no `rowid`).
    init?(select: String) {
        guard var tokens = Self.tokens(select), tokens.first == "select" else { return nil }
        tokens.removeFirst()
        var bare: [String] = []
        var read: Set<String> = []
        func take(_ token: String) -> Bool {
            guard tokens.first == token else { return false }
            tokens.removeFirst()
            return true
        }
        func name() -> String? {
            guard let token = tokens.first, Self.isName(token) else { return nil }
            tokens.removeFirst()
            return token
        }
        repeat {
            guard let word = name() else { return nil }
            if take("(") {
                guard Self.aggregates.contains(word) else { return nil }
                if word == "count", take("*") {} else if let column = name() { read.insert(column) } else { return nil }
                guard take(")"), take("as"), name() != nil else { return nil }
            } else {
                bare.append(word)
            }
        } while take(",")
        guard take("from"), let table = name(), take("group"), take("by") else { return nil }
        var keys: [String] = []
        repeat {
            guard let key = name() else { return nil }
            keys.append(key)
        } while take(",")
        // A column given bare but not grouped by would be taken from whichever row SQLite read last.
        guard tokens.isEmpty, !keys.isEmpty, Set(keys).count == keys.count, Set(bare) == Set(keys), bare.count == keys.count
        else { return nil }
        self.table = table
        self.keys = keys
        self.columns = read.union(keys)
    }

    /// Whether every column it reads holds values that are equal only when they are the same value: compared with
    /// BINARY, and with an affinity that turns a number into one kind (a column without one keeps 1 and 1.0 apart
    /// while grouping them together).
    func readsExactColumns(in db: Database) -> Bool {
        columns.allSatisfy { column in
            var type: UnsafePointer<CChar>?
            var collation: UnsafePointer<CChar>?
            var notNull: Int32 = 0, primaryKey: Int32 = 0, autoIncrement: Int32 = 0
            guard sqlite3_table_column_metadata(db.sqliteConnection, "main", table, column, &type, &collation,
                                                &notNull, &primaryKey, &autoIncrement) == SQLITE_OK else { return false }
            let declared = type.map { String(cString: $0).uppercased() } ?? ""
            let binary = collation.map { String(cString: $0).uppercased() == "BINARY" } ?? true
            return binary && !declared.isEmpty && (declared.contains("INT") || !declared.contains("BLOB"))
        }
    }

    /// Computes again, in the materialized table `view`, the groups of `changed` (each a row's values by lowercased
    /// column name) from `select`, and writes each over the one row that holds it. False, having perhaps written some
    /// of them, when a group has no row or no longer any rows, or gives a real number: the caller computes the view
    /// again whole, which writes over every row.
    func update(_ view: String, select: String, changed: [[String: DatabaseValue]], in db: Database) throws -> Bool {
        var groups: Set<[DatabaseValue]> = []
        for row in changed {
            let key = keys.compactMap { row[$0.lowercased()] }
            guard key.count == keys.count else { return false }
            groups.insert(key)
        }
        let matching = keys.map { "\($0.quotedDatabaseIdentifier) IS ?" }.joined(separator: " AND ")
        let quoted = "main." + view.quotedDatabaseIdentifier
        let kept = try db.makeStatement(sql: "SELECT rowid FROM \(quoted) WHERE \(matching)")
        // On a line of its own: the query may end in a comment.
        let fresh = try db.makeStatement(sql: "SELECT * FROM (\n\(select)\n) WHERE \(matching)")
        for group in groups {
            let arguments = StatementArguments(group)
            let rowids = try Int64.fetchAll(kept, arguments: arguments)
            let rows = try Row.fetchAll(fresh, arguments: arguments)
            guard rowids.count == 1, let row = rows.first, rows.count == 1 else { return false }
            let values = Array(row.databaseValues)
            guard !values.contains(where: { if case .double = $0.storage { true } else { false } }) else { return false }
            let assignments = row.columnNames.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
            try db.execute(sql: "UPDATE \(quoted) SET \(assignments) WHERE rowid = ?", arguments: StatementArguments(values + [rowids[0].databaseValue]))
        }
        return true
    }

    private static func isName(_ token: String) -> Bool {
        guard let first = token.utf8.first, first == UInt8(ascii: "_") || (0x61...0x7A).contains(first) else { return false }
        return !["rowid", "oid", "_rowid_", "select", "from", "group", "by", "as", "distinct", "all"].contains(token)
    }

    /// The words (lowercased) and the marks `(`, `)`, `,`, `*` of `sql`, without white space and comments; nil at
    /// anything else (a quoted name, a string, a number, an operator), which this shape never needs.
    private static func tokens(_ sql: String) -> [String]? {
        let bytes = Array(sql.utf8)
        var tokens: [String] = []
        var index = 0
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte)
        }
        while true {
            index = SQLText.skippingSpaceAndComments(bytes, from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if "(),*".utf8.contains(byte) {
                tokens.append(String(UnicodeScalar(byte)))
                index += 1
            } else if isWordByte(byte), !(0x30...0x39).contains(byte) {
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                tokens.append(String(decoding: bytes[start..<index], as: UTF8.self).lowercased())
            } else {
                return nil
            }
        }
        return tokens
    }
}
