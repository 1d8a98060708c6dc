import Testing
@testable import TallySite
import TallyStore

/// Which queries `KeyedReads` proves keyed on a value of the pages row, and which it must not.
@Suite struct KeyedReadsTests {
    private let prover = KeyedReads(views: [
        "gifts": KeyedReads.View(statement: "CREATE VIEW \"gifts\" AS\nSELECT d.id, d.organization_id AS org, d.amount_cents, r.rate FROM donations d LEFT JOIN rates r ON r.currency = d.currency",
                                 reads: ["gifts", "donations", "rates"]),
        "totals": KeyedReads.View(statement: "CREATE VIEW totals AS SELECT organization_id, sum(amount_cents) AS cents FROM donations GROUP BY organization_id",
                                  reads: ["totals", "donations"]),
        "named": KeyedReads.View(statement: "CREATE VIEW named (org) AS SELECT organization_id FROM donations", reads: ["named", "donations"]),
    ])

    private func key(_ sql: String, _ table: String = "donations") -> KeyedReads.Key? {
        try? prover.key(of: sql, table: table).get()
    }

    private func why(_ sql: String, _ table: String = "donations") -> KeyedReads.Unproven? {
        if case .failure(let unproven) = prover.key(of: sql, table: table) { return unproven }
        return nil
    }

    @Test(arguments: [
        "SELECT amount_cents FROM donations d WHERE d.organization_id = :organization_id",
        "SELECT amount_cents FROM donations WHERE organization_id = :organization_id ORDER BY id LIMIT 3",
        "SELECT sum(d.amount_cents) FROM donations d JOIN organizations o ON o.id = d.organization_id WHERE o.id = :organization_id GROUP BY d.currency",
        "SELECT d.amount_cents FROM donations AS d, organizations o WHERE o.id = @organization_id AND d.organization_id = o.id",
        "SELECT \"d\".amount_cents FROM main.donations \"d\" WHERE d.currency = 'USD' AND (d.amount_cents > 0 OR d.recurring) AND d.organization_id == $organization_id",
        "-- a comment: FROM x WHERE y\nSELECT count(*) FROM donations d /* WHERE */ WHERE :organization_id = d.organization_id",
        "SELECT g.amount_cents FROM gifts g JOIN organizations o ON o.id = g.org WHERE o.id = :organization_id",
        "SELECT CASE WHEN d.recurring AND d.amount_cents > 0 THEN 1 END FROM donations d WHERE d.organization_id = :organization_id",
    ])
    func aQueryKeyedOnThePagesRowIsProven(sql: String) {
        #expect(key(sql) == KeyedReads.Key(column: "organization_id", parameter: "organization_id"))
    }

    @Test func eachUnprovenShapeSaysWhy() {
        #expect(why("SELECT d.amount_cents FROM donations d WHERE d.organization_id = :organization_id OR d.amount_cents > 0") == .noKey)
        #expect(why("SELECT d.amount_cents FROM donations d WHERE d.amount_cents BETWEEN 1 AND d.organization_id = :organization_id") == .noKey)
        #expect(why("SELECT d.amount_cents FROM organizations o LEFT JOIN donations d ON d.organization_id = o.id WHERE o.id = :organization_id") == .noKey)
        #expect(why("SELECT d.amount_cents FROM donations d WHERE d.organization_id + 0 = :organization_id") == .noKey)
        #expect(why("SELECT d.amount_cents FROM donations d WHERE d.organization_id = :organization_id COLLATE nocase") == .noKey)
        #expect(why("SELECT amount_cents FROM donations d JOIN users u ON u.id = d.user_id WHERE organization_id = :organization_id") == .noKey)
        #expect(why("SELECT d.amount_cents FROM donations d WHERE d.organization_id = (SELECT :organization_id)") == .shape)
        #expect(why("WITH mine AS (SELECT * FROM donations) SELECT * FROM mine m WHERE m.organization_id = :organization_id") == .shape)
        #expect(why("SELECT a.id FROM donations a JOIN donations b ON b.user_id = a.user_id WHERE a.organization_id = :organization_id") == .twice)
        #expect(why("SELECT t.cents FROM totals t WHERE t.organization_id = :organization_id") == .throughView("totals"))
        #expect(why("SELECT n.org FROM named n WHERE n.org = :organization_id") == .throughView("named"))
        #expect(why("SELECT g.rate FROM gifts g WHERE g.organization_id = :organization_id") == .noKey, "the view calls it `org`")
        #expect(why("SELECT 1 FROM organizations o WHERE o.id = :organization_id") == .notInFrom)
    }

    /// The tag pages' shape: the table's column among a subquery's values, the subquery reading other tables only.
    @Test func aColumnInASubqueryOfOtherTablesIsAKey() {
        let tagged = "SELECT d.currency, sum(d.amount_cents) FROM donations d\n"
            + "WHERE d.organization_id IN (SELECT organization_id FROM tagged WHERE tag_slug = :tag) GROUP BY d.currency"
        #expect(key(tagged) == KeyedReads.Key(column: "organization_id", parameter: "",
                                              subquery: "select organization_id from tagged where tag_slug = :tag"))
        #expect(key("SELECT g.amount_cents FROM gifts g WHERE g.currency = 'USD' AND g.org IN (SELECT id FROM organizations WHERE slug = :slug)")
            == KeyedReads.Key(column: "organization_id", parameter: "", subquery: "select id from organizations where slug = :slug"))
        #expect(key("SELECT d.amount_cents FROM donations d WHERE d.organization_id IN (SELECT id FROM organizations) AND d.user_id = :user_id")
            == KeyedReads.Key(column: "user_id", parameter: "user_id"), "an equality is the key when there is one")
    }

    @Test func aSubqueryElsewhereOrOverTheTableIsNoKey() {
        #expect(why("SELECT d.id FROM donations d WHERE d.organization_id IN (SELECT organization_id FROM donations WHERE user_id = :u)") == .inSubquery)
        #expect(why("SELECT d.id FROM donations d WHERE d.organization_id IN (SELECT organization_id FROM totals WHERE cents > :c)") == .inSubquery)
        #expect(why("SELECT d.id FROM donations d WHERE d.organization_id NOT IN (SELECT id FROM organizations WHERE slug = :slug)") == .shape)
        #expect(why("SELECT d.id, (SELECT count(*) FROM donations) FROM donations d WHERE d.organization_id IN (SELECT id FROM organizations WHERE slug = :slug)") == .shape)
        #expect(why("SELECT d.id FROM donations d WHERE d.organization_id IN (SELECT id FROM organizations WHERE slug = :slug) OR d.amount_cents > 0") == .shape)
        #expect(why("SELECT d.id FROM donations d WHERE d.organization_id IN (SELECT id FROM organizations WHERE slug = 'a')") == .noKey,
                "a string's text is not kept, so the subquery cannot run apart")
        #expect(why("SELECT d.id FROM donations d WHERE d.organization_id + 0 IN (SELECT id FROM organizations WHERE slug = :slug)") == .shape)
    }

    @Test func aKeyOnAnotherTablesColumnIsNoKeyOfThisOne() {
        #expect(key("SELECT d.amount_cents FROM donations d JOIN organizations o ON o.id = d.organization_id WHERE o.slug = :slug") == nil)
        #expect(key("SELECT d.amount_cents FROM donations d JOIN organizations o ON o.id = d.organization_id WHERE o.slug = :slug", "organizations")
            == KeyedReads.Key(column: "slug", parameter: "slug"))
    }

    /// Comparisons of the table's column with a parameter bound the rows read, beside an equality or alone; the
    /// column is put on the left, so `:starts <= d.donated_at` reads as `donated_at >= :starts`.
    @Test func comparisonsWithParametersBoundTheKey() {
        let bound = { (column: String, comparison: String, parameter: String) in
            RowChanges.Comparison(column: column, comparison: comparison, parameter: parameter)
        }
        #expect(key("SELECT d.amount_cents FROM donations d WHERE d.user_id = :user_id AND d.donated_at >= :starts AND d.donated_at < :ends")
            == KeyedReads.Key(column: "user_id", parameter: "user_id",
                              bounds: [bound("donated_at", ">=", "starts"), bound("donated_at", "<", "ends")]))
        #expect(key("SELECT amount_cents FROM donations WHERE :starts <= donated_at AND $ends > donated_at AND @low < amount_cents")
            == KeyedReads.Key(bounds: [bound("donated_at", ">=", "starts"), bound("donated_at", "<", "ends"), bound("amount_cents", ">", "low")]),
                "a range alone bounds the rows read too")
        #expect(key("SELECT g.amount_cents FROM gifts g JOIN organizations o ON o.id = g.org AND g.amount_cents <= :most WHERE o.id = :organization_id")
            == KeyedReads.Key(column: "organization_id", parameter: "organization_id", bounds: [bound("amount_cents", "<=", "most")]),
                "through a view that passes the column, in an inner join's ON")
        #expect(key("SELECT d.id FROM donations d WHERE d.organization_id IN (SELECT id FROM organizations WHERE slug = :slug) AND d.id > :after")
            == KeyedReads.Key(column: "organization_id", subquery: "select id from organizations where slug = :slug", bounds: [bound("id", ">", "after")]))
    }

    /// Of several equalities to the pages row, one is the key and each other that compares the column with the
    /// parameter directly bounds the rows read as a comparison does; one through a chain (`o.id = :organization_id`
    /// with `o.id = d.organization_id`) can be the key, never a bound.
    @Test func otherEqualitiesBoundTheKey() {
        let equal = { (column: String, parameter: String) in RowChanges.Comparison(column: column, comparison: "=", parameter: parameter) }
        #expect(key("SELECT d.id FROM donations d WHERE d.user_id = :user_id AND :organization_id == d.organization_id")
            == KeyedReads.Key(column: "organization_id", parameter: "organization_id", bounds: [equal("user_id", "user_id")]))
        #expect(key("SELECT d.id FROM donations d JOIN organizations o ON o.id = d.organization_id WHERE o.id = :organization_id AND d.user_id = :user_id")
            == KeyedReads.Key(column: "organization_id", parameter: "organization_id", bounds: [equal("user_id", "user_id")]))
        #expect(key("SELECT d.id FROM donations d JOIN organizations o ON o.id = d.organization_id WHERE o.id = :organization_id AND d.user_id = :user_id")?.words
            == "organization_id = :organization_id, user_id = :user_id")
        #expect(key("SELECT d.id FROM donations d JOIN users u ON u.id = d.user_id WHERE u.id = :user_id AND d.organization_id = :organization_id")
            == KeyedReads.Key(column: "organization_id", parameter: "organization_id"), "the chained equality is not a bound")
    }

    /// A comparison SQLite might not make as a plain comparison of the column does not bound the rows read.
    @Test func otherComparisonsBoundNothing() {
        for condition in ["d.donated_at + 0 >= :starts", "d.donated_at >= :starts COLLATE nocase", "d.donated_at >= :starts OR d.id = 1",
                          "d.donated_at BETWEEN :starts AND :ends", "d.donated_at <> :day", "d.donated_at != :day", "d.donated_at >= ?",
                          "(d.donated_at) >= :starts", "d.donated_at >= (:starts)", "d.donated_at >= :starts IS NULL", "NOT d.donated_at < :starts",
                          "d.donated_at >= 'x'", "d.donated_at >= d.id", "o.name >= :starts", "d.donated_at >= -:starts"] {
            #expect(why("SELECT d.id FROM donations d JOIN organizations o ON o.id = d.organization_id WHERE \(condition)") == .noKey, "\(condition)")
        }
        #expect(why("SELECT d.id FROM organizations o LEFT JOIN donations d ON d.organization_id = o.id AND d.donated_at >= :starts") == .noKey,
                "an outer join's ON keeps the outer row")
        #expect(key("SELECT g.amount_cents FROM gifts g WHERE g.rate >= :low AND g.org = :organization_id")
            == KeyedReads.Key(column: "organization_id", parameter: "organization_id"), "the view's `rate` is not a column of donations")
    }

    @Test func theCommonTableExpressionsAStatementDeclaresAreFound() {
        let sql = "WITH RECURSIVE posted AS (SELECT 1), gaps (hours) AS NOT MATERIALIZED (SELECT 2), w AS MATERIALIZED (SELECT 3)\n"
            + "SELECT CAST(x AS INTEGER), count(*) AS n FROM gaps"
        #expect(SQLTokens(sql).commonTableNames == ["posted", "gaps", "w"])
    }
}
