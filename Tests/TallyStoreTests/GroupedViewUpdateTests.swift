import Foundation
import TallyTestFolder
import Testing
import TallyStore

/// The example's `usd_by_org` (`views/usd_by_org.sql`), which adds up `gifts_in_usd` (a row-by-row view over
/// donations with a LEFT JOIN on exchange_rates and CASE expressions) by columns passed through from donations and
/// `usd_cents IS NULL`: an updated snapshot computes the groups of the changed gifts' keys alone when it can prove it
/// gives what computing it whole gives, and whole otherwise; either way the table must be the one a snapshot made from
/// the database holds, value for value, type for type and rowid for rowid, on databases shaped by others too.
@Suite struct GroupedViewUpdateTests {
    let policy = PublicationPolicy(publishedUsers: ["ada", "sam"])

    /// The example's two views, as the site's `views/` folder has them (with `usd_by_org`'s one index).
    static let views: [SiteView] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("views")
        func sql(_ name: String) -> String { (try? String(contentsOf: folder.appendingPathComponent(name + ".sql"), encoding: .utf8)) ?? "" }
        return [SiteView(name: "gifts_in_usd", sql: sql("gifts_in_usd")),
                SiteView(name: "usd_by_org", sql: sql("usd_by_org"), materialize: true,
                         indexes: [.init(columns: ["user_id"], lineInFile: 2)])]
    }()

    /// How a database declares its donations, and the gifts it holds beside the common ones.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        /// The columns' declarations: user, organization, amount, currency.
        let columns: (user: String, organization: String, amount: String, currency: String)
        let gifts: String
        var testDescription: String { name }

        static let contract = Shape(name: "contract", columns: ("INTEGER NOT NULL REFERENCES users", "INTEGER NOT NULL REFERENCES organizations",
                                                                "INTEGER NOT NULL", "TEXT NOT NULL"), gifts: "")
        /// 'USD' and 'usd' are one group; which of them the view shows is any row's.
        static let nocase = Shape(name: "NOCASE currency", columns: ("INTEGER REFERENCES users", "INTEGER REFERENCES organizations",
                                                                     "INTEGER", "TEXT COLLATE NOCASE"),
                                  gifts: "(1, 1, 300, 'usd', '2024-01-09')")
        /// NULL amounts, a NULL organization and a NULL currency: keys that are NULL group together.
        static let nulls = Shape(name: "NULLs", columns: ("INTEGER REFERENCES users", "INTEGER REFERENCES organizations", "INTEGER", "TEXT"),
                                 gifts: "(1, 1, NULL, 'USD', '2024-01-09'), (1, NULL, 400, 'USD', '2024-01-10'), (1, NULL, 500, 'USD', '2024-01-11'), (3, 2, 600, NULL, '2024-01-12')")
        /// Every column as `sqlite3 .import` makes one: text, amounts as digits.
        static let text = Shape(name: "text amounts", columns: ("TEXT", "TEXT", "TEXT", "TEXT"),
                                gifts: "('1', '1', '700', 'USD', '2024-01-09'), ('1', '2', '701', 'EUR', '2024-01-10')")
        /// No type: 1 and 1.0 are one group, which of them the view shows is any row's.
        static let untyped = Shape(name: "untyped", columns: ("", "", "", ""), gifts: "(1, 1.0, 300, 'USD', '2024-01-09'), (1.0, 2, 10, 'EUR', '2024-01-10')")
        /// Real amounts: a sum depends on the order the rows are added in.
        static let real = Shape(name: "real amounts", columns: ("INTEGER", "INTEGER", "REAL", "TEXT"),
                                gifts: "(1, 1, 0.1, 'USD', '2024-01-09'), (1, 1, 0.2, 'USD', '2024-01-10'), (1, 2, 1.5, 'EUR', '2024-01-10')")
    }

    /// A change to the database, and whether `usd_by_org` is then computed by group on the contract's schema.
    struct Change: CustomTestStringConvertible, Sendable {
        let name: String
        let sql: String
        let byGroup: Bool
        var testDescription: String { name }
    }

    static let gift = "INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES"
    static let changes = [
        Change(name: "a dollar gift to an organization given to", sql: "\(gift) (1, 1, 3301, 'USD', '2024-03-01')", byGroup: true),
        Change(name: "an amount updated", sql: "UPDATE donations SET amount_cents = 4999 WHERE id = 2", byGroup: true),
        Change(name: "one of two converted gifts deleted", sql: "DELETE FROM donations WHERE id = 4", byGroup: true),
        Change(name: "a gift without a rate beside one with a rate", sql: "\(gift) (1, 2, 250, 'EUR', '2024-02-03')", byGroup: true),
        Change(name: "a gift moved to another organization and currency",
               sql: "UPDATE donations SET organization_id = 2, currency = 'EUR', donated_at = '2024-01-20' WHERE id = 2", byGroup: true),
        Change(name: "an unpublished person's gift", sql: "\(gift) (2, 1, 77, 'USD', '2024-03-01')", byGroup: true),
        Change(name: "a group that appears", sql: "\(gift) (3, 1, 10, 'EUR', '2024-01-02')", byGroup: false),
        Change(name: "a group that goes", sql: "DELETE FROM donations WHERE id = 6", byGroup: false),
        Change(name: "a rate added with a gift", sql: """
            \(gift) (1, 1, 3302, 'USD', '2024-03-01');
            INSERT INTO exchange_rates (base_currency, quote_currency, month, rate) VALUES ('EUR', 'USD', '2024-02', '1.05')
            """, byGroup: false),
    ]

    /// A database of `shape` whose common gifts are: ada's two dollar gifts to organization 1 (ids 1, 2), three in
    /// euros to organization 2, two in a month with a rate (3, 4) and one without (5), and sam's one (6).
    private func makeDatabase(_ shape: Shape) throws -> (path: String, kept: KeptSnapshot) {
        let folder = TestFolder.make("tally-grouped-view")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        let extra = shape.gifts.isEmpty ? "" : "\(Self.gift) \(shape.gifts);"
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
            DROP TABLE donations;
            CREATE TABLE donations (id INTEGER PRIMARY KEY, user_id \(shape.columns.user), organization_id \(shape.columns.organization),
              amount_cents \(shape.columns.amount), currency \(shape.columns.currency), donated_at TEXT NOT NULL,
              recurring INTEGER NOT NULL DEFAULT 0, note TEXT NOT NULL DEFAULT '', import_source TEXT, external_id TEXT);
            INSERT INTO users (id, username, display_name, email, created_at) VALUES
              (1, 'ada', 'Ada', 'ada@example.com', '2023-01-01'), (2, 'riley', 'Riley', 'riley@example.com', '2023-01-01'),
              (3, 'sam', 'Sam', 'sam@example.com', '2023-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria', '2020-01-01'),
              (2, 'gd', 'GiveDirectly', '2020-01-01');
            INSERT INTO exchange_rates (base_currency, quote_currency, month, rate) VALUES ('EUR', 'USD', '2024-01', '1.10');
            \(Self.gift) (1, 1, 5000, 'USD', '2024-01-05'), (1, 1, 7000, 'USD', '2024-01-06'), (1, 2, 900, 'EUR', '2024-01-07'),
              (1, 2, 100, 'EUR', '2024-01-08'), (1, 2, 333, 'EUR', '2024-02-02'), (3, 2, 1200, 'USD', '2024-01-08');
            \(extra)
            """)
        return (path, KeptSnapshot(path: folder.appendingPathComponent("kept.sqlite").path, settings: "test"))
    }

    /// Builds `shape`'s database once, keeps its snapshot, makes `change` and opens the next build's snapshot: the
    /// views it computed by group, and the tables and views that differ from a snapshot made from the database.
    private func update(_ shape: Shape, by change: Change) throws -> (groups: [String], differing: [String]) {
        let (path, kept) = try makeDatabase(shape)
        func open() throws -> SiteDatabase { try SiteDatabase(path: path, policy: policy, siteContent: { ([], Self.views) }, kept: kept) }
        #expect(try open().keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: change.sql)
        let updated = try open()
        let update = try #require(updated.snapshotUpdate)
        #expect(update.viewsComputed == ["usd_by_org"])
        let made = try SiteDatabase(path: path, policy: policy, views: Self.views)
        let names = made.tableNames().union(updated.tableNames())
        let (ours, theirs) = (updated.contentDigests(of: names), made.contentDigests(of: names))
        return (update.groupsComputed, names.filter { ours[$0] == nil || ours[$0] != theirs[$0] }.sorted())
    }

    /// `views` made over the contract's database, then `change`: the tables and views that differ from a snapshot
    /// made from the database.
    private func differing(_ views: [SiteView], after change: String) throws -> [String] {
        let (path, kept) = try makeDatabase(.contract)
        func open() throws -> SiteDatabase { try SiteDatabase(path: path, policy: policy, siteContent: { ([], views) }, kept: kept) }
        #expect(try open().keepSnapshot(as: kept))
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: change)
        let updated = try open()
        let made = try SiteDatabase(path: path, policy: policy, views: views)
        let names = made.tableNames().union(updated.tableNames())
        let (ours, theirs) = (updated.contentDigests(of: names), made.contentDigests(of: names))
        return names.filter { ours[$0] == nil || ours[$0] != theirs[$0] }.sorted()
    }

    /// A view that passes the table's `rowid` on: the changed rows' table has rowids of its own, which named other
    /// groups than the changed gift's (found by an independent review).
    @Test func aRowidPassedThroughIsNoKey() throws {
        let views = [
            SiteView(name: "gifts_rowid", sql: """
                SELECT d.rowid AS gift, d.user_id, d.amount_cents, r.rate FROM donations d
                LEFT JOIN exchange_rates r ON r.base_currency = d.currency AND r.quote_currency = 'USD' AND r.month = substr(d.donated_at, 1, 7)
                """),
            SiteView(name: "gift_sums", sql: "SELECT gift, user_id, count(*) AS n, sum(amount_cents) AS total FROM gifts_rowid GROUP BY gift, user_id",
                     materialize: true),
        ]
        #expect(try differing(views, after: "UPDATE donations SET amount_cents = 1 WHERE id = 5") == [])
    }

    /// An aggregate called by a quoted name (`"count"(…)`) makes one row of the whole table: not row by row.
    @Test func aQuotedAggregateIsNotRowByRow() throws {
        let views = [
            SiteView(name: "gift_count", sql: "SELECT d.user_id, d.organization_id, \"count\"(d.id) AS n FROM donations d"),
            SiteView(name: "count_by_org", sql: "SELECT user_id, organization_id, sum(n) AS n FROM gift_count GROUP BY user_id, organization_id",
                     materialize: true),
        ]
        #expect(try differing(views, after: "DELETE FROM donations WHERE id = 6") == [])
    }

    @Test(arguments: changes)
    func theContractsSchemaIsComputedByGroupWhenNoGroupAppearsOrGoes(change: Change) throws {
        let (groups, differing) = try update(.contract, by: change)
        #expect(differing == [])
        #expect(groups == (change.byGroup ? ["usd_by_org"] : []))
    }

    /// Keys compared other than by identity are computed whole.
    @Test(arguments: [Shape.nocase, Shape.untyped], changes)
    func shapesNotProvenAreComputedWhole(shape: Shape, change: Change) throws {
        let (groups, differing) = try update(shape, by: change)
        #expect(differing == [])
        #expect(groups == [])
    }

    /// NULL keys and amounts, text amounts and real ones change nothing of what the view holds, however it is computed.
    @Test(arguments: [Shape.nulls, Shape.text, Shape.real], changes)
    func otherShapesGiveTheWholeComputationsTable(shape: Shape, change: Change) throws {
        #expect(try update(shape, by: change).differing == [])
    }

    /// A group whose sum is a real number is computed whole: the sum depends on the order of its rows.
    @Test func aRealSumIsComputedWhole() throws {
        let change = Change(name: "a real amount", sql: "\(Self.gift) (1, 1, 0.3, 'USD', '2024-03-01')", byGroup: false)
        let (groups, differing) = try update(.real, by: change)
        #expect(differing == [])
        #expect(groups == [])
    }

    /// Many changes whose view rows are found only through `user_id`'s index, which holds every group of the person
    /// (one an unconverted currency each):
    /// past four times the table's rows read, the view is computed whole; one change alone is computed by group.
    @Test func manyChangesReadingManyRowsComputeTheViewWhole() throws {
        let gifts = (3...32).map { "(1, 1, \($0), 'C\($0)', '2024-01-09')" }.joined(separator: ", ")
        let shape = Shape(name: "many currencies", columns: Shape.contract.columns, gifts: gifts)
        let one = try update(shape, by: Change(name: "one", sql: "UPDATE donations SET amount_cents = 101 WHERE currency = 'C3'", byGroup: true))
        #expect(one.differing == [])
        #expect(one.groups == ["usd_by_org"])
        let all = try update(shape, by: Change(name: "all", sql: "UPDATE donations SET amount_cents = 102 WHERE currency LIKE 'C%'", byGroup: false))
        #expect(all.differing == [])
        #expect(all.groups == [])
    }

    /// A gift whose organization is NULL is found in its group by `IS`, as GROUP BY groups NULLs together.
    @Test func aGroupWithANullKeyIsComputedByGroup() throws {
        let change = Change(name: "a gift to no organization", sql: "UPDATE donations SET amount_cents = 401 WHERE organization_id IS NULL AND amount_cents = 400",
                            byGroup: true)
        let (groups, differing) = try update(.nulls, by: change)
        #expect(differing == [])
        #expect(groups == ["usd_by_org"])
    }
}
