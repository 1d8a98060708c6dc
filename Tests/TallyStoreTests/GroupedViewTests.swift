import Testing
@testable import TallyStore

/// The views whose changed groups an update computes again alone (`GroupedView`): one table added up by plain
/// columns, and nothing else.
@Suite struct GroupedViewTests {
    @Test func aTableAddedUpByPlainColumnsIsRead() throws {
        let view = try #require(GroupedView(select: """
            -- Each person's gifts per day.
            SELECT user_id, donated_at, count(*) AS gifts, sum(amount_cents) AS total_cents, /* the largest */ max(amount_cents) AS largest,
                   min(donated_at) AS first, count(note) AS notes
            FROM donations
            GROUP BY user_id, donated_at
            """))
        #expect(view.source == "donations")
        #expect(view.keys == ["user_id", "donated_at"])
        #expect(view.nullTests == [])
        #expect(view.comparedColumns == ["user_id", "donated_at", "amount_cents"], "the keys and what min and max read")
    }

    @Test func aViewAddedUpByPlainColumnsAndNullTestsIsRead() throws {
        let view = try #require(GroupedView(select: """
            SELECT user_id, organization_id, currency, usd_cents IS NULL AS no_rate, count(*) AS gifts,
                   sum(amount_cents) AS amount_cents, sum(usd_cents) AS usd_cents, 'USD' AS usd_currency, 'it''s' AS quoted,
                   sum(converted) AS converted, note IS NOT NULL AS noted
            FROM gifts_in_usd
            GROUP BY user_id, organization_id, currency, usd_cents IS NULL, note IS NOT NULL
            """))
        #expect(view.source == "gifts_in_usd")
        #expect(view.keys == ["user_id", "organization_id", "currency"])
        #expect(view.nullTests == ["no_rate", "noted"])
        #expect(view.comparedColumns == ["user_id", "organization_id", "currency"])
    }

    @Test(arguments: [
        "SELECT user_id, count(*) AS n FROM donations WHERE amount_cents > 0 GROUP BY user_id",
        "SELECT user_id, count(*) AS n FROM donations GROUP BY user_id ORDER BY n",
        "SELECT user_id, currency, count(*) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, count(DISTINCT currency) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, group_concat(note) AS notes FROM donations GROUP BY user_id",
        "SELECT user_id, total(amount_cents) AS t FROM donations GROUP BY user_id",
        "SELECT user_id, sum(amount_cents) FROM donations GROUP BY user_id",
        "SELECT user_id AS person, count(*) AS n FROM donations GROUP BY user_id",
        "SELECT \"user_id\", count(*) AS n FROM donations GROUP BY \"user_id\"",
        "SELECT substr(donated_at, 1, 4) AS year, count(*) AS n FROM donations GROUP BY 1",
        "SELECT d.user_id, count(*) AS n FROM donations d GROUP BY d.user_id",
        "SELECT user_id, count(*) AS n FROM donations JOIN users ON users.id = user_id GROUP BY user_id",
        "SELECT rowid, count(*) AS n FROM donations GROUP BY rowid",
        "SELECT user_id, count(*) AS n FROM donations GROUP BY user_id;",
        "SELECT user_id, count(*) AS n FROM donations GROUP BY user_id HAVING n > 1",
        "SELECT user_id, count(*) AS n FROM donations",
        // An aggregate named like a key: the view would call the count `user_id` and the key `user_id:1`.
        "SELECT count(*) AS user_id, user_id FROM donations GROUP BY user_id",
        "SELECT user_id, sum(amount_cents) AS USER_ID FROM donations GROUP BY user_id",
        // SQLite runs a query that ends in an open comment, but not once it is wrapped in another.
        "SELECT user_id, count(*) AS n FROM donations GROUP BY user_id /* open",
        // A NULL test not grouped by is any row's; one grouped by but not shown cannot be matched with its row.
        "SELECT user_id, note IS NULL AS bare, count(*) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, count(*) AS n FROM donations GROUP BY user_id, note IS NULL",
        "SELECT user_id, note IS NULL AS a, note IS NOT NULL AS b, count(*) AS n FROM donations GROUP BY user_id, note IS NULL",
        "SELECT user_id, note IS NULL AS a, note IS NULL AS b, count(*) AS n FROM donations GROUP BY user_id, note IS NULL",
        "SELECT user_id, note IS 1 AS a, count(*) AS n FROM donations GROUP BY user_id, note IS 1",
        "SELECT user_id, note IS NULL, count(*) AS n FROM donations GROUP BY user_id, note IS NULL",
        "SELECT user_id, 'USD', count(*) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, 'USD' || note AS c, count(*) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, 'open AS c, count(*) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, count(*) AS n, sum(amount_cents) AS n FROM donations GROUP BY user_id",
        "SELECT user_id, count(*) AS n FROM donations GROUP BY user_id IS NULL",
    ])
    func anythingElseIsNot(select: String) {
        #expect(GroupedView(select: select) == nil)
    }
}
