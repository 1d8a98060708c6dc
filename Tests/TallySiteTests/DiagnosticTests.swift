import Foundation
import TallyFormat
import TallySite
import TallyTestSupport
import Testing

/// Each bad input gets its exact diagnostic, compiler style, with a hint.
@Suite struct DiagnosticTests {
    @Test func sqlErrorsNameTheFileLineAndQuery() throws {
        let site = try TestSite(["content/report.md": "---\ntitle: R\n---\nIntro\n\n```sql gifts\nSELECT\n  amount\nFROM donations\n```\n"])
        #expect(site.errors() == [
            "content/report.md:8:1: error: no such column: amount (in query 'gifts')\n  hint: check the column names; `tally docs database` lists every table's columns",
        ])
    }

    /// A person's time zone that is no IANA name stops the page at the query that reads it, rather than showing
    /// hours in a zone the page does not name.
    @Test func aPersonsZoneThatIsNoIANANameIsAnErrorAtTheQuery() throws {
        let site = try TestSite(["content/hours.md": "```sql hours\nSELECT local_datetime(d.published_at, u.timezone) AS at\nFROM post_deliveries d JOIN posts p ON p.id = d.post_id\n  JOIN users u ON u.id = p.user_id\n```\n{{#hours}}{{at}}{{/hours}}\n"],
                                seedSQL: """
            INSERT INTO users (id, username, display_name, created_at, timezone) VALUES (1, 'ada', 'Ada', '2024-01-01', 'Pacific Time');
            INSERT INTO social_accounts (id, user_id, platform, handle) VALUES (1, 1, 'mastodon', '@ada');
            INSERT INTO posts (id, user_id, content, created_at) VALUES (1, 1, 'Hi', '2025-03-01T10:00:00Z');
            INSERT INTO post_deliveries (post_id, account_id, status, published_at, likes, shares) VALUES (1, 1, 'published', '2025-03-01T10:05:00Z', 0, 0);
            """)
        #expect(site.errors() == [
            "content/hours.md:2:1: error: local_datetime: \"Pacific Time\" is not an IANA time zone name such as America/New_York (in query 'hours')\n"
                + "  hint: write the zone as an IANA name such as America/Los_Angeles, or leave it empty for the site's `timezone`; `tally check` names each users row with a bad one",
        ])
    }

    @Test func aMissingTableIsLocatedWhereTheQueryNamesIt() throws {
        let site = try TestSite(["content/a.md": "```sql gifts\nSELECT d.amount_cents\nFROM donations d\n  JOIN gift_notes n ON n.donation_id = d.id\n```\n"])
        #expect(site.errors() == [
            "content/a.md:4:1: error: no such table: gift_notes (in query 'gifts')\n  hint: the tables are listed in `tally docs database`; personal tables only hold published users' rows",
        ])
    }

    @Test func frontMatterYAMLErrorsPointAtTheirLine() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [x, y\n---\nbody"])
        #expect(site.errors() == [
            "content/a.md:3:7: error: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n  hint: check that what starts on this line is closed",
        ])
    }

    /// Yams notices an unclosed quote at the end of the front matter; the error is where the quote starts.
    @Test func anUnclosedQuoteIsReportedWhereItStarts() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: \"Unclosed\ndescription: fine\nlayout: default\n---\n\nBody.\n",
                                 "content/b.md": "---\ndescription: fine\ntitle: 'it''s\n---\nBody.\n"])
        let hint = "\n  hint: end it with the same quote it starts with, and write a quote inside it as '' in '…' or \\\" in \"…\""
        #expect(site.errors() == [
            "content/a.md:2:8: error: invalid YAML: a quoted value that starts here is never closed" + hint,
            "content/b.md:3:8: error: invalid YAML: a quoted value that starts here is never closed" + hint,
        ])
    }

    @Test func wrongFrontMatterTypesAreErrors() throws {
        let site = try TestSite(["content/a.md": "---\ndraft: maybe\ndate: last week\n---\nbody"])
        #expect(site.errors() == [
            "content/a.md:2:8: error: front matter `draft` must be true or false\n  hint: see `tally docs content`",
            "content/a.md:3:7: error: front matter `date` must be an ISO 8601 date such as 2024-03-05\n  hint: see `tally docs content`",
        ])
    }

    @Test func unknownNamesAreErrorsAtTheTagThatUsedThem() throws {
        let site = try TestSite(["content/a.md": "```sql orgs\nSELECT name FROM organizations\n```\n\n{{#gift}}x{{/gift}}\n"],
                                seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('a', 'A', '2024-01-01');")
        #expect(site.errors() == [
            "content/a.md:5:1: error: unknown name `gift`\n  hint: queries on this page: orgs; front matter keys are under page.*",
        ])
    }

    @Test func aMisspeltKeyAfterADotIsAnErrorThatSuggestsTheKey() throws {
        let site = try TestSite([
            "content/a.md": """
                ---
                author: Ada
                ---
                ```sql gifts
                SELECT 5 AS amount, 'x' AS note
                ```
                Total {{gifts.amout}} by {{page.autor}}.
                {{#gifts}}{{amont}}{{/gifts}}
                """,
            "templates/default.mustache": "<title>{{page.titel}} · {{site.titel}}</title>\n{{#page.descripton}}x{{/page.descripton}}{{{content}}}\n",
        ])
        let pageKeys = "author, breadcrumbs, canonical_url, date, description, file, language, meta_description, nav, tags, title, url, weight"
        #expect(site.errors() == [
            "content/a.md:7:7: error: unknown name `gifts.amout`\n  hint: did you mean `amount`? `gifts` has: amount, note",
            "content/a.md:7:26: error: unknown name `page.autor`\n  hint: did you mean `author`? `page` has: \(pageKeys)",
            "content/a.md:8:11: error: unknown name `amont`\n  hint: did you mean `amount`? queries on this page: gifts; front matter keys are under page.*",
            "templates/default.mustache:1:8: error: unknown name `page.titel`\n  hint: did you mean `title`? `page` has: \(pageKeys)",
            "templates/default.mustache:1:25: error: unknown name `site.titel`\n  hint: did you mean `title`? `site` has: base_path, base_url, currency, description, feeds, language, timezone, title, users",
            "templates/default.mustache:2:1: error: unknown name `page.descripton`\n  hint: did you mean `description`? `page` has: \(pageKeys)",
        ])
    }

    /// Only a key the value can never have is an error: optional front matter, NULLs and empty results are not.
    @Test func optionalKeysEmptyValuesAndEmptyResultsAreNotErrors() throws {
        let site = try TestSite([
            "content/a.md": "---\nsubtitle: Sub\n---\n```sql gifts\nSELECT NULL AS note\n```\n{{#gifts}}[{{#note}}{{note}}{{/note}}]{{/gifts}}",
            "content/b.md": "```sql gifts\nSELECT 1 AS total WHERE 0\n```\n{{^gifts}}none for {{site.title}}{{/gifts}} {{gifts.total}}",
            "content/c.md": "---\ndraft: true\nhero: h.png\n---\nDraft",
            "templates/default.mustache": "{{#page.subtitle}}<h2>{{page.subtitle}}</h2>{{/page.subtitle}}{{#page.hero}}<img src=\"{{page.hero}}\">{{/page.hero}}{{{content}}}",
        ])
        _ = try site.build().get()
        #expect(site.output("a/index.html") == "<h2>Sub</h2><p>[]</p>\n")
        #expect(site.output("b/index.html") == "<p>none for Test</p>\n")
    }

    @Test func templateSyntaxErrorsInContentAndLayoutsAreLocated() throws {
        let site = try TestSite([
            "content/a.md": "---\ntitle: A\n---\n\n{{#orgs}}\n",
            "templates/default.mustache": "<main>\n{{{content}}\n</main>",
        ])
        #expect(site.errors() == [
            "content/a.md:5:1: error: section `orgs` is never closed\n  hint: add {{/orgs}} after its content",
            "templates/default.mustache:2:13: error: unfinished tag\n  hint: end the tag with }} (or }}} for a triple mustache)",
        ])
    }

    @Test func frontMatterThatNeverEndsIsAnError() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\nThe page's text, but the front matter was never closed.\n"])
        #expect(site.errors() == [
            "content/a.md:1:1: error: the front matter that starts here is never closed\n  hint: end it with a line of three dashes, ---, before the page's text",
        ])
    }

    @Test func aLayoutCannotInsertADatabaseValueUnescaped() throws {
        let site = try TestSite(["content/a.md": "body", "templates/default.mustache": "<main>{{{content}}}</main>\n<p>{{{page.title}}}</p>\n"])
        #expect(site.errors() == [
            "templates/default.mustache:2:4: error: unescaped tag '{{{page.title}}}' would insert its value as HTML\n  hint: use {{page.title}} so the value is escaped; only {{{content}}} and {{{charts.NAME}}} hold HTML that Tally made",
        ])
    }

    @Test func missingLayoutsAndPartialsAreErrors() throws {
        let site = try TestSite([
            "content/a.md": "---\nlayout: report\n---\nbody",
            "templates/default.mustache": "{{> header}}{{{content}}}",
        ])
        #expect(site.errors() == [
            "content/a.md:2:1: error: no layout named `report`\n  hint: create templates/report.mustache; layouts here: default",
            "templates/default.mustache:1:1: error: no partial named `header`\n  hint: create templates/header.mustache; templates here: default",
        ])
    }

    /// A read-only PRAGMA is not a page query: only SELECT, WITH … SELECT and VALUES run.
    @Test func aPragmaIsNotAPageQuery() throws {
        let site = try TestSite(["content/p.md": "# P\n\n```sql p\n/* settings */ PRAGMA writable_schema\n```\n{{p.writable_schema}}\n",
                                 "content/q.md": "```sql q\n-- fine\nWITH x AS (SELECT 1 AS n) SELECT n FROM x\n```\n```sql v\nVALUES (2)\n```\n{{q.n}}\n"])
        #expect(site.errors() == [
            "content/p.md:4:1: error: only SELECT queries may run; the database is read-only (in query 'p')\n  hint: pages can only read the database: write a SELECT (WITH … SELECT and VALUES are read statements too)",
        ])
    }

    /// Two statements in one query are named in Tally's words at the second one's line, not in GRDB's
    /// ("Multiple statements found. To execute multiple statements, use Database.execute(sql:)…").
    @Test func aQueryWithTwoStatementsIsToldWhereTheSecondStarts() throws {
        let site = try TestSite(["content/p.md": "# P\n\n```sql p\nSELECT 1 AS n;\n\n  SELECT 2 AS n\n```\n{{p.n}}\n",
                                 "content/q.md": "```sql q\nSELECT 1 AS n;\n\n```\n{{q.n}}\n"])
        #expect(site.errors() == [
            "content/p.md:6:1: error: a query is one SQL statement; a second statement starts here (in query 'p')\n  hint: give each statement a ```sql block of its own, or remove the `;` after the first",
        ])
    }

    @Test func aFileWhosePathIsNoSafeURLIsRefused() throws {
        let site = try TestSite(["content/My Page.md": "x\n", "content/Über uns/index.md": "y\n", "content/fine-page_2.md": "z\n"])
        #expect(site.errors() == [
            "content/My Page.md:1:1: error: `My Page` is not a safe URL segment, and the file's path is its URL\n  hint: rename it with letters, digits, '-', '_', '.' and '~' only, such as my-page",
            "content/Über uns/index.md:1:1: error: `Über uns` is not a safe URL segment, and the file's path is its URL\n  hint: rename it with letters, digits, '-', '_', '.' and '~' only, such as uber-uns",
        ])
    }

    @Test func aLayoutNamedWithItsFileExtensionIsToldToDropIt() throws {
        let site = try TestSite(["content/a.md": "---\nlayout: default.mustache\n---\nbody"])
        #expect(site.errors() == [
            "content/a.md:2:1: error: no layout named `default.mustache`\n  hint: write `layout: default`: a layout is named without .mustache; layouts here: default",
        ])
    }

    /// A typo in a templated title would blank the <title> and <h1> of every page the file makes.
    @Test func aKeyThatTheRowOfATemplatedPageLacksIsAnErrorAtItsFrontMatterKey() throws {
        let site = try TestSite([
            "content/people/[id].md": "---\npages: SELECT 1 AS id, 'Ada' AS name\ntitle: \"{{params.nmae}}\"\ndescription: \"About {{params.name}}\"\n---\n{{params.nam}}\n",
        ])
        #expect(site.errors() == [
            "content/people/[id].md:3:1: error: in `title`: unknown name `params.nmae`\n  hint: did you mean `name`? `params` has: id, name",
            "content/people/[id].md:6:1: error: unknown name `params.nam`\n  hint: did you mean `name`? `params` has: id, name",
        ])
    }

    /// A page that is not templated has no params at all, so reading one, in its title or its body, is a mistake.
    @Test func paramsOnAPageThatIsNotTemplatedIsAnErrorThatSaysSo() throws {
        let site = try TestSite([
            "content/about.md": "---\ntitle: \"{{params.nmae}}\"\n---\nHello {{params.name}}\n",
        ])
        let hint = "this page is not templated, so it has no params: only a file named like [slug].md, with a `pages:` query, gives each page its row as params.*"
        #expect(site.errors() == [
            "content/about.md:2:1: error: in `title`: unknown name `params.nmae`\n  hint: " + hint,
            "content/about.md:4:7: error: unknown name `params.name`\n  hint: " + hint,
        ])
    }

    /// `site` has a fixed set of keys, checked once per build in titles and descriptions as in bodies.
    @Test func anUnknownSiteKeyInATitleOrDescriptionIsAnErrorAtItsKey() throws {
        let site = try TestSite([
            "content/about.md": "---\ntitle: \"{{site.titel}}\"\ndescription: \"About {{site.descripton}}\"\n---\nHello\n",
        ])
        let keys = "`site` has: base_path, base_url, currency, description, feeds, language, timezone, title, users"
        #expect(site.errors() == [
            "content/about.md:2:1: error: in `title`: unknown name `site.titel`\n  hint: did you mean `title`? " + keys,
            "content/about.md:3:1: error: in `description`: unknown name `site.descripton`\n  hint: did you mean `description`? " + keys,
        ])
    }

    /// A title is part of `page`, so it cannot read page.*: the hint says what it can read, and never suggests `page`.
    @Test func anUnknownNameInATitleIsAtItsKeyWithAHintForTitles() throws {
        let site = try TestSite([
            "content/a.md": "---\ndraft: false\ntitle: \"{{page.titel}}\"\n---\n\nBody.\n",
            "content/b.md": "---\ntitle: \"{{sitee.title}}\"\n---\nB\n",
        ])
        let canUse = "a `title` can use params.* (a templated page's row), site.* and this page's queries, but not page.*, which it is part of"
        #expect(site.errors() == [
            "content/a.md:3:1: error: in `title`: unknown name `page`\n  hint: " + canUse,
            "content/b.md:2:1: error: in `title`: unknown name `sitee`\n  hint: did you mean `site`? " + canUse,
        ])
    }

    /// The failing tag, not the first money() of the file: the value names the column it came from.
    @Test func aHelperProblemPointsAtTheTagThatAppliedItToTheColumn() throws {
        let site = try TestSite([
            "content/a.md": "```sql x\nSELECT 1250 AS total_cents, 'lots' AS other_cents\n```\nTotal: {{money(x.total_cents)}}\n\n"
                + "{{#x}}Other: {{money(other_cents)}}{{/x}}\n",
        ])
        #expect(site.errors() == [
            "content/a.md:6:14: error: money: 'lots' is not an integer amount in minor units (cents)\n  hint: fix the value in the database, or select a different column",
        ])
    }

    /// swift-mustache renders a transform it does not know as an empty string; Tally refuses it where it is written.
    @Test func anUnknownHelperIsAnErrorWhereverItIsWritten() throws {
        let site = try TestSite([
            "content/a.md": "---\ntitle: A\n---\n```sql x\nSELECT 1250 AS total_cents\n```\nTotal: {{mony(x.total_cents)}}\n",
            "content/b.md": "---\ntitle: \"{{capitalise(page.url)}}\"\n---\nB\n",
            "templates/default.mustache": "<main>{{{content}}}</main>\n{{#page.nav}}{{#frist()}}x{{/frist()}}{{/page.nav}}\n",
        ])
        #expect(site.errors() == [
            "content/a.md:7:8: error: unknown helper `mony`\n  hint: did you mean `money`? `tally docs content#helpers` lists the helpers",
            "content/b.md:2:1: error: in `title`: unknown helper `capitalise`\n  hint: did you mean `capitalized`? `tally docs content#helpers` lists the helpers",
            "templates/default.mustache:2:14: error: unknown helper `frist`\n  hint: did you mean `first`? `tally docs content#helpers` lists the helpers",
        ])
    }

    @Test func unknownConfigKeysSuggestTheRightOne() throws {
        let site = try TestSite(["tally.yaml": "title: T\ndatabase: site.sqlite\npublish_user: [ada]\n", "content/a.md": "x"])
        #expect(site.errors() == [
            "tally.yaml:3:1: error: unknown config key `publish_user`\n  hint: did you mean `publish_users`? see `tally docs config`",
        ])
    }

    @Test func aMissingDatabaseIsReportedAgainstTheConfig() throws {
        let site = try TestSite(["tally.yaml": "title: T\ndatabase: nowhere.sqlite\n", "content/a.md": "x"])
        let path = site.root.appendingPathComponent("nowhere.sqlite").path
        #expect(site.errors() == [
            "tally.yaml: error: database '\(path)' does not exist\n  hint: create it with `tally migrate PATH`, or set `database:` in the site config",
        ])
    }

    @Test func unsafeSlugsAreRejectedNamingTheRowAndNothingIsWrittenOutside() throws {
        let site = try TestSite([
            "content/orgs/[slug].md": "---\npages: SELECT slug FROM organizations ORDER BY id\n---\nx",
        ], seedSQL: "INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'ok', 'A', '2024-01-01'), (2, '../../escape', 'B', '2024-01-01');")
        #expect(site.errors() == [
            "content/orgs/[slug].md:2:1: error: row 2 of the `pages` query gives slug = '../../escape', which is not a safe URL segment\n  hint: use only letters, digits, '-', '_', '.' and '~' (not starting with '.'); slugify(slug) in SQL makes one",
        ])
        #expect(!FileManager.default.fileExists(atPath: site.root.deletingLastPathComponent().appendingPathComponent("escape").path))
    }

    @Test func unparseableDatesAreReportedNotDropped() throws {
        let site = try TestSite(["content/a.md": "```sql d\nSELECT 'someday' AS day\n```\n\nOn {{#d}}{{date(day)}}{{/d}}\n"])
        #expect(site.errors() == [
            "content/a.md:5:10: error: date: 'someday' is not an ISO 8601 date (expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)\n  hint: fix the value in the database, or select a different column",
        ])
    }

    @Test func aBuildCollectsEveryErrorBeforeFailing() throws {
        let site = try TestSite([
            "content/a.md": "```sql x\nSELECT nope FROM organizations\n```\n",
            "content/b.md": "{{#missing}}{{/missing}}",
            "content/c.md": "---\nweight: heavy\n---\n",
        ])
        #expect(site.errors().count == 3)
    }

    @Test func aFailedBuildLeavesThePreviousOutputWhole() throws {
        let site = try TestSite(["content/index.md": "good", "content/about.md": "about", "public/.git/HEAD": "ref: refs/heads/gh-pages"])
        _ = try site.build().get()
        let before = site.allOutput()
        try site.write("{{#broken}}", to: "content/about.md")
        #expect(!site.errors().isEmpty)
        #expect(site.allOutput() == before)
        #expect(site.output("about/index.html")?.contains("<p>about</p>") == true)
        #expect(site.output(".git/HEAD") == "ref: refs/heads/gh-pages")
        #expect(site.allFiles().filter { $0.contains("staging") }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".public.staging-\(ProcessInfo.processInfo.processIdentifier)").path))
    }

    @Test func aStaticFileMayNotOverwriteAGeneratedFile() throws {
        let site = try TestSite([
            "tally.yaml": "title: T\ndatabase: site.sqlite\nbase_url: https://example.org/\nfeeds:\n  - {title: News, path: /feeds/news.xml, pages: /}\n",
            "content/index.md": "home",
            "content/about.md": "about",
            "content/orgs/[slug].md": "---\npages: SELECT slug FROM organizations\n---\norg",
            "content/search.json.sql": "SELECT slug FROM organizations",
            "static/about/index.html": "mine",
            "static/orgs/amf/index.html": "mine",
            "static/search.json": "[]",
            "static/feeds/news.xml": "<feed/>",
            "static/sitemap.xml": "<urlset/>",
            "static/charts.css": "svg{}",
        ], seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('amf', 'A', '2024-01-01');")
        #expect(site.errors() == [
            "static/about/index.html: error: this file would overwrite the page generated from content/about.md\n  hint: delete the static file, or move content/about.md to another address",
            "static/charts.css: error: this file would overwrite the chart stylesheet Tally generates\n  hint: to restyle charts, save your stylesheet under another name, such as static/css/charts.css, and link that",
            "static/feeds/news.xml: error: this file would overwrite the feed declared in tally.yaml\n  hint: delete the static file, or give the feed another `path` in tally.yaml",
            "static/orgs/amf/index.html: error: this file would overwrite the page generated from content/orgs/[slug].md\n  hint: delete the static file, or move content/orgs/[slug].md to another address",
            "static/search.json: error: this file would overwrite the file generated from content/search.json.sql\n  hint: delete the static file, or rename content/search.json.sql",
            "static/sitemap.xml: error: this file would overwrite the sitemap generated from the site's pages\n  hint: delete the static file: Tally writes sitemap.xml whenever `base_url` is a full address",
        ])
    }

    @Test func theOutputFolderMayNotContainTheSite() throws {
        let site = try TestSite(["content/index.md": "x"])
        let result = SiteBuilder.build(BuildOptions(root: site.root, outputPath: site.root.path))
        guard case .failure(let failure) = result else { Issue.record("expected a failure"); return }
        #expect(failure.diagnostics.map(\.message) == ["the output folder contains the site itself"])
    }
}
