@testable import TallySite
import TallyStore
import Testing

/// A listing's rows are counted with `count(*)` over its query without its final `ORDER BY`, which SQLite would
/// otherwise sort for nothing: only a top-level one that no `LIMIT` follows is dropped.
@Suite struct CountWithoutSortTests {
    @Test(arguments: [
        ("SELECT * FROM org_cards\nORDER BY verified DESC, name COLLATE NOCASE", "SELECT * FROM org_cards\n"),
        ("SELECT a FROM x UNION SELECT b FROM y order by 1", "SELECT a FROM x UNION SELECT b FROM y "),
        ("SELECT (SELECT b FROM y ORDER BY b LIMIT 1) AS b, a FROM x ORDER BY a -- last", "SELECT (SELECT b FROM y ORDER BY b LIMIT 1) AS b, a FROM x "),
        ("SELECT 'ORDER BY' AS \"order\", row_number() OVER (ORDER BY a) FROM x ORDER BY a", "SELECT 'ORDER BY' AS \"order\", row_number() OVER (ORDER BY a) FROM x "),
    ])
    func theFinalTopLevelOrderByIsDropped(_ sql: String, _ expected: String) {
        #expect(SQLTokens.withoutFinalOrderBy(sql) == expected)
    }

    @Test(arguments: [
        "SELECT * FROM x ORDER BY a LIMIT 10",
        "SELECT * FROM x ORDER BY a LIMIT 10 OFFSET 5",
        "SELECT * FROM x",
        "SELECT * FROM (SELECT a FROM x ORDER BY a)",
        "SELECT row_number() OVER (ORDER BY a) FROM x",
    ])
    func anythingElseIsLeftAsItIs(_ sql: String) {
        #expect(SQLTokens.withoutFinalOrderBy(sql) == nil)
    }
}
