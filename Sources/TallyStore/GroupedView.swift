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
///
/// Every value stays in SQLite: the groups are found, compared and written in SQL, never as Swift values, since a
/// `String` is not SQLite's BINARY identity (a text is cut at a NUL, invalid UTF-8 repaired, and two normalizations
/// of the same letters are equal).
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
        var aliases: [String] = []
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
                guard take(")"), take("as"), let alias = name() else { return nil }
                aliases.append(alias)
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
        // A column given bare but not grouped by would be taken from whichever row SQLite read last; an aggregate named
        // like a key would take the key's name in the view, and the key another (`a:1`).
        guard tokens.isEmpty, !keys.isEmpty, Set(keys).count == keys.count, Set(bare) == Set(keys), bare.count == keys.count,
              aliases.allSatisfy({ !keys.contains($0) }) else { return nil }
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

    /// Computes again, in the materialized table `view`, the groups of the rows in the temporary table `changedRows`
    /// (every version of the changed rows of `table`) from `select`, and writes each over the one row that holds it.
    /// False, perhaps having written some of them, when a group has no row in the view, no longer any rows in the
    /// table (a group appeared or went), a real number, or an error stops it: the caller then computes the view again
    /// whole, which writes over every row.
    ///
    /// Each group's keys are bound from the temporary table's row and each value from the group's row computed again
    /// (`sqlite3_bind_value`, a copy of SQLite's own value), and its query runs with the keys as parameters, so that
    /// SQLite takes them into the query and reads the group's rows alone (through an index when there is one).
    func update(_ view: String, select: String, changedRows: String, in db: Database) -> Bool {
        guard let columns = try? db.columns(in: view, in: "main").map(\.name.quotedDatabaseIdentifier), !columns.isEmpty
        else { return false }
        let target = "main." + view.quotedDatabaseIdentifier
        let matching = keys.enumerated().map { "\($1.quotedDatabaseIdentifier) IS ?\($0 + 1)" }.joined(separator: " AND ")
        let assignments = columns.enumerated().map { "\($1) = ?\($0 + 1)" }.joined(separator: ", ")
        let statements = RawStatements(db.sqliteConnection, [
            "SELECT DISTINCT \(keys.map(\.quotedDatabaseIdentifier).joined(separator: ", ")) FROM temp.\(changedRows.quotedDatabaseIdentifier)",
            "SELECT rowid FROM \(target) WHERE \(matching)",
            // The query on lines of its own: it may end in a comment.
            "SELECT * FROM (\n\(select)\n) WHERE \(matching)",
            "UPDATE \(target) SET \(assignments) WHERE rowid = ?\(columns.count + 1)",
        ])
        guard let statements, case let (groups, kept, computed, write) = (statements[0], statements[1], statements[2], statements[3]),
              sqlite3_column_count(computed) == Int32(columns.count) else { return false }
        var step = sqlite3_step(groups)
        while step == SQLITE_ROW {
            for statement in [kept, computed] {
                sqlite3_reset(statement)
                for index in keys.indices { sqlite3_bind_value(statement, Int32(index + 1), sqlite3_column_value(groups, Int32(index))) }
            }
            // One row of the view holds the group,
            guard sqlite3_step(kept) == SQLITE_ROW else { return false }
            let rowid = sqlite3_column_int64(kept, 0)
            guard sqlite3_step(kept) == SQLITE_DONE else { return false }
            // and the table still has rows in it, which add up to no real number.
            guard sqlite3_step(computed) == SQLITE_ROW,
                  (0..<Int32(columns.count)).allSatisfy({ sqlite3_column_type(computed, $0) != SQLITE_FLOAT }) else { return false }
            sqlite3_reset(write)
            for index in columns.indices { sqlite3_bind_value(write, Int32(index + 1), sqlite3_column_value(computed, Int32(index))) }
            sqlite3_bind_int64(write, Int32(columns.count + 1), rowid)
            guard sqlite3_step(computed) == SQLITE_DONE, sqlite3_step(write) == SQLITE_DONE else { return false }
            step = sqlite3_step(groups)
        }
        return step == SQLITE_DONE
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
            // SQLite takes a query that ends in an open `/*`, but not once it is wrapped in another (`update`).
            guard let next = SQLText.skippingSpaceAndComments(bytes, from: index) else { return nil }
            index = next
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

/// Statements prepared on a connection with SQLite's C API, finalized together when released.
private final class RawStatements {
    private let statements: [OpaquePointer]

    /// Nil when one of `sql` does not compile.
    init?(_ connection: OpaquePointer?, _ sql: [String]) {
        var prepared: [OpaquePointer] = []
        for text in sql {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(connection, text, -1, &statement, nil) == SQLITE_OK, let statement else {
                sqlite3_finalize(statement)
                prepared.forEach { sqlite3_finalize($0) }
                return nil
            }
            prepared.append(statement)
        }
        statements = prepared
    }

    subscript(index: Int) -> OpaquePointer { statements[index] }

    deinit { statements.forEach { sqlite3_finalize($0) } }
}
