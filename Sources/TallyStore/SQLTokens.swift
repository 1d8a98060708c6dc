/// A query's text as SQLite's tokenizer would split it, comments dropped: enough for `KeyedReads` (in `TallySite`) to
/// find a query's FROM items and the equalities of its WHERE clause, and for `GroupedView` to read the view it groups.
/// Not a parser: anything they do not recognize in these tokens makes them prove nothing, and the page renders or the
/// view is computed whole.
package struct SQLTokens {
    package enum Token: Equatable, Sendable {
        /// A keyword or bare name, lowercased: `select`, `donations`.
        case word(String)
        /// A quoted name (`"name"`, `` `name` ``, `[name]`), lowercased as SQLite matches names.
        case quoted(String)
        /// `:name`, `@name` or `$name`, as written (SQLite matches parameter names exactly); `?` as `?`.
        case parameter(String)
        case string
        case number
        /// Punctuation and operators: `(`, `,`, `.`, `=`, `==`, `<>`, `||`.
        case symbol(String)
    }

    package let tokens: [Token]
    /// Where each token starts in the query's UTF-8.
    package let starts: [Int]

    package init(_ sql: String) {
        let text = Array(sql.utf8)
        var tokens: [Token] = []
        var starts: [Int] = []
        var index = 0
        func scan(while condition: (UInt8) -> Bool) -> String {
            let start = index
            while index < text.count && condition(text[index]) { index += 1 }
            return String(decoding: text[start..<index], as: UTF8.self)
        }
        func quoted(until close: UInt8) -> String {
            index += 1
            var value: [UInt8] = []
            while index < text.count {
                if text[index] == close {
                    if close != UInt8(ascii: "]") && index + 1 < text.count && text[index + 1] == close {
                        value.append(close)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                value.append(text[index])
                index += 1
            }
            return String(decoding: value, as: UTF8.self)
        }
        while index < text.count {
            let byte = text[index]
            let next = index + 1 < text.count ? text[index + 1] : 0
            let (start, before) = (index, tokens.count)
            defer { if tokens.count > before { starts.append(start) } }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0c:
                index += 1
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                _ = scan { $0 != UInt8(ascii: "\n") }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                index += 2
                while index < text.count && !(text[index] == UInt8(ascii: "*") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
            case UInt8(ascii: "'"):
                _ = quoted(until: UInt8(ascii: "'"))
                tokens.append(.string)
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                tokens.append(.quoted(quoted(until: byte).lowercased()))
            case UInt8(ascii: "["):
                tokens.append(.quoted(quoted(until: UInt8(ascii: "]")).lowercased()))
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                index += 1
                tokens.append(.parameter(String(UnicodeScalar(byte)) + scan(while: Self.isNamePart)))
            case UInt8(ascii: "?"):
                index += 1
                _ = scan { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                tokens.append(.parameter("?"))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = scan { Self.isNamePart($0) || $0 == UInt8(ascii: ".") }
                tokens.append(.number)
            case UInt8(ascii: ".") where next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"):
                _ = scan { Self.isNamePart($0) || $0 == UInt8(ascii: ".") }
                tokens.append(.number)
            case _ where Self.isNameStart(byte):
                tokens.append(.word(scan(while: Self.isNamePart).lowercased()))
            default:
                let pair = String(decoding: [byte, next], as: UTF8.self)
                if ["==", "!=", "<>", "<=", ">=", "||", "<<", ">>", "->"].contains(pair) {
                    index += 2
                    tokens.append(.symbol(pair))
                } else {
                    index += 1
                    tokens.append(.symbol(String(decoding: [byte], as: UTF8.self)))
                }
            }
        }
        self.tokens = tokens
        self.starts = starts
    }

    /// The query without its final top-level `ORDER BY`, which does not change how many rows it gives, so that
    /// `count(*)` over it need not sort them; nil when it has none, or a `LIMIT` follows it.
    package static func withoutFinalOrderBy(_ sql: String) -> String? {
        let query = SQLTokens(sql)
        var depth = 0
        var orderBy: Int?
        for (index, token) in query.tokens.enumerated() {
            switch token {
            case .symbol("("): depth += 1
            case .symbol(")"): depth -= 1
            case .word("order") where depth == 0 && index + 1 < query.tokens.count && query.tokens[index + 1].isKeyword("by"):
                orderBy = index
            case .word("limit") where depth == 0: orderBy = nil
            default: break
            }
        }
        guard let orderBy else { return nil }
        return String(decoding: Array(sql.utf8)[..<query.starts[orderBy]], as: UTF8.self)
    }

    /// The names this statement declares as common table expressions (`WITH gaps AS (…)`, `, days (d) AS
    /// MATERIALIZED (…)`), lowercased: SQLite's authorizer reports `count(*)` over one as a read of a table.
    package var commonTableNames: Set<String> {
        var names: Set<String> = []
        for (index, token) in tokens.enumerated() where token.isKeyword("as") && index > 0 {
            var body = index + 1
            if body < tokens.count, tokens[body].isKeyword("not") { body += 1 }
            if body < tokens.count, tokens[body].isKeyword("materialized") { body += 1 }
            guard body < tokens.count, tokens[body] == .symbol("(") else { continue }
            var name = index - 1
            if tokens[name] == .symbol(")") {
                // `name (a, b) AS (…)`: back over the column list.
                while name > 0 && tokens[name] != .symbol("(") { name -= 1 }
                name -= 1
            }
            if name >= 0, let declared = tokens[name].name { names.insert(declared) }
        }
        return names
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isNamePart(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "$")
    }
}

extension SQLTokens.Token {
    /// The name a word or quoted name gives; nil for anything else.
    package var name: String? {
        switch self {
        case .word(let name), .quoted(let name): return name
        default: return nil
        }
    }

    /// The bare word, which may be a keyword (a quoted name never is one); nil for anything else.
    package var keyword: String? {
        if case .word(let word) = self { return word }
        return nil
    }

    /// Whether this is the bare keyword `keyword`.
    package func isKeyword(_ keyword: String) -> Bool { self == .word(keyword) }
}
