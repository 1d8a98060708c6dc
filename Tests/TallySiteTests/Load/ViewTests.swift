import Foundation
import Testing
import TallySite
import TallyTestSupport

/// `views/NAME.sql`: a query defined once, created as a view in the published snapshot, read by any page.
@Suite struct ViewTests {
    static let people = """
        INSERT INTO users (id, username, display_name, email, zipcode, created_at) VALUES
          (1, 'ada', 'Ada', 'ada@example.com', '94110', '2023-01-01'),
          (2, 'riley', 'Riley', 'riley@example.com', '73301', '2023-01-01');
        INSERT INTO organizations (id, slug, name, country, created_at) VALUES
          (1, 'amf', 'Against Malaria', 'Uganda', '2020-01-01'), (2, 'gd', 'GiveDirectly', ' Kenya ', '2020-01-01');
        INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES
          (1, 1, 5000, 'USD', '2024-01-05'), (2, 2, 7000, 'USD', '2024-01-06');
        """

    @Test func pagesFilterAndOrderAViewThatUsesAnotherView() throws {
        // `a_totals` sorts before `places` but uses it, so it can only be created second.
        let site = try TestSite([
            "views/places.sql": "SELECT id, slug, name, slugify(nullif(trim(country), '')) AS country_slug FROM organizations\n",
            "views/a_totals.sql": """
                -- Published gifts per organization.
                SELECT p.slug, p.name, p.country_slug, coalesce(sum(d.amount_cents), 0) AS given_cents
                FROM places p LEFT JOIN donations d ON d.organization_id = p.id
                GROUP BY p.id;
                """,
            "content/index.md": """
                ```sql kenya
                SELECT * FROM a_totals WHERE country_slug = 'kenya'
                ```
                ```sql all
                SELECT name, given_cents FROM a_totals ORDER BY name DESC
                ```
                {{#all}}{{name}}={{given_cents}}; {{/all}} Kenya: {{kenya.name}}
                """,
        ], seedSQL: ViewTests.people)
        _ = try site.build().get()
        // Riley is not published, so the gift to GiveDirectly is not in the snapshot the view reads.
        #expect(site.output("index.html")?.contains("<p>GiveDirectly=0; Against Malaria=5000;  Kenya: GiveDirectly</p>") == true)
    }

    /// `-- tally: materialize` computes the view once into a table of the snapshot, with the indexes it declares;
    /// pages read it as before and show the same.
    @Test func aMaterializedViewIsATableWithItsIndexesThatPagesReadTheSame() throws {
        let totals = """
            -- Published gifts per organization.
            SELECT o.slug, o.name, coalesce(sum(d.amount_cents), 0) AS given_cents
            FROM organizations o LEFT JOIN donations d ON d.organization_id = o.id
            GROUP BY o.id
            """
        let page = """
            ```sql amf
            SELECT * FROM totals WHERE slug = 'amf'
            ```
            ```sql made
            SELECT type, name FROM sqlite_master WHERE tbl_name = 'totals' ORDER BY type, name
            ```
            {{amf.name}}={{amf.given_cents}}; {{#made}}{{type}} {{name}}; {{/made}}
            """
        let plain = try TestSite(["views/totals.sql": totals, "content/index.md": page], seedSQL: ViewTests.people)
        _ = try plain.build().get()
        #expect(plain.output("index.html")?.contains("<p>Against Malaria=5000; view totals;</p>") == true)
        let materialized = try TestSite([
            "views/totals.sql": "-- tally: materialize\n  -- tally: index (slug)\n-- tally: index name, given_cents\n" + totals,
            "content/index.md": page,
        ], seedSQL: ViewTests.people)
        _ = try materialized.build().get()
        #expect(materialized.output("index.html")?.contains(
            "<p>Against Malaria=5000; index totals__index_1; index totals__index_2; table totals;</p>") == true)
    }

    /// Materialized views are computed on connections of their own, at the same time: one that reads another waits
    /// for it, and a query that fails as it runs (not as it is prepared) is reported in its file, as are the views
    /// that read it.
    @Test func materializedViewsThatReadEachOtherAreComputedApart() throws {
        let site = try TestSite([
            "views/a_totals.sql": "-- tally: materialize\n-- tally: index (slug)\nSELECT b.slug, b.name, sum(d.amount_cents) AS given_cents\n"
                + "FROM b_orgs b LEFT JOIN donations d ON d.organization_id = b.id GROUP BY b.id ORDER BY b.name DESC\n",
            "views/b_orgs.sql": "-- tally: materialize\nSELECT id, slug, name FROM organizations\n",
            "views/c_ranked.sql": "SELECT slug, row_number() OVER (ORDER BY given_cents DESC) AS rank FROM a_totals\n",
            "views/d_top.sql": "-- tally: materialize\nSELECT * FROM c_ranked WHERE rank = 1\n",
            "content/index.md": """
                ```sql all
                SELECT * FROM a_totals
                ```
                ```sql top
                SELECT * FROM d_top
                ```
                {{#all}}{{name}}={{given_cents}}; {{/all}}top: {{top.slug}}
                """,
        ], seedSQL: ViewTests.people)
        _ = try site.build().get()
        // The rows are in the order the view's query gave them, as a table made by CREATE TABLE … AS keeps them.
        #expect(site.output("index.html")?.contains("<p>GiveDirectly=; Against Malaria=5000; top: amf</p>") == true)

        let broken = try TestSite([
            "views/a_dates.sql": "-- tally: materialize\nSELECT\n  local_date(name) AS day FROM organizations\n",
            "views/b_uses.sql": "-- tally: materialize\nSELECT *\nFROM a_dates\n",
            "views/c_fine.sql": "-- tally: materialize\n-- tally: index (slug)\nSELECT slug FROM organizations\n",
            "content/index.md": "Home\n",
        ], seedSQL: ViewTests.people)
        #expect(broken.errors() == [
            "views/a_dates.sql:1:1: error: local_date: \"Against Malaria\" is not an ISO 8601 timestamp (in view 'a_dates')\n  hint: run the query with the sqlite3 shell to see what SQLite expects",
            "views/b_uses.sql:3:1: error: view `b_uses` uses view `a_dates`, which could not be created\n  hint: fix the error reported for views/a_dates.sql first",
        ])
    }

    @Test func aViewDirectiveThatIsNotOneIsAnError() throws {
        let hint = "\n  hint: write `-- tally: materialize` and `-- tally: index (column, …)` on lines of their own; `tally docs content#views-queries-pages-share`"
        let site = try TestSite([
            "views/a.sql": "-- tally: materialise\nSELECT 1 AS x\n",
            "views/b.sql": "-- Totals.\n-- tally: index (x)\nSELECT 1 AS x\n",
            "views/c.sql": "-- tally: materialize\n-- tally: index ()\nSELECT 1 AS x\n",
            "views/d.sql": "-- tally: materialize\n-- tally: index (x, nope)\nSELECT 1 AS x\n",
            "views/e.sql": "-- tally: materialize\n-- tally: indexed (x)\nSELECT 1 AS x\n",
            "content/index.md": "Home\n",
        ])
        #expect(site.errors() == [
            "views/a.sql:1:1: error: unknown view directive `-- tally: materialise`" + hint,
            "views/b.sql:2:1: error: only a materialized view can have an index" + hint,
            "views/c.sql:2:1: error: `index ()` names no columns to index" + hint,
            "views/d.sql:2:1: error: no such column: nope (in view 'd')\n  hint: check the column names; `tally docs database` lists every table's columns",
            "views/e.sql:2:1: error: unknown view directive `-- tally: indexed (x)`" + hint,
        ])
    }

    @Test func anSQLErrorInAViewPointsIntoItsFile() throws {
        let site = try TestSite([
            "views/org_cards.sql": "-- Cards.\nSELECT slug,\n       nmae\nFROM organizations\n",
            "content/index.md": "```sql orgs\nSELECT * FROM org_cards\n```\n{{#orgs}}{{slug}}{{/orgs}}\n",
        ])
        #expect(site.errors() == [
            "views/org_cards.sql:3:1: error: no such column: nmae (in view 'org_cards')\n  hint: check the column names; `tally docs database` lists every table's columns",
        ])
    }

    @Test func aViewCannotTakeTheNameOfATable() throws {
        let site = try TestSite([
            "views/users.sql": "SELECT 1 AS x\n",
            "views/site_pages.sql": "SELECT 1 AS x\n",
            "views/Cards.sql": "SELECT 1 AS x\n",
            "content/index.md": "Home\n",
        ])
        let hint = "\n  hint: rename the file; `tally docs database` lists the contract's tables, and Tally adds site_pages and site_page_tags"
        #expect(site.errors() == [
            "views/Cards.sql: error: `Cards` cannot name a view\n  hint: name the file with lowercase letters, digits and _, directly in views/, e.g. views/org_cards.sql",
            "views/site_pages.sql: error: `site_pages` is already the name of a table in the database, so a view cannot take it" + hint,
            "views/users.sql: error: `users` is already the name of a table in the database, so a view cannot take it" + hint,
        ])
    }

    @Test func aViewReadsPrivateColumnsNoMoreThanAPageCan() throws {
        let page = try TestSite(["content/index.md": "```sql people\nSELECT username, email FROM users\n```\n"], seedSQL: ViewTests.people)
        #expect(page.errors() == [
            "content/index.md:2:1: error: no such column: email (in query 'people')\n  hint: check the column names; `tally docs database` lists every table's columns",
        ])
        let named = try TestSite([
            "views/people.sql": "SELECT username,\n       email\nFROM users\n",
            "content/index.md": "```sql people\nSELECT * FROM people\n```\n",
        ], seedSQL: ViewTests.people)
        #expect(named.errors() == [
            "views/people.sql:2:1: error: no such column: email (in view 'people')\n  hint: check the column names; `tally docs database` lists every table's columns",
        ])
        let everything = try TestSite([
            "views/people.sql": "SELECT u.*, d.amount_cents FROM main.users u LEFT JOIN donations d ON d.user_id = u.id\n",
            "content/index.md": "```sql people\nSELECT * FROM people\n```\n{{#people}}{{username}}:{{display_name}}:{{amount_cents}} {{/people}}\n",
        ], seedSQL: ViewTests.people)
        _ = try everything.build().get()
        let output = everything.allOutput()
        #expect(output.contains("ada:Ada:5000"))
        for secret in ["riley", "Riley", "ada@example.com", "94110", "7000"] { #expect(!output.contains(secret)) }
    }

    @Test func viewsThatUseEachOtherInALoopAreReported() throws {
        let site = try TestSite([
            "views/a.sql": "SELECT *\nFROM b\n",
            "views/b.sql": "SELECT * FROM a\n",
            "views/c.sql": "SELECT * FROM a\n",
            "views/d.sql": "SELECT nope FROM organizations\n",
            "views/e.sql": "SELECT 1 AS one,\n  (SELECT count(*) FROM d) AS n\n",
            "content/index.md": "Home\n",
        ])
        #expect(site.errors() == [
            "views/a.sql:2:1: error: view `a` uses itself: a → b → a\n  hint: views may use other views, but not in a loop; move what they share into a view of its own",
            "views/b.sql:1:1: error: view `b` uses itself: b → a → b\n  hint: views may use other views, but not in a loop; move what they share into a view of its own",
            "views/c.sql:1:1: error: view `c` uses view `a`, which could not be created\n  hint: fix the error reported for views/a.sql first",
            "views/d.sql:1:1: error: no such column: nope (in view 'd')\n  hint: check the column names; `tally docs database` lists every table's columns",
            "views/e.sql:2:1: error: view `e` uses view `d`, which could not be created\n  hint: fix the error reported for views/d.sql first",
        ])
    }

    @Test func aViewIsOneSelectWithoutParameters() throws {
        let site = try TestSite([
            "views/two.sql": "SELECT 1 AS x;\n\nDROP TABLE organizations;\n",
            "views/write.sql": "DELETE FROM organizations\n",
            "views/pragma.sql": "PRAGMA table_info(users)\n",
            "views/tagged.sql": "SELECT organization_id FROM organization_tags\nWHERE tag = :tag\n",
            "views/empty.sql": "-- nothing yet\n",
            "content/index.md": "```sql n\nSELECT count(*) AS n FROM organizations\n```\n{{n.n}} organizations\n",
        ], seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('a', 'A', '2024-01-01');")
        #expect(site.errors() == [
            "views/empty.sql:1:1: error: the file holds no SQL statement (in view 'empty')\n  hint: write one SELECT in it, or delete the file",
            "views/pragma.sql:1:1: error: near \"PRAGMA\": syntax error (in view 'pragma')\n  hint: run the query with the sqlite3 shell to see what SQLite expects",
            "views/tagged.sql:2:1: error: a view cannot take parameters such as :tag (in view 'tagged')\n  hint: filter where the view is used: SELECT * FROM tagged WHERE … = :name",
            "views/two.sql:3:1: error: a view is one SELECT statement; a second statement starts here (in view 'two')\n  hint: give each query a file of its own",
            "views/write.sql:1:1: error: only SELECT queries may run; the database is read-only (in view 'write')\n  hint: pages can only read the database: write a SELECT (WITH … SELECT and VALUES are read statements too)",
        ])
    }

    @Test func theViewsFolderIsSetInTheConfig() throws {
        let site = try TestSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\nviews_dir: sql/views\n",
            "sql/views/answer.sql": "SELECT 42 AS value\n",
            "content/index.md": "```sql answer\nSELECT value FROM answer\n```\nThe answer is {{answer.value}}.\n",
        ])
        _ = try site.build().get()
        #expect(site.output("index.html")?.contains("<p>The answer is 42.</p>") == true)
    }
}
