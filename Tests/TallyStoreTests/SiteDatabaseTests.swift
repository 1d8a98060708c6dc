import Foundation
import GRDB
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// A database with the schema and two users, one published, in a temporary folder.
private func makeDatabase(_ extraSQL: String = "") throws -> String {
    let folder = TestFolder.make("tally-store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("site.sqlite").path
    try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
        INSERT INTO users (id, username, display_name, email, zipcode, created_at) VALUES
          (1, 'ada', 'Ada', 'ada@example.com', '94110', '2023-01-01'),
          (2, 'riley', 'Riley', 'riley@example.com', '73301', '2023-01-01');
        INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria Foundation', '2020-01-01');
        INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES
          (1, 1, 5000, 'USD', '2024-01-05'), (2, 1, 7000, 'USD', '2024-01-06');
        INSERT INTO social_accounts (id, user_id, platform, handle, auth_token) VALUES
          (1, 1, 'mastodon', '@ada', 'secret-token-ada'), (2, 2, 'bluesky', '@riley', 'secret-token-riley');
        INSERT INTO posts (id, user_id, content, created_at) VALUES (1, 1, 'hello', '2024-01-01T10:00:00Z'), (2, 2, 'riley post', '2024-01-01T10:00:00Z');
        INSERT INTO post_deliveries (post_id, account_id, status) VALUES (1, 1, 'published'), (2, 2, 'published');
        \(extraSQL)
        """)
    return path
}

/// A database whose `social_accounts.auth_token` is NOT NULL and UNIQUE, so the snapshot cannot drop it and blanks it.
private func makeUndroppableTokenDatabase() throws -> String {
    let folder = TestFolder.make("tally-store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("other.sqlite").path
    try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
        CREATE TABLE accounts_other (x INTEGER);
        DROP TABLE social_accounts;
        CREATE TABLE social_accounts (id INTEGER PRIMARY KEY, user_id INTEGER, platform TEXT, handle TEXT, auth_token TEXT NOT NULL UNIQUE);
        INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2023-01-01');
        INSERT INTO social_accounts VALUES (1, 1, 'mastodon', '@ada', 'secret');
        """)
    return path
}

@Suite struct SiteDatabaseTests {
    let policy = PublicationPolicy(publishedUsers: ["ada"])

    /// A database refused after its copy was begun (here: no tables) leaves no snapshot file in the temporary folder,
    /// and neither does one that opened and closed.
    @Test func aRefusedDatabaseLeavesNoSnapshotBehind() throws {
        let folder = TestFolder.make("tally-store")
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let empty = folder.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: StoreError.emptyDatabase(path: empty)) {
            _ = try SiteDatabase(path: empty, policy: policy, siteContent: { ([], []) }, temporaryFolder: temporary)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        do {
            let opened = try SiteDatabase(path: try makeDatabase(), policy: policy, siteContent: { ([], []) }, temporaryFolder: temporary)
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).count >= 1)
            _ = opened
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    /// A build killed mid-way leaves its snapshot, its `-wal` and `-shm` and its materialized views' files; the next
    /// one removes them once their process has exited, and leaves those of a running process and names not its own.
    @Test func aKilledProcesssSnapshotIsRemovedByTheNextOne() throws {
        let folder = TestFolder.make("tally-store")
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let gone = try TestProcess.finished()
        let alive = getppid()
        let left = ["tally-snapshot-\(gone)-A.sqlite", "tally-snapshot-\(gone)-A.sqlite-wal", "tally-snapshot-\(gone)-A.sqlite-shm",
                    "tally-snapshot-\(gone)-A.sqlite-materialized-1"]
        let kept = ["tally-snapshot-\(alive)-B.sqlite", "tally-snapshot-notes.sqlite", "tally-snapshot-\(gone)x.sqlite", "other-\(gone)-C.sqlite"]
        for name in left + kept { #expect(FileManager.default.createFile(atPath: temporary.appendingPathComponent(name).path, contents: Data("x".utf8))) }
        do {
            let opened = try SiteDatabase(path: try makeDatabase(), policy: policy, siteContent: { ([], []) }, temporaryFolder: temporary)
            let names = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
            #expect(Set(names.filter { !$0.hasPrefix("tally-snapshot-\(getpid())-") }) == Set(kept))
            _ = opened
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path)) == Set(kept))
    }

    @Test func aProcessIsRunningUntilItHasExited() throws {
        #expect(AbandonedFiles.isRunning(getpid()))
        #expect(!AbandonedFiles.isRunning(try TestProcess.finished()))
    }

    @Test func foreignKeyColumnsAreIndexedInTheSnapshot() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let plan = try database.run("EXPLAIN QUERY PLAN SELECT vote FROM bill_votes WHERE representative_id = 'H-CA-11'")
        #expect(plan.rows.map { $0[plan.index(of: "detail") ?? 0].text } == [
            "SEARCH bill_votes USING INDEX tally_fk_bill_votes_representative_id (representative_id=?)",
        ])
    }

    @Test func unpublishedUsersAndTheirRowsAreNotInTheSnapshot() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        #expect(try database.run("SELECT username FROM users").rows == [[.text("ada")]])
        #expect(try database.run("SELECT amount_cents FROM donations").rows == [[.integer(5000)]])
        #expect(try database.run("SELECT content FROM posts").rows == [[.text("hello")]])
        #expect(try database.run("SELECT post_id FROM post_deliveries").rows == [[.integer(1)]])
        #expect(try database.run("SELECT count(*) FROM organizations").rows == [[.integer(1)]])
    }

    /// SQLite's names are case-insensitive: a database of its own whose tables and columns are spelled `Users`,
    /// `UserName`, `Gifts.User_ID` and `Post_Deliveries` is what the pages' `FROM users` reads, so it is scrubbed the
    /// same (its unpublished rows reached the pages).
    @Test func tablesSpelledInOtherCaseAreScrubbedToo() throws {
        let folder = TestFolder.make("tally-store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE Users (Id INTEGER PRIMARY KEY, UserName TEXT, Email TEXT);
                INSERT INTO Users VALUES (1, 'ada', 'ada@example.com'), (2, 'riley', 'riley@example.com');
                CREATE TABLE Gifts (User_ID INTEGER, Note TEXT);
                INSERT INTO Gifts VALUES (1, 'ada gave'), (2, 'riley gave');
                CREATE TABLE Posts (Id INTEGER PRIMARY KEY, User_Id INTEGER, Content TEXT);
                INSERT INTO Posts VALUES (1, 1, 'hello'), (2, 2, 'riley post');
                CREATE TABLE Post_Deliveries (Post_Id INTEGER, Status TEXT);
                INSERT INTO Post_Deliveries VALUES (1, 'published'), (2, 'published');
                """)
        }
        try queue.close()
        let database = try SiteDatabase(path: path, policy: policy)
        #expect(try database.run("SELECT username FROM users").rows == [[.text("ada")]])
        #expect(try database.run("SELECT note FROM gifts").rows == [[.text("ada gave")]])
        #expect(try database.run("SELECT content FROM posts").rows == [[.text("hello")]])
        #expect(try database.run("SELECT post_id FROM post_deliveries").rows == [[.integer(1)]])
        #expect(!(try database.run("SELECT * FROM users").columns.map { $0.lowercased() }.contains("email")))
    }

    @Test func privateColumnsAreGoneWhateverTheQueryAsks() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        #expect(throws: QueryError(message: "no such column: email", lineInQuery: 0)) {
            try database.run("SELECT email FROM users")
        }
        #expect(throws: QueryError(message: "no such column: auth_token", lineInQuery: 0)) {
            try database.run("SELECT auth_token FROM main.social_accounts")
        }
        let everything = try database.run("SELECT * FROM users")
        #expect(!everything.columns.contains("email") && !everything.columns.contains("zipcode"))
        #expect(!everything.rows.flatMap { $0 }.contains(.text("ada@example.com")))
    }

    @Test func configuredPrivateColumnsAreRemovedToo() throws {
        let path = try makeDatabase("ALTER TABLE users ADD COLUMN phone TEXT; UPDATE users SET phone = '555-0100';")
        let strict = PublicationPolicy(publishedUsers: ["ada"], extraPrivateColumns: [.init(table: "users", column: "phone")])
        let database = try SiteDatabase(path: path, policy: strict)
        #expect(!(try database.run("SELECT * FROM users").columns.contains("phone")))
    }

    @Test func aNotNullIndexedPrivateColumnIsBlankedWhenItCannotBeDropped() throws {
        let database = try SiteDatabase(path: try makeUndroppableTokenDatabase(), policy: policy)
        #expect(try database.run("SELECT auth_token FROM social_accounts").rows == [[.text("")]])
    }

    @Test func aViewSeesPrivateColumnsAsBlankAsAPageDoes() throws {
        let views = [SiteView(name: "tokens", sql: "SELECT handle, auth_token FROM social_accounts")]
        let database = try SiteDatabase(path: try makeUndroppableTokenDatabase(), policy: policy, views: views)
        #expect(database.viewErrors.isEmpty)
        #expect(try database.run("SELECT * FROM tokens").rows == [[.text("@ada"), .text("")]])
    }

    @Test func viewsAreCreatedInTheOrderTheyUseEachOtherAndBrokenOnesAreReported() throws {
        let views = [
            SiteView(name: "a_gifts", sql: "SELECT g.amount_cents, o.name FROM gifts g JOIN organizations o ON o.id = g.organization_id"),
            SiteView(name: "gifts", sql: "SELECT organization_id, amount_cents FROM donations;\n-- published users only\n"),
            SiteView(name: "emails", sql: "SELECT username,\n  email FROM users"),
            SiteView(name: "bills", sql: "SELECT 1"),
        ]
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy, views: views)
        #expect(database.viewErrors == [
            ViewError(view: "bills", reason: .nameTaken),
            ViewError(view: "emails", reason: .query(QueryError(message: "no such column: email", lineInQuery: 1))),
        ])
        #expect(try database.run("SELECT * FROM a_gifts").rows == [[.integer(5000), .text("Against Malaria Foundation")]])
        #expect(!database.tableNames().contains("emails"))
    }

    @Test func theSourceDatabaseIsNeverChanged() throws {
        let path = try makeDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try SiteDatabase(path: path, policy: policy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func queriesCannotWrite() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        #expect(throws: QueryError(message: "only SELECT queries may run; the database is read-only", lineInQuery: 0)) {
            try database.run("DELETE FROM organizations")
        }
    }

    /// `url_segment`, registered with SQLite's C API, gives what `Slug.segment` gives for the value as GRDB reads it:
    /// a safe segment as it is, any other text slugified (up to a NUL, invalid UTF-8 repaired), a number as its
    /// text, NULL for NULL and a blob.
    @Test func urlSegmentIsSlugSegmentOfTheValue() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let long = String(repeating: "a", count: 200)
        let cases: [(sql: String, expected: DataValue)] = [
            ("'H-AL-01'", .text("H-AL-01")), ("'H.R. 3684'", .text(Slug.segment("H.R. 3684"))), ("'.hidden'", .text(Slug.segment(".hidden"))),
            ("''", .text(Slug.segment(""))), ("'~a_b.c'", .text("~a_b.c")), ("'\(long)'", .text(long)),
            ("'\(long)b'", .text(Slug.segment(long + "b"))), ("'Zürich'", .text(Slug.segment("Zürich"))),
            ("CAST(X'616200636465' AS TEXT)", .text(Slug.segment("ab"))), ("CAST(X'61ff62' AS TEXT)", .text(Slug.segment("a\u{FFFD}b"))),
            ("102", .text("102")), ("-7", .text("-7")), ("1.5", .text(Slug.segment("1.5"))), ("1e300", .text(Slug.segment(String(1e300)))),
            ("NULL", .null), ("X'6162'", .null),
        ]
        for (sql, expected) in cases {
            let table = try database.run("SELECT url_segment(\(sql)) AS segment, typeof(url_segment(\(sql))) AS type")
            #expect(table.rows.first?.first == expected, "url_segment(\(sql))")
            #expect(table.rows.first?.last == .text(expected == .null ? "null" : "text"), "url_segment(\(sql))")
        }
    }

    @Test func namedParametersBindAndMissingOnesAreNull() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let table = try database.run("SELECT name, :missing AS m FROM organizations WHERE slug = :slug", parameters: ["slug": .text("amf")])
        #expect(table == DataTable(columns: ["name", "m"], rows: [[.text("Against Malaria Foundation"), .null]]))
    }

    @Test func aPagesQueriesRunTogetherEachWithItsRowsOrItsError() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let results = database.run([
            "SELECT name FROM organizations WHERE slug = :slug",
            "SELECT\n  name\n  , amount\nFROM organizations",
            "SELECT 7 AS i, 2.5 AS r, 'a' || char(0) || 'b' AS t, x'6869' AS b, NULL AS n, :slug AS p",
            "SELECT ? AS bare",
        ], parameters: ["slug": .text("amf")])
        // A failed query fails alone; text reads up to its first NUL and a blob as UTF-8 text, as through GRDB before.
        #expect(results == [
            .success(DataTable(columns: ["name"], rows: [[.text("Against Malaria Foundation")]])),
            .failure(QueryError(message: "no such column: amount", lineInQuery: 2)),
            .success(DataTable(columns: ["i", "r", "t", "b", "n", "p"],
                               rows: [[.integer(7), .real(2.5), .text("a"), .text("hi"), .null, .text("amf")]])),
            .failure(QueryError(message: "wrong number of statement arguments: 0", lineInQuery: nil)),
        ])
        #expect(try database.run("SELECT :slug AS p", parameters: ["slug": .integer(3)]).rows == [[.integer(3)]],
                "a cached statement binds again on its next run")
    }

    @Test func sqlErrorsPointAtTheLineInTheQuery() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        #expect(throws: QueryError(message: "no such column: amount", lineInQuery: 2)) {
            try database.run("SELECT\n  name\n  , amount\nFROM organizations")
        }
    }

    @Test func slugifyMakesSafeURLSegments() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let table = try database.run("SELECT slugify('Global Health'), slugify('  São Paulo!! '), slugify('../../etc'), slugify('🎉')")
        #expect(table.rows == [[.text("global-health"), .text("sao-paulo"), .text("etc"), .text("-")]])
    }

    @Test func localTimeFunctionsMoveTimestampsToTheSiteTimezone() throws {
        // New York: UTC−5 in winter, UTC−4 from the second Sunday of March (2025-03-09 07:00 UTC).
        let newYork = TimeZone(identifier: "America/New_York")!
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy) { seconds in
            newYork.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        let table = try database.run("""
            SELECT local_datetime('2025-03-01T21:58:00Z'), local_date('2025-03-02T03:00:00Z'),
                   local_datetime('2025-07-01T03:30:00+02:00'), local_datetime('2025-07-01 09:15:00'),
                   local_date(NULL), strftime('%H', local_datetime('2025-12-31T16:45:00Z'))
            """)
        #expect(table.rows == [[.text("2025-03-01 16:58:00"), .text("2025-03-01"), .text("2025-06-30 21:30:00"),
                                .text("2025-07-01 09:15:00"), .null, .text("11")]])
    }

    /// The two-argument form reads the time in a person's own zone (`users.timezone`); NULL or blank is the site's.
    @Test func localTimeFunctionsTakeAPersonsZone() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy) { seconds in
            newYork.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        let table = try database.run("""
            SELECT local_datetime('2025-03-01T10:05:00Z', 'Asia/Kolkata'), local_datetime('2025-07-01T03:30:00Z', 'America/Los_Angeles'),
                   local_date('2025-03-02T03:00:00Z', NULL), local_date('2025-03-02T03:00:00Z', '  '),
                   local_date('2025-12-31T23:30:00Z', ' Europe/Berlin '), local_datetime(NULL, 'Asia/Kolkata')
            """)
        #expect(table.rows == [[.text("2025-03-01 15:35:00"), .text("2025-06-30 20:30:00"), .text("2025-03-01"), .text("2025-03-01"),
                                .text("2026-01-01"), .null]])
    }

    @Test func aZoneThatIsNoIANANameFailsTheQuery() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        #expect(throws: QueryError(message: "local_datetime: \"Mars/Olympus_Mons\" is not an IANA time zone name such as America/New_York",
                                   lineInQuery: nil)) {
            try database.run("SELECT local_datetime('2025-03-01T10:05:00Z', 'Mars/Olympus_Mons')")
        }
    }

    @Test func localTimeOfTextThatIsNotADateFailsTheQuery() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        #expect(throws: QueryError(message: "local_date: \"last week\" is not an ISO 8601 timestamp", lineInQuery: nil)) {
            try database.run("SELECT local_date('last week')")
        }
    }

    @Test func aMissingDatabaseIsAClearError() {
        #expect(throws: StoreError.missingDatabase(path: "/nonexistent/site.sqlite")) {
            try SiteDatabase(path: "/nonexistent/site.sqlite", policy: PublicationPolicy(publishedUsers: []))
        }
    }

    @Test func aSeedThatFailsAfterItsOwnBeginIsAnErrorAndKeepsNothing() throws {
        let path = try makeDatabase()
        #expect(throws: StoreError.seed(path: path, message: "no such table: nope")) {
            try DatabaseMigrations.migrate(databaseAt: path, seedSQL: """
                BEGIN;
                INSERT INTO organizations (id, slug, name, created_at) VALUES (2, 'gd', 'GiveDirectly', '2020-01-01');
                INSERT INTO nope VALUES (1);
                COMMIT;
                """)
        }
        let database = try SiteDatabase(path: path, policy: policy)
        #expect(try database.run("SELECT slug FROM organizations") == DataTable(columns: ["slug"], rows: [[.text("amf")]]))
    }

    @Test func theSchemaHasEveryContractTable() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let expected: Set = ["organizations", "organization_tags", "organization_media", "users", "donations", "incomes",
                             "budget_categories", "expenses", "representatives", "user_representatives", "bills", "bill_votes",
                             "questions", "social_accounts", "posts", "post_deliveries"]
        #expect(expected.isSubset(of: database.tableNames()))
    }

    /// `count(*)` over a common table expression reports its name as a table read; it is no input of the page.
    @Test func aCommonTableExpressionIsNotATableRead() throws {
        let database = try SiteDatabase(path: try makeDatabase(), policy: policy)
        let reads = database.tablesRead(by: [
            "WITH gaps AS (SELECT amount_cents FROM donations) SELECT (SELECT count(*) FROM gaps), (SELECT avg(amount_cents) FROM gaps)",
            "SELECT count(*) FROM donations",
        ])
        #expect(reads == [["donations"], ["donations"]])
    }
}
