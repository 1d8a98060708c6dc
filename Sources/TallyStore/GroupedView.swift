/// A materialized view that adds up the rows of one table, or of a view made row by row from one table, by columns
/// passed through unchanged, and nothing else:
/// `SELECT k1, k2, x IS NULL AS n, count(*) AS c, sum(a) AS s, min(b), max(b), 'USD' AS u FROM t GROUP BY k1, k2, x IS NULL`.
/// When an update changed a few of the table's rows, only the groups whose keys `k…` are those of a changed row, old
/// or new, can differ from the kept rows; when those groups are the ones the view holds for those keys (none appeared
/// or went), each is computed again alone and written over its row (`update`): the table is then the one its query
/// would make, row for row and rowid for rowid, since SQLite gives a GROUP BY's rows in the order of their keys and
/// every other group adds up the same rows. A group that appears or goes, a real number (whose sum depends on the
/// order it adds the rows in) or anything `init` and `base` do not read this way leaves the view to be computed again
/// whole.
///
/// Every value stays in SQLite: the groups are found, compared and written in SQL, never as Swift values, since a
/// `String` is not SQLite's BINARY identity (a text is cut at a NUL, invalid UTF-8 repaired, and two normalizations
/// of the same letters are equal).
struct GroupedView: Sendable {
    /// The table or view it reads, as written.
    let source: String
    /// The columns it groups by as they are, as written: each is also a column of the view, under its own name.
    let keys: [String]
    /// The aliases of the terms `column IS NULL` or `column IS NOT NULL` it also groups by, each a column of the view:
    /// their values are 0 and 1 alone, so a group's is the same whichever of its rows it comes from.
    let nullTests: [String]
    /// The columns of `source` whose equality decides what it gives: its keys and what `min` and `max` read. `count`
    /// and `sum` give the same whatever order the rows come in, unless the sum is a real number, which `update` refuses.
    let comparedColumns: Set<String>

    private static let aggregates: Set<String> = ["count", "sum", "min", "max"]

    /// A term `column IS [NOT] NULL`.
    private struct NullTest: Hashable {
        let column: String
        let negated: Bool
    }

    /// Reads `select`; nil unless it is exactly of that shape, with names written plainly (no quotes, no `rowid`).
    init?(select: String) {
        guard var tokens = Self.tokens(select), tokens.first == "select" else { return nil }
        tokens.removeFirst()
        var bare: [String] = []
        var aliases: [String] = []
        var tested: [NullTest: String] = [:]
        var compared: Set<String> = []
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
        func nullTest(of column: String) -> NullTest? {
            guard take("is") else { return nil }
            let negated = take("not")
            return take("null") ? NullTest(column: column, negated: negated) : nil
        }
        func alias() -> String? {
            guard take("as"), let alias = name() else { return nil }
            aliases.append(alias)
            return alias
        }
        repeat {
            if take("'") {
                guard alias() != nil else { return nil }
                continue
            }
            guard let word = name() else { return nil }
            if take("(") {
                guard Self.aggregates.contains(word) else { return nil }
                if word == "count", take("*") {} else if let column = name() {
                    if word == "min" || word == "max" { compared.insert(column) }
                } else { return nil }
                guard take(")"), alias() != nil else { return nil }
            } else if tokens.first == "is" {
                // The same test twice would be two columns of one value; a test not grouped by, a value of any row.
                guard let test = nullTest(of: word), tested[test] == nil, let alias = alias() else { return nil }
                tested[test] = alias
            } else {
                bare.append(word)
            }
        } while take(",")
        guard take("from"), let source = name(), take("group"), take("by") else { return nil }
        var keys: [String] = []
        var grouped: [NullTest] = []
        repeat {
            guard let key = name() else { return nil }
            if tokens.first == "is" {
                guard let test = nullTest(of: key) else { return nil }
                grouped.append(test)
            } else {
                keys.append(key)
            }
        } while take(",")
        // A column given bare but not grouped by would be taken from whichever row SQLite read last; an alias named
        // like a key, or two alike, would give one of them another name in the view (`a:1`).
        guard tokens.isEmpty, !keys.isEmpty, Set(keys).count == keys.count, Set(bare) == Set(keys), bare.count == keys.count,
              Set(grouped) == Set(tested.keys), grouped.count == tested.count,
              Set(aliases).count == aliases.count, aliases.allSatisfy({ !keys.contains($0) }) else { return nil }
        self.source = source
        self.keys = keys
        nullTests = grouped.compactMap { tested[$0] }
        comparedColumns = compared.union(keys)
    }

    private static func isName(_ token: String) -> Bool {
        guard let first = token.utf8.first, first == UInt8(ascii: "_") || (0x61...0x7A).contains(first) else { return false }
        return !["rowid", "oid", "_rowid_", "select", "from", "group", "by", "as", "distinct", "all", "is", "not", "null"].contains(token)
    }

    /// The words (lowercased), the marks `(`, `)`, `,`, `*`, and `'` for a string, of `sql`, without white space and
    /// comments; nil at anything else (a quoted name, a number, an operator), which this shape never needs.
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
            } else if byte == UInt8(ascii: "'") {
                // A string ends at a quote not doubled; one left open is not SQL.
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") || (index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'")) {
                    index += bytes[index] == UInt8(ascii: "'") ? 2 : 1
                }
                guard index < bytes.count else { return nil }
                tokens.append("'")
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
