/// The parts of a single SELECT that `KeyedReads` (and `GroupedView`, for the view it groups) needs: its FROM items,
/// the equalities among its top-level WHERE conjuncts (and ON clauses, when every join is inner) and the columns its
/// result passes through. Nil for anything but one SELECT without subqueries, common table expressions or compounds:
/// those prove nothing. With `keyedSubqueries`, a top-level WHERE conjunct `alias.column IN (SELECT …)` may hold a
/// subquery (the only place one may be), kept apart as an `InSubquery`.
package struct SelectShape {
    package typealias Token = SQLTokens.Token

    /// A table, view or table-valued function in FROM, with the name its columns are qualified by.
    package struct Item {
        package let name: String
        package let alias: String
    }

    /// A top-level WHERE conjunct `reference IN (SELECT …)`: the rows read are those whose `reference` is one of
    /// the subquery's values.
    package struct InSubquery {
        /// `alias.column`, as `parametersEqual` names members.
        package let reference: String
        /// The subquery's text, made again from its tokens; nil when a token's text is not kept (a string,
        /// number or quoted name), so it cannot run apart.
        package let sql: String?
        /// Every name the subquery's tokens hold: what it may read.
        package let names: Set<String>
    }

    package let from: [Item]
    /// Whether each result row holds a row of the first FROM item, as it is: no RIGHT or FULL join, which makes rows
    /// whose first item's columns are NULL.
    package let keepsFirstItem: Bool
    package private(set) var inSubqueries: [InSubquery] = []
    private let tokens: [Token]
    private let outputs: [[Token]]
    private let conjuncts: [[Token]]

    private static let clauseEnds: Set<String> = ["where", "group", "having", "order", "limit", "window"]
    private static let joinWords: Set<String> = ["join", "inner", "cross", "left", "right", "full", "outer", "natural"]

    package init?(_ tokens: [Token], keyedSubqueries: Bool = false) {
        let selects = tokens.filter { $0.isKeyword("select") }.count
        let compound: Set<String> = ["with", "union", "intersect", "except", "values"]
        guard selects == 1 || keyedSubqueries, tokens.first?.isKeyword("select") == true,
              !tokens.contains(where: { $0.keyword.map(compound.contains) == true }) else { return nil }
        let depths = Self.depths(tokens)
        func next(after start: Int, in words: Set<String>) -> Int {
            (start..<tokens.count).first { depths[$0] == 0 && tokens[$0].keyword.map(words.contains) == true } ?? tokens.count
        }
        let fromIndex = next(after: 1, in: ["from"])
        guard fromIndex < tokens.count else { return nil }
        let fromEnd = next(after: fromIndex + 1, in: Self.clauseEnds)
        var conjuncts: [[Token]] = []
        if fromEnd < tokens.count, tokens[fromEnd].isKeyword("where") {
            let whereEnd = next(after: fromEnd + 1, in: Self.clauseEnds.subtracting(["where"]))
            conjuncts += Self.conjuncts(Array(tokens[(fromEnd + 1)..<whereEnd]))
        }
        guard let from = Self.items(Array(tokens[(fromIndex + 1)..<fromEnd]), conjuncts: &conjuncts) else { return nil }
        self.from = from
        keepsFirstItem = !tokens[(fromIndex + 1)..<fromEnd].contains { $0.isKeyword("right") || $0.isKeyword("full") }
        self.tokens = tokens
        outputs = Self.split(Array(tokens[1..<fromIndex]), at: { $0 == .symbol(",") })
        self.conjuncts = conjuncts.filter { Self.inSubquery($0) == nil }
        guard selects > 1 else { return }
        // Every other SELECT must be the subquery of an `IN` conjunct: one anywhere else could read any row.
        let subqueries = conjuncts.compactMap(Self.inSubquery)
        guard subqueries.reduce(1, { $0 + $1.body.filter { $0.isKeyword("select") }.count }) == selects else { return nil }
        for subquery in subqueries {
            guard let reference = reference(subquery.reference) else { return nil }
            inSubqueries.append(InSubquery(reference: reference, sql: Self.text(of: subquery.body),
                                           names: Set(subquery.body.compactMap(\.name))))
        }
    }

    /// The SELECT of a view's statement, `CREATE VIEW name AS SELECT …` as `sqlite_master` keeps it; nil when the
    /// statement names the view's columns (`CREATE VIEW v (a, b) AS …`), which is not followed here.
    package static func viewSelect(_ statement: String) -> [Token]? {
        let tokens = SQLTokens(statement).tokens
        guard let body = tokens.firstIndex(where: { $0.isKeyword("as") }), !tokens[..<body].contains(.symbol("(")) else { return nil }
        return Array(tokens[(body + 1)...])
    }

    /// `reference IN ( SELECT … )`, the parenthesis closing at the conjunct's end: its reference and subquery.
    private static func inSubquery(_ conjunct: [Token]) -> (reference: [Token], body: [Token])? {
        guard let word = conjunct.firstIndex(where: { $0.isKeyword("in") }), word + 3 < conjunct.count,
              conjunct[word + 1] == .symbol("("), conjunct[word + 2].isKeyword("select"), conjunct.last == .symbol(")"),
              Self.depths(Array(conjunct[(word + 1)...])).dropFirst().dropLast().allSatisfy({ $0 > 0 }) else { return nil }
        return (Array(conjunct[..<word]), Array(conjunct[(word + 2)..<(conjunct.count - 1)]))
    }

    /// SQL that SQLite reads as it read `tokens`, when each token keeps its text: words (names and keywords
    /// match without case), parameters and symbols.
    private static func text(of tokens: [Token]) -> String? {
        var parts: [String] = []
        for token in tokens {
            switch token {
            case .word(let word): parts.append(word)
            case .parameter(let name) where name != "?": parts.append(name)
            case .symbol(let symbol): parts.append(symbol)
            default: return nil
            }
        }
        return parts.joined(separator: " ")
    }

    /// Whether each result row is made from one row of each FROM item: no grouping, aggregate, window, DISTINCT
    /// or LIMIT (the one SELECT has no subquery to hide them in).
    package var isRowByRow: Bool {
        let banned: Set<String> = ["group", "having", "distinct", "limit", "over", "window"]
        let aggregates: Set<String> = ["count", "sum", "total", "avg", "min", "max", "group_concat", "string_agg",
                                       "json_group_array", "json_group_object", "jsonb_group_array", "jsonb_group_object"]
        return !tokens.indices.contains { index in
            // A function's name may be quoted (`"count"(x)` is count): SQLite calls it all the same.
            let call = index + 1 < tokens.count && tokens[index + 1] == .symbol("(")
            if call, let name = tokens[index].name, aggregates.contains(name) { return true }
            guard let word = tokens[index].keyword else { return false }
            return banned.contains(word)
        }
    }

    /// Each (column, parameter) where `alias.column` equals `:parameter` through the conjuncts' equalities.
    package func parametersEqual(to alias: String) -> [(column: String, parameter: String)] {
        var classes = EqualityClasses()
        for conjunct in conjuncts {
            guard conjunct.count >= 3, let equals = conjunct.firstIndex(where: { $0 == .symbol("=") || $0 == .symbol("==") }),
                  let left = reference(Array(conjunct[..<equals])), let right = reference(Array(conjunct[(equals + 1)...]))
            else { continue }
            classes.join(left, right)
        }
        var found: [(String, String)] = []
        for members in classes.members {
            let parameters = members.compactMap { $0.hasPrefix(":") ? String($0.dropFirst()) : nil }
            for member in members where member.hasPrefix(alias + ".") {
                for parameter in parameters { found.append((String(member.dropFirst(alias.count + 1)), parameter)) }
            }
        }
        return found
    }

    /// Each (column, comparison, parameter) where a conjunct compares `alias.column` with `:parameter` by `<`, `<=`,
    /// `>`, `>=` or `=` (`==` is given as `=`), the column put on the left: `:starts <= d.donated_at` is (`donated_at`,
    /// `>=`, `starts`). An equality is found only here when both sides are these two, not through a chain of them.
    package func parametersCompared(to alias: String) -> [(column: String, comparison: String, parameter: String)] {
        let flipped = ["<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "==": "="]
        return conjuncts.compactMap { conjunct in
            guard let index = conjunct.firstIndex(where: { if case .symbol(let s) = $0 { flipped[s] != nil } else { false } }),
                  case .symbol(let comparison) = conjunct[index], let flip = flipped[comparison],
                  let left = reference(Array(conjunct[..<index])), let right = reference(Array(conjunct[(index + 1)...]))
            else { return nil }
            let prefix = alias + "."
            if left.hasPrefix(prefix), right.hasPrefix(":") {
                return (String(left.dropFirst(prefix.count)), comparison == "==" ? "=" : comparison, String(right.dropFirst()))
            }
            if right.hasPrefix(prefix), left.hasPrefix(":") {
                return (String(right.dropFirst(prefix.count)), flip, String(left.dropFirst()))
            }
            return nil
        }
    }

    /// Output name → column of `alias` for each result column that is just that column (`d.organization_id`, or
    /// `d.organization_id AS org`); a name two result columns share is left out.
    package func columnsPassed(from alias: String) -> [String: String] {
        var passed: [String: String] = [:]
        var seen: [String: Int] = [:]
        for output in outputs {
            guard !output.contains(.symbol("*")) else { return [:] }
            var column: String?
            var rest = output[...]
            if output.count >= 3, output[0].name == alias, output[1] == .symbol("."), let base = output[2].name {
                column = base
                rest = output[3...]
            } else if from.count == 1, from[0].alias == alias, let base = output.first?.name {
                column = base
                rest = output.dropFirst()
            }
            var name = column
            if rest.count == 2, rest.first?.isKeyword("as") == true, let renamed = rest.last?.name {
                name = renamed
            } else if rest.count == 1, let renamed = rest.first?.name {
                name = renamed
            } else if !rest.isEmpty {
                // An expression: not the column itself; its name is the AS name when it has one.
                column = nil
                name = rest.count >= 2 && rest[rest.endIndex - 2].isKeyword("as") ? rest.last?.name : nil
            }
            if let name { seen[name, default: 0] += 1 }
            if let column, let name { passed[name] = column }
        }
        return passed.filter { seen[$0.key] == 1 }
    }

    /// `alias.column`, a bare column when FROM has one item, or a named parameter, as a member of an equality.
    package func reference(_ tokens: [Token]) -> String? {
        if tokens.count == 3, let alias = tokens[0].name, tokens[1] == .symbol("."), let column = tokens[2].name {
            return alias + "." + column
        }
        guard tokens.count == 1 else { return nil }
        // `:x`, `@x` and `$x` all bind the pages row's `x` (`SiteDatabase.prepare`).
        if case .parameter(let name) = tokens[0], name != "?" { return ":" + name.dropFirst() }
        if from.count == 1, let column = tokens[0].name, tokens[0] != .word("null") { return from[0].alias + "." + column }
        return nil
    }

    /// The FROM items, and the ON conditions' conjuncts added to `conjuncts` when every join is inner; nil for a
    /// parenthesized join or subquery, or anything it does not recognize.
    private static func items(_ tokens: [Token], conjuncts: inout [[Token]]) -> [Item]? {
        var items: [Item] = []
        var onConjuncts: [[Token]] = []
        var innerOnly = true
        var index = 0
        let depths = depths(tokens)
        while index < tokens.count {
            while index < tokens.count, let word = tokens[index].keyword, joinWords.contains(word) {
                if !["join", "inner", "cross"].contains(word) { innerOnly = false }
                index += 1
            }
            if index < tokens.count, tokens[index] == .symbol(",") { index += 1; continue }
            guard index < tokens.count, var name = tokens[index].name else { return nil }
            index += 1
            if index + 1 < tokens.count, tokens[index] == .symbol("."), let table = tokens[index + 1].name {
                guard name == "main" else { return nil }
                name = table
                index += 2
            }
            if index < tokens.count, tokens[index] == .symbol("(") {
                // A table-valued function: its arguments read no table (the one SELECT has no subquery).
                let depth = depths[index]
                index += 1
                while index < tokens.count && !(tokens[index] == .symbol(")") && depths[index] == depth) { index += 1 }
                index += 1
            }
            var alias = name
            if index < tokens.count, tokens[index].isKeyword("as") { index += 1 }
            if index < tokens.count, let word = tokens[index].name, !isClauseWord(tokens[index]) {
                alias = word
                index += 1
            }
            if index < tokens.count, tokens[index].isKeyword("indexed") { index += 3 }
            if index + 1 < tokens.count, tokens[index].isKeyword("not"), tokens[index + 1].isKeyword("indexed") { index += 2 }
            items.append(Item(name: name, alias: alias))
            if index < tokens.count, tokens[index].isKeyword("on") {
                let start = index + 1
                index = start
                while index < tokens.count && !(depths[index] == 0 && (tokens[index] == .symbol(",") || isJoinWord(tokens[index]))) { index += 1 }
                onConjuncts += Self.conjuncts(Array(tokens[start..<index]))
            } else if index < tokens.count, tokens[index].isKeyword("using") {
                innerOnly = false
                index += 1
                guard index < tokens.count, tokens[index] == .symbol("(") else { return nil }
                let depth = depths[index]
                index += 1
                while index < tokens.count && !(tokens[index] == .symbol(")") && depths[index] == depth) { index += 1 }
                index += 1
            }
            guard index >= tokens.count || tokens[index] == .symbol(",") || isJoinWord(tokens[index]) else { return nil }
        }
        if innerOnly { conjuncts += onConjuncts }
        return items
    }

    private static func isJoinWord(_ token: Token) -> Bool {
        token.keyword.map(joinWords.contains) == true
    }

    /// A word that ends a FROM item where an alias could stand.
    private static func isClauseWord(_ token: Token) -> Bool {
        guard let word = token.keyword else { return false }
        return joinWords.contains(word) || ["on", "using", "indexed", "not"].contains(word)
    }

    /// The top-level conjuncts of a condition; none when it has a top-level OR, or a BETWEEN whose AND would be
    /// taken for a conjunction.
    private static func conjuncts(_ tokens: [Token]) -> [[Token]] {
        let depths = depths(tokens)
        guard !tokens.indices.contains(where: { depths[$0] == 0 && (tokens[$0].isKeyword("or") || tokens[$0].isKeyword("between")) })
        else { return [] }
        return split(tokens) { $0.isKeyword("and") }
    }

    /// Splits at the top-level tokens `isSeparator` accepts.
    private static func split(_ tokens: [Token], at isSeparator: (Token) -> Bool) -> [[Token]] {
        let depths = depths(tokens)
        var parts: [[Token]] = [[]]
        for (index, token) in tokens.enumerated() {
            if depths[index] == 0 && isSeparator(token) { parts.append([]) } else { parts[parts.count - 1].append(token) }
        }
        return parts
    }

    /// Each token's nesting depth in parentheses and CASE … END; a closing token has its opening's depth.
    package static func depths(_ tokens: [Token]) -> [Int] {
        var depth = 0
        return tokens.map { token in
            if token == .symbol(")") || token.isKeyword("end") { depth = max(0, depth - 1); return depth }
            defer { if token == .symbol("(") || token.isKeyword("case") { depth += 1 } }
            return depth
        }
    }
}

/// Names made equal by `a = b` conjuncts, joined into classes.
private struct EqualityClasses {
    private var parent: [String: String] = [:]

    private mutating func root(_ name: String) -> String {
        var name = name
        while let next = parent[name], next != name { name = next }
        return name
    }

    mutating func join(_ a: String, _ b: String) {
        if parent[a] == nil { parent[a] = a }
        if parent[b] == nil { parent[b] = b }
        parent[root(a)] = root(b)
    }

    var members: [[String]] {
        var copy = self
        var classes: [String: [String]] = [:]
        for name in parent.keys { classes[copy.root(name), default: []].append(name) }
        return Array(classes.values)
    }
}
