import Foundation
@testable import TallySite
import TallyStore
import TallyTestSupport

/// A small site that has every kind of page an incremental build must get right: a plain page, pages that read
/// a table through a view, a templated file with a layout of its own, paginated listings (one keyed through a
/// subquery), a page listing
/// `site_pages`, a dated page a feed lists, a JSON data file and a partial in a body and in a layout. Its edits
/// (`Edit`) change each of those inputs, and `mismatches` compares an incremental build with a full one.
struct IncrementalFixture {
    let site: TestSite
    /// What the builds keep from one to the next, as `tally serve` builds (`BuildMemory`); nil builds as `tally build`
    /// does, each from the files alone.
    var memory: BuildMemory?

    static let files: [String: String] = [
        "tally.yaml": config(0),
        "templates/default.mustache": "<!DOCTYPE html><title>{{page.title}}</title>{{#page.breadcrumbs}}<a href=\"{{url}}\">{{title}}</a>{{/page.breadcrumbs}}<main>{{{content}}}</main>{{> footer}}\n",
        "templates/footer.mustache": "<footer>Footer 0</footer>",
        "templates/card.mustache": "**{{name}}**",
        "templates/org.mustache": "<!DOCTYPE html><title>{{page.title}}</title><article>{{{content}}}</article>\n",
        "content/index.md": "---\ntitle: Home\n---\n```sql orgs\nSELECT name, slug, gifts FROM org_totals ORDER BY slug\n```\n{{#orgs}}- {{> card}} {{gifts}}\n{{/orgs}}",
        "content/about.md": "---\ntitle: About\n---\nAbout us 0\n",
        "content/orgs/index.md": "---\ntitle: Orgs\npaginate: all\nper_page: 2\n---\n```sql all\nSELECT name, slug FROM organizations ORDER BY slug\n```\n{{#all}}- {{name}}\n{{/all}}",
        "content/orgs/[slug].md": """
            ---
            pages: SELECT slug, name FROM organizations ORDER BY slug
            title: "{{params.name}}"
            layout: org
            ---
            ```sql gifts
            SELECT d.amount_cents, d.currency, d.donated_at FROM donations d JOIN organizations o ON o.id = d.organization_id
            WHERE o.slug = :slug ORDER BY d.id
            ```
            {{#gifts}}- {{amount_cents}} {{currency}} on {{donated_at}}
            {{/gifts}}
            """,
        "content/gifts/[slug].md": """
            ---
            pages: SELECT slug, id AS organization_id, name FROM organizations ORDER BY slug
            title: "Gifts to {{params.name}}"
            ---
            ```sql gifts
            SELECT d.amount_cents, d.currency FROM donations d WHERE d.organization_id = :organization_id ORDER BY d.id
            ```
            ```sql totals
            SELECT g.currency, count(*) AS gifts, sum(g.amount_cents) AS cents, group_concat(g.username) AS givers
            FROM org_gifts g JOIN organizations o ON o.id = g.org WHERE o.id = :organization_id GROUP BY g.currency ORDER BY g.currency
            ```
            {{#gifts}}- {{amount_cents}} {{currency}}
            {{/gifts}}{{#totals}}{{gifts}} in {{currency}}: {{cents}} by {{givers}}
            {{/totals}}
            """,
        // A listing keyed through a subquery (`IN (SELECT …)`), as the example's tag pages read donations.
        "content/given/[slug].md": """
            ---
            pages: SELECT slug, name FROM organizations ORDER BY slug
            title: "Given to {{params.name}}"
            paginate: gifts
            per_page: 1
            ---
            ```sql gifts
            SELECT d.amount_cents FROM donations d WHERE d.organization_id IN (SELECT id FROM organizations WHERE slug = :slug) ORDER BY d.id
            ```
            {{#gifts}}- {{amount_cents}}
            {{/gifts}}
            """,
        "content/pages.md": "---\ntitle: Pages\n---\n```sql all\nSELECT url, title FROM site_pages ORDER BY url\n```\n{{#all}}- {{url}} {{title}}\n{{/all}}",
        "content/news/first.md": "---\ntitle: First\ndate: 2024-01-01\n---\nNews 0\n",
        "content/orgs.json.sql": "SELECT slug, name FROM organizations ORDER BY slug\n",
        "views/org_totals.sql": view(0),
        "views/org_gifts.sql": "SELECT d.id, d.organization_id AS org, d.amount_cents, d.currency, u.username\nFROM donations d JOIN users u ON u.id = d.user_id\n",
    ]

    static let seed = """
        INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01'), (2, 'bob', '2024-01-01');
        INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'a', 'Alpha', '2024-01-01'), (2, 'b', 'Beta', '2024-01-01'),
          (3, 'c', 'Gamma', '2024-01-01');
        INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 1, 100, 'USD', '2024-01-02'),
          (1, 2, 250, 'EUR', '2024-01-03'), (2, 1, 999, 'USD', '2024-01-04');
        CREATE TABLE measures (id INTEGER PRIMARY KEY, at, value NUMERIC, label TEXT COLLATE NOCASE);
        INSERT INTO measures (at, value, label) VALUES (5, 5, 'alpha'), (15, '15', 'Beta'), ('c', 'c', 'gamma'), (NULL, NULL, NULL);
        CREATE TABLE bands (name TEXT PRIMARY KEY, low, high, first_label TEXT);
        INSERT INTO bands VALUES ('low', 0, 10, 'a'), ('mid', 10, 20.0, 'M'), ('words', 'a', 'm', 'b'), ('nulls', NULL, 5, NULL),
          ('texts', '10', '20', 'Z');
        """

    static func config(_ number: Int) -> String {
        "title: Harness \(number)\nbase_url: https://example.org/\ndatabase: site.sqlite\npublish_users: [ada]\n"
            + "feeds:\n  - {title: News, path: /news.xml, pages: /news/}\n"
            + "  - title: Organizations\n    path: /orgs.xml\n    query: |\n"
            + "      SELECT name AS title, '/orgs/' || slug || '/' AS url, created_at AS updated FROM organizations ORDER BY slug\n"
    }

    static func view(_ number: Int) -> String {
        "SELECT o.slug, o.name, COUNT(d.id) + \(number % 2) AS gifts FROM organizations o\n"
            + "LEFT JOIN donations d ON d.organization_id = o.id GROUP BY o.id\n"
    }

    /// Materialized views, one over users and donations, one over organizations alone, one over both of them, and
    /// a page that shows them and the users: a table or view left stale when a build updates the kept snapshot
    /// (`SnapshotUpdate`) shows on it. Apart from `files`, so the tests that count pages rendered count the same.
    static let materializedViews: [String: String] = [
        "views/gift_counts.sql": """
            -- tally: materialize
            -- tally: index (org)
            SELECT d.organization_id AS org, count(*) AS n, sum(d.amount_cents) AS cents, group_concat(u.display_name, '+') AS names
            FROM donations d JOIN users u ON u.id = d.user_id GROUP BY d.organization_id ORDER BY d.organization_id

            """,
        "views/loud_orgs.sql": "-- tally: materialize\nSELECT id, slug, upper(name) AS loud FROM organizations\n",
        "views/org_stats.sql": """
            -- tally: materialize
            SELECT l.slug, l.loud, coalesce(g.n, 0) AS n, g.cents, g.names FROM loud_orgs l LEFT JOIN gift_counts g ON g.org = l.id

            """,
        // Only donations added up by plain columns: an update computes its changed groups alone (`GroupedView`). The
        // page lists its rows in rowid order, so a group written anywhere but where its query would put it shows.
        "views/gift_sums.sql": """
            -- tally: materialize
            SELECT user_id, organization_id, count(*) AS n, sum(amount_cents) AS cents, max(donated_at) AS latest
            FROM donations GROUP BY user_id, organization_id

            """,
        // Gifts made row by row with their organization (`rated_gifts`), added up by columns passed through from
        // donations and a NULL test: an update computes the groups of the changed gifts' keys alone, unless
        // organizations changed too.
        "views/rated_gifts.sql": """
            SELECT d.user_id, d.organization_id, d.currency, d.amount_cents, o.slug,
                   CASE WHEN o.slug <> 'a' THEN d.amount_cents * 2 END AS doubled
            FROM donations d LEFT JOIN organizations o ON o.id = d.organization_id

            """,
        "views/rated_sums.sql": """
            -- tally: materialize
            SELECT user_id, organization_id, currency, doubled IS NULL AS single, count(*) AS n, sum(amount_cents) AS cents,
                   sum(doubled) AS doubled, 'x' AS mark
            FROM rated_gifts GROUP BY user_id, organization_id, currency, doubled IS NULL

            """,
        "content/stats.md": """
            ---
            title: Stats
            ---
            ```sql stats
            SELECT slug, loud, n, cents, names FROM org_stats ORDER BY slug
            ```
            ```sql people
            SELECT username, display_name FROM users ORDER BY id
            ```
            ```sql sums
            SELECT rowid AS place, * FROM gift_sums
            ```
            ```sql rated
            SELECT rowid AS place, * FROM rated_sums
            ```
            {{#stats}}- {{slug}} {{loud}} {{n}} {{cents}} {{names}}
            {{/stats}}{{#people}}- {{username}} {{display_name}}
            {{/people}}{{#sums}}- {{place}}: {{user_id}} {{organization_id}} {{n}} {{cents}} {{latest}}
            {{/sums}}{{#rated}}- {{place}}: {{user_id}} {{organization_id}} {{currency}} {{single}} {{n}} {{cents}} {{doubled}} {{mark}}
            {{/rated}}
            """,
    ]

    /// Pages whose queries are bounded by comparisons with their row (`KeyedReads`' bounds): a year's gifts of a
    /// person, as a paginated listing (`d.donated_at >= :starts AND d.donated_at < :ends`) and through a row-by-row
    /// view with the bounds the other way round (`:starts < g.day AND g.day <= :ends`, no equality), an organization's
    /// gifts in one currency (two equalities, `pairs/`), and `measures`,
    /// whose columns have no affinity (numbers and text mixed), NUMERIC affinity and NOCASE, between each band's
    /// bounds, some of them NULL or text.
    static let rangeBounds: [String: String] = [
        "content/years/[year].md": """
            ---
            pages: SELECT DISTINCT 1 AS user_id, substr(donated_at, 1, 4) AS year, substr(donated_at, 1, 4) || '-01-01' AS starts, (substr(donated_at, 1, 4) + 1) || '-01-01' AS ends FROM donations ORDER BY 2
            title: "Gifts of {{params.year}}"
            paginate: gifts
            per_page: 1
            ---
            ```sql gifts
            SELECT d.amount_cents, d.donated_at FROM donations d WHERE d.user_id = :user_id AND d.donated_at >= :starts AND d.donated_at < :ends
            ORDER BY d.donated_at, d.id
            ```
            {{#gifts}}- {{amount_cents}} on {{donated_at}}
            {{/gifts}}
            """,
        "content/spans/[year].md": """
            ---
            pages: SELECT DISTINCT substr(donated_at, 1, 4) AS year, substr(donated_at, 1, 4) || '-01-01' AS starts, (substr(donated_at, 1, 4) + 1) || '-01-01' AS ends FROM donations ORDER BY 1
            title: "After {{params.starts}}"
            ---
            ```sql gifts
            SELECT g.amount_cents, g.day FROM dated_gifts g WHERE :starts < g.day AND g.day <= :ends ORDER BY g.id
            ```
            {{#gifts}}- {{amount_cents}} on {{day}}
            {{/gifts}}
            """,
        "views/dated_gifts.sql": "SELECT d.id, d.user_id AS giver, d.organization_id AS org, d.currency AS cur, d.donated_at AS day, d.amount_cents FROM donations d\n",
        // Keyed on two equalities, directly and through the row-by-row view, the parameter on either side: a changed
        // row of the organization in another currency is not this page's.
        "content/pairs/[pair].md": """
            ---
            pages: SELECT o.slug || '-' || lower(c.currency) AS pair, o.id AS organization_id, c.currency FROM organizations o, (SELECT 'USD' AS currency UNION ALL SELECT 'EUR') c ORDER BY 1
            title: "Pair {{params.pair}}"
            ---
            ```sql gifts
            SELECT d.amount_cents, d.donated_at FROM donations d WHERE d.organization_id = :organization_id AND :currency = d.currency ORDER BY d.id
            ```
            ```sql viewed
            SELECT g.amount_cents FROM dated_gifts g WHERE g.cur == :currency AND g.org = :organization_id ORDER BY g.id
            ```
            {{#gifts}}- {{amount_cents}} on {{donated_at}}
            {{/gifts}}{{#viewed}}{{amount_cents}} {{/viewed}}
            """,
        "content/bands/[name].md": """
            ---
            pages: SELECT name, low, high, first_label FROM bands ORDER BY name
            title: "Band {{params.name}}"
            ---
            ```sql at
            SELECT m.id, m.at FROM measures m WHERE m.at >= :low AND m.at < :high ORDER BY m.id
            ```
            ```sql valued
            SELECT id, value FROM measures WHERE value > :low AND value <= :high ORDER BY id
            ```
            ```sql labelled
            SELECT m.id, m.label FROM measures m WHERE m.label >= :first_label ORDER BY m.id
            ```
            at: {{#at}}{{id}}={{at}} {{/at}}; valued: {{#valued}}{{id}}={{value}} {{/valued}}; labelled: {{#labelled}}{{id}}={{label}} {{/labelled}}
            """,
    ]

    /// - Parameter extra: more files, added to (or replacing) `files`.
    init(extra: [String: String] = [:]) throws {
        site = try TestSite(Self.files.merging(extra) { _, new in new }, seedSQL: Self.seed)
    }

    /// Two listings of every published gift, newest first, two a page, numbered from the oldest (`paginate_from:
    /// end`): `/recent/` shows no row count, so an older page stays as it is when a gift is added; `/counted/`
    /// shows `paginator.total` in its layout, so every page changes with the count. Both show the largest gift on
    /// their first page only (`first_page`), which an edit anywhere in the table can change.
    static let listingsFromTheEnd: [String: String] = [
        "content/recent.md": Self.listingFromTheEnd(title: "Recent", layout: "default"),
        "content/counted.md": Self.listingFromTheEnd(title: "Counted", layout: "counted"),
        "templates/counted.mustache": "<!DOCTYPE html><title>{{page.title}}</title><main>{{{content}}}</main><p>{{#paginator}}{{total}}{{/paginator}} gifts</p>\n",
    ]

    private static func listingFromTheEnd(title: String, layout: String) -> String {
        """
        ---
        title: \(title)
        layout: \(layout)
        paginate: gifts
        per_page: 2
        paginate_from: end
        ---
        ```sql gifts
        SELECT d.id, d.amount_cents, u.username FROM donations d JOIN users u ON u.id = d.user_id ORDER BY d.id DESC
        ```
        ```sql largest first_page
        SELECT max(amount_cents) AS cents FROM donations
        ```
        {{#largest}}Largest {{cents}}{{/largest}}
        {{paginator.number}} of {{paginator.pages}}: {{paginator.first_row}}–{{paginator.last_row}}
        {{#paginator.previous_url}}newer {{.}}{{/paginator.previous_url}} {{#paginator.next_url}}older {{.}}{{/paginator.next_url}}
        {{#paginator.links}}[{{number}} {{url}}{{#current}} here{{/current}}]{{/paginator.links}}
        {{#gifts}}- {{id}} {{amount_cents}} {{username}}
        {{/gifts}}
        """
    }

    /// An incremental build into `public/`, as `tally build` runs it.
    func build(progress: (any BuildProgress)? = nil) throws -> BuildSummary {
        var options = BuildOptions(root: site.root)
        options.stamp = .reuse
        options.explain = true
        options.memory = memory
        return try SiteBuilder.build(options, progress: progress).get()
    }

    /// A build of the same inputs that renders everything, into a folder of its own, then the files in which the
    /// two differ: present in one only, or with other bytes.
    func mismatches() throws -> [String] {
        var options = BuildOptions(root: site.root, outputPath: "forced")
        options.stamp = .none
        _ = try SiteBuilder.build(options).get()
        let incremental = Self.files(in: site.root.appendingPathComponent("public"))
        let forced = Self.files(in: site.root.appendingPathComponent("forced"))
        return Set(incremental.keys).union(forced.keys).filter { incremental[$0] != forced[$0] }.sorted()
    }

    /// Every file with its bytes, and every folder as `path/` (an empty folder left behind is a difference too).
    private static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isFolder), isFolder.boolValue {
                files[path + "/"] = Data()
            } else if let data = FileManager.default.contents(atPath: folder.path + "/" + path) {
                files[path] = data
            }
        }
        return files
    }

    /// The edits the harness applies: rows inserted, updated and deleted in several tables (published or not),
    /// content, templates, partials, a view and the config edited, pages added and removed, and output files (pages
    /// and site files) changed, deleted or added behind Tally's back.
    enum Edit: Int, CaseIterable {
        case insertDonation, updateDonation, deleteDonation, unpublishedDonation, moveDonation, renameUser, renameOrganization,
             addOrganization, removeOrganization, editAbout, editNews, editFooterPartial, editCardPartial, editOrgLayout, editView,
             editConfig, addPage, removePage, changeOutput, deleteOutput, strayOutput, insertDatedDonation, redateDonation,
             insertMeasure, updateMeasure, deleteMeasure, replaceDatabase, changeSiteFile, deleteSiteFile
    }

    /// The files made from the whole site or a query (`SiteFiles`): the sitemap, the feed of a query, the data file.
    static let siteFiles = ["sitemap.xml", "orgs.xml", "orgs.json"]

    /// Dates on and beside the bounds of the years' pages (`rangeBounds`), and some that are no plain date.
    static let dates = ["'2023-12-31'", "'2024-01-01'", "'2024-12-31'", "'2025-01-01'", "'2023-06-01'", "'2025-01-01 00:00'", "'2024'",
                        "'20240101'", "'2024-01-01 '"]
    /// Values on and beside the bands' bounds, of every type.
    static let measureValues = ["10", "10.0", "'10'", "'b'", "NULL", "20", "' 15'", "'A'", "9.99", "'m'", "0", "'Z'", "'z'", "'20.0'"]

    /// Applies `edit`; `number` makes each edit's text new, `pick` chooses among rows.
    func apply(_ edit: Edit, number: Int, pick: Int) throws {
        let row = "LIMIT 1 OFFSET \(pick % 3)"
        switch edit {
        case .insertDonation:
            try sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) "
                + "SELECT 1, id, \(number * 7), 'USD', '2024-02-01' FROM organizations ORDER BY id \(row)")
        case .updateDonation:
            try sql("UPDATE donations SET amount_cents = \(number) WHERE id = (SELECT id FROM donations ORDER BY id \(row))")
        case .deleteDonation:
            try sql("DELETE FROM donations WHERE id = (SELECT id FROM donations ORDER BY id \(row))")
        case .unpublishedDonation:
            try sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) "
                + "SELECT 2, id, \(number), 'USD', '2024-03-01' FROM organizations ORDER BY id LIMIT 1")
        case .moveDonation:
            // With fewer organizations left than `row` skips, the gift stays where it is (organization_id is NOT NULL).
            try sql("UPDATE donations SET organization_id = coalesce((SELECT id FROM organizations ORDER BY id \(row)), organization_id) "
                + "WHERE id = (SELECT id FROM donations WHERE user_id = 1 ORDER BY id DESC LIMIT 1)")
        case .renameUser:
            try sql("UPDATE users SET display_name = 'Ada \(number)' WHERE id = 1")
        case .renameOrganization:
            try sql("UPDATE organizations SET name = 'Org \(number)' WHERE id = (SELECT id FROM organizations ORDER BY id \(row))")
        case .addOrganization:
            try sql("INSERT INTO organizations (slug, name, created_at) VALUES ('o\(number)', 'New \(number)', '2024-01-01')")
        case .removeOrganization:
            let last = "(SELECT max(id) FROM organizations)"
            try sql("DELETE FROM donations WHERE organization_id = \(last); DELETE FROM organizations WHERE id = \(last)")
        case .editAbout:
            try site.write("---\ntitle: About\n---\nAbout us \(number)\n", to: "content/about.md")
        case .editNews:
            try site.write("---\ntitle: First\ndate: 2024-01-0\(1 + pick % 9)\n---\nNews \(number)\n", to: "content/news/first.md")
        case .editFooterPartial:
            try site.write("<footer>Footer \(number)</footer>", to: "templates/footer.mustache")
        case .editCardPartial:
            try site.write(pick % 2 == 0 ? "**{{name}}**" : "_{{name}}_ (\(number))", to: "templates/card.mustache")
        case .editOrgLayout:
            try site.write("<!DOCTYPE html><title>{{page.title}}</title><article data-n=\"\(number)\">{{{content}}}</article>\n",
                           to: "templates/org.mustache")
        case .editView:
            try site.write(Self.view(number), to: "views/org_totals.sql")
        case .editConfig:
            try site.write(Self.config(number), to: "tally.yaml")
        case .addPage:
            try site.write("---\ntitle: Extra \(number)\n---\nExtra page \(number)\n", to: "content/extra/p\(number).md")
        case .removePage:
            let folder = site.root.appendingPathComponent("content/extra")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            if !names.isEmpty { try FileManager.default.removeItem(at: folder.appendingPathComponent(names[pick % names.count])) }
        case .changeOutput:
            let file = site.root.appendingPathComponent("public/about/index.html")
            if FileManager.default.fileExists(atPath: file.path) { try Data("changed by hand \(number)".utf8).write(to: file) }
        case .deleteOutput:
            try? FileManager.default.removeItem(at: site.root.appendingPathComponent("public/orgs/a/index.html"))
        case .insertDatedDonation:
            try sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) "
                + "VALUES (1, 1, \(number * 11), 'USD', \(Self.dates[pick % Self.dates.count]))")
        case .redateDonation:
            try sql("UPDATE donations SET donated_at = \(Self.dates[(pick + number) % Self.dates.count]) WHERE id = (SELECT id FROM donations ORDER BY id \(row))")
        case .insertMeasure:
            let values = Self.measureValues
            try sql("INSERT INTO measures (at, value, label) VALUES (\(values[pick % values.count]), \(values[(pick + number) % values.count]), "
                + "\(values[(pick + 2 * number) % values.count]))")
        case .updateMeasure:
            let column = ["at", "value", "label"][number % 3]
            try sql("UPDATE measures SET \(column) = \(Self.measureValues[(pick + number) % Self.measureValues.count]) "
                + "WHERE id = (SELECT id FROM measures ORDER BY id \(row))")
        case .deleteMeasure:
            try sql("DELETE FROM measures WHERE id = (SELECT id FROM measures ORDER BY id \(row))")
        case .replaceDatabase:
            // Another file in its place, as an export copied over it: a new inode, the same schema, one row changed.
            let database = site.root.appendingPathComponent("site.sqlite")
            let copy = site.root.appendingPathComponent("site.sqlite.new")
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: database, to: copy)
            try DatabaseMigrations.migrate(databaseAt: copy.path, seedSQL: "UPDATE organizations SET name = 'Replaced \(number)' WHERE id = (SELECT min(id) FROM organizations)")
            guard rename(copy.path, database.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        case .changeSiteFile:
            let file = site.root.appendingPathComponent("public/" + Self.siteFiles[pick % Self.siteFiles.count])
            if FileManager.default.fileExists(atPath: file.path) { try Data("changed by hand \(number)".utf8).write(to: file) }
        case .deleteSiteFile:
            try? FileManager.default.removeItem(at: site.root.appendingPathComponent("public/" + Self.siteFiles[pick % Self.siteFiles.count]))
        case .strayOutput:
            // A file no build makes, in a folder of its own and in a page's folder: both must go.
            try site.write("stray \(number)", to: "public/stray/p\(number)/index.html")
            try site.write("stray \(number)", to: "public/about/stray.html")
        }
    }

    func sql(_ statements: String) throws {
        try DatabaseMigrations.migrate(databaseAt: site.root.appendingPathComponent("site.sqlite").path, seedSQL: statements)
    }
}
