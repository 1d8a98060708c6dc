import Foundation
import Synchronization
import Testing
@testable import TallySite
import TallyTestSupport

/// Which pages an incremental build renders, and why; the rest keep their files from the previous output.
@Suite struct IncrementalBuildTests {
    private func inode(_ fixture: IncrementalFixture, _ path: String) -> UInt64? {
        var info = stat()
        guard stat(fixture.site.root.appendingPathComponent("public/" + path).path, &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }

    @Test func aPublishedDonationRendersOnlyThePagesWhoseQueriesShowIt() throws {
        let fixture = try IncrementalFixture()
        let first = try fixture.build()
        #expect(first.pagesKept == 0 && first.renderReasons["/about/"] == "no earlier build recorded its pages")
        let aboutInode = inode(fixture, "about/index.html")
        let betaInode = inode(fixture, "orgs/b/index.html")
        try fixture.apply(.insertDonation, number: 1, pick: 0)
        let second = try fixture.build()
        #expect(second.renderReasons == [
            "/": "the rows its queries read changed (table donations changed; query `orgs` reads donations through `org_totals`, which is not row by row)",
            "/orgs/a/": "the rows its queries read changed (table donations changed; query `gifts` reads donations with no top-level WHERE equality to a value of the pages row)",
            "/gifts/a/": "its rows of donations changed (organization_id = :organization_id)",
            "/given/a/": "it is a paginated listing, and table donations changed",
            "/news/first/": "a feed lists it",
        ])
        #expect(second.pagesKept == 10 && second.pagesRendered == 16, "the listings' pages count one each")
        #expect(inode(fixture, "about/index.html") == aboutInode && inode(fixture, "orgs/b/index.html") == betaInode)
        #expect(try fixture.mismatches() == [])
    }

    /// A donation moved from one organization to another changes the rows of both: the old row's key and the new.
    @Test func aMovedDonationRendersTheKeyedPagesOfBothOrganizations() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.moveDonation, number: 1, pick: 2)
        let summary = try fixture.build()
        #expect(summary.renderReasons.keys.filter { $0.hasPrefix("/gifts/") }.sorted() == ["/gifts/b/", "/gifts/c/"])
        #expect(try fixture.mismatches() == [])
    }

    /// `count(*)` over a common table expression is reported as a read of a table by its name: it is no input.
    @Test func aCommonTableExpressionDoesNotRenderItsPageEveryTime() throws {
        let fixture = try IncrementalFixture()
        try fixture.site.write("---\ntitle: Count\n---\n```sql n\nWITH gaps (c) AS (SELECT currency FROM donations)\nSELECT count(*) AS n FROM gaps\n```\n{{#n}}{{n}}{{/n}}\n",
                               to: "content/count.md")
        _ = try fixture.build()
        try fixture.apply(.editAbout, number: 1, pick: 0)
        #expect(try fixture.build().renderReasons["/count/"] == nil)
    }

    /// A listing is kept whole, its later pages too (still in the sitemap), while nothing it reads changes; then
    /// each of its pages is kept if it shows what it showed.
    @Test func aListingIsKeptPageByPageWhenATableItReadsChanges() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        let later = inode(fixture, "orgs/page/2/index.html")
        try fixture.apply(.editAbout, number: 1, pick: 0)
        #expect(try fixture.build().renderReasons["/orgs/"] == nil)
        #expect(inode(fixture, "orgs/page/2/index.html") == later)
        #expect(try fixture.mismatches() == [])
        try fixture.apply(.renameOrganization, number: 2, pick: 0)
        #expect(try fixture.build().renderReasons["/orgs/"] == "it is a paginated listing, and table organizations changed")
        #expect(inode(fixture, "orgs/page/2/index.html") == later, "page 2 shows Gamma only, which did not change")
        #expect(try fixture.mismatches() == [])
        try fixture.apply(.renameOrganization, number: 3, pick: 2)
        #expect(try fixture.build().renderReasons["/orgs/"] == nil, "page 1 shows Alpha and Beta, which did not change")
        #expect(inode(fixture, "orgs/page/2/index.html") != later)
        #expect(try fixture.mismatches() == [])
    }

    /// An index added to a table, or statistics made by `ANALYZE`, change SQLite's plans, and with them the order of
    /// rows that tie in an ORDER BY: a page that reads the table shows them as a full build would. Here the index
    /// on `kind` is scanned backwards, and the three rows of kind `a` come newest first, where a sort kept them in
    /// rowid order.
    @Test(arguments: ["CREATE INDEX ties_by_kind ON ties (kind)", "ANALYZE"])
    func aChangeToWhatSQLitePlansFromShowsOnThePagesThatReadTheTable(_ statement: String) throws {
        let fixture = try IncrementalFixture(extra: [
            "content/ties.md": "---\ntitle: Ties\n---\n```sql ties\nSELECT label FROM ties ORDER BY kind DESC\n```\n{{#ties}}{{label}} {{/ties}}\n",
        ])
        try fixture.sql("CREATE TABLE ties (id INTEGER PRIMARY KEY, kind TEXT, label TEXT); "
                        + "INSERT INTO ties VALUES (1, 'a', 'one'), (2, 'a', 'two'), (3, 'a', 'three'), (4, 'b', 'four');")
        _ = try fixture.build()
        #expect(fixture.site.output("ties/index.html")?.contains("four one two three") == true)
        try fixture.sql(statement)
        _ = try fixture.build()
        if statement.hasPrefix("CREATE INDEX") {
            #expect(fixture.site.output("ties/index.html")?.contains("four three two one") == true)
        }
        #expect(try fixture.mismatches() == [])
    }

    /// The same for a templated page keyed on its row (`WHERE kind = :kind`), which a changed row of another key
    /// would leave as it is: no row changed, but the index on (kind, day) is scanned backwards, and the rows of one
    /// day come newest first.
    @Test func aKeyedPageShowsTiedRowsInTheOrderOfANewIndex() throws {
        let fixture = try IncrementalFixture(extra: [
            "content/kinds/[kind].md": "---\npages: SELECT DISTINCT kind FROM ties ORDER BY kind\ntitle: \"{{params.kind}}\"\n---\n"
                + "```sql ties\nSELECT label FROM ties WHERE kind = :kind ORDER BY day DESC\n```\n{{#ties}}{{label}} {{/ties}}\n",
        ])
        try fixture.sql("CREATE TABLE ties (id INTEGER PRIMARY KEY, kind TEXT, day TEXT, label TEXT); INSERT INTO ties VALUES "
                        + "(1, 'a', 'd1', 'one'), (2, 'a', 'd1', 'two'), (3, 'a', 'd1', 'three'), (4, 'b', 'd1', 'four');")
        _ = try fixture.build()
        #expect(fixture.site.output("kinds/a/index.html")?.contains("one two three") == true)
        try fixture.sql("CREATE INDEX ties_by_kind_and_day ON ties (kind, day)")
        _ = try fixture.build()
        #expect(fixture.site.output("kinds/a/index.html")?.contains("three two one") == true)
        #expect(try fixture.mismatches() == [])
    }

    /// A view edited elsewhere in the site leaves the other tables' plans as they were: a donation's keyed pages are
    /// still found by their changed rows, not by running every keyed page's queries.
    @Test func aViewEditedElsewhereKeepsTheKeyedPagesOfAChangedTable() throws {
        let fixture = try IncrementalFixture(extra: ["views/slugs.sql": "SELECT slug FROM organizations\n"])
        _ = try fixture.build()
        try fixture.site.write("-- The organizations' slugs.\nSELECT slug FROM organizations\n", to: "views/slugs.sql")
        try fixture.apply(.insertDonation, number: 1, pick: 0)
        let reasons = try fixture.build().renderReasons
        #expect(reasons["/gifts/a/"] == "its rows of donations changed (organization_id = :organization_id)")
        #expect(reasons["/gifts/b/"] == nil)
        #expect(try fixture.mismatches() == [])
    }

    /// A page that lists the database's indexes shows one added since the last build.
    @Test func aPageListingTheIndexesShowsANewOne() throws {
        let fixture = try IncrementalFixture(extra: [
            "content/indexes.md": "---\ntitle: Indexes\n---\n```sql found\nSELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'site_%' ORDER BY name\n```\n{{#found}}{{name}} {{/found}}\n",
        ])
        _ = try fixture.build()
        try fixture.sql("CREATE INDEX site_gifts_by_amount ON donations (amount_cents)")
        _ = try fixture.build()
        #expect(fixture.site.output("indexes/index.html")?.contains("site_gifts_by_amount") == true)
        #expect(try fixture.mismatches() == [])
    }

    /// A query marked `first_page` is on the listing's first page only: a change to its rows alone renders that page,
    /// and the later pages keep their files.
    @Test func aFirstPageQueryChangesTheListingsFirstPageOnly() throws {
        let fixture = try IncrementalFixture(extra: ["content/ranked.md": """
            ---
            title: Ranked
            paginate: orgs
            per_page: 1
            ---
            ```sql orgs
            SELECT name FROM organizations ORDER BY slug
            ```
            ```sql given first_page
            SELECT sum(amount_cents) AS cents FROM donations
            ```
            {{#given}}Given {{cents}}.{{/given}}
            {{#orgs}}- {{name}}
            {{/orgs}}
            """])
        _ = try fixture.build()
        let later = [inode(fixture, "ranked/page/2/index.html"), inode(fixture, "ranked/page/3/index.html")]
        #expect(!later.contains(nil))
        try fixture.apply(.insertDonation, number: 1, pick: 0)
        #expect(try fixture.build().renderReasons["/ranked/"] == "it is a paginated listing, and table donations changed")
        #expect(fixture.site.output("ranked/index.html")?.contains("Given ") == true)
        #expect(fixture.site.output("ranked/page/2/index.html")?.contains("Given") == false)
        #expect([inode(fixture, "ranked/page/2/index.html"), inode(fixture, "ranked/page/3/index.html")] == later)
        #expect(try fixture.mismatches() == [])
    }

    /// In a listing numbered from its end, a row added at its start changes its first page only, until the first
    /// page splits and a new page appears; a listing whose templates show the row count renders every page.
    @Test func aListingNumberedFromItsEndKeepsItsOlderPagesWhenARowIsAdded() throws {
        let fixture = try IncrementalFixture(extra: IncrementalFixture.listingsFromTheEnd)
        try fixture.apply(.insertDonation, number: 1, pick: 0)
        _ = try fixture.build()
        #expect(fixture.site.output("recent/index.html")?.contains("1 of 1: 1–3") == true, "three gifts, two a page: one page")
        try fixture.apply(.insertDonation, number: 2, pick: 1)
        let split = RenderCounter()
        _ = try fixture.build(progress: split)
        #expect(split.count(of: "content/recent.md") == 2, "the first page split in two: both pages render")
        #expect(fixture.site.output("recent/index.html")?.contains("2 of 2: 3–4") == true)
        #expect(fixture.site.output("recent/page/1/index.html")?.contains("1 of 2: 1–2") == true)
        #expect(try fixture.mismatches() == [])
        try fixture.apply(.insertDonation, number: 3, pick: 2)
        let renders = RenderCounter()
        _ = try fixture.build(progress: renders)
        #expect(renders.count(of: "content/recent.md") == 1, "the first page only: page 1 shows the two oldest gifts still")
        #expect(renders.count(of: "content/counted.md") == 2)
        #expect(fixture.site.output("recent/index.html")?.contains("2 of 2: 3–5") == true)
        #expect(fixture.site.output("recent/page/1/index.html")?.contains("1 of 2: 1–2") == true)
        #expect(try fixture.mismatches() == [])
    }

    /// A listing whose queries read the table by `column IN (SELECT …)` is kept whole when no changed row's value
    /// is among its subquery's; the one whose is renders (as the tag pages read donations).
    @Test func aListingKeyedThroughASubqueryIsKeptWholeWhenNoChangedRowIsItsOwn() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.insertDonation, number: 1, pick: 1)
        let reasons = try fixture.build().renderReasons
        #expect(reasons.keys.filter { $0.hasPrefix("/given/") }.sorted() == ["/given/b/"])
        #expect(reasons["/given/b/"] == "it is a paginated listing, and table donations changed")
        #expect(try fixture.mismatches() == [])
    }

    /// Gifts dated 2023 and 2024 by ada, then the years' pages of `IncrementalFixture.rangeBounds` built.
    private func yearsFixture() throws -> IncrementalFixture {
        let fixture = try IncrementalFixture(extra: IncrementalFixture.rangeBounds)
        try fixture.sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 3, 70, 'USD', '2023-05-01')")
        _ = try fixture.build()
        return fixture
    }

    /// The pages under `prefix` that rendered.
    private func rendered(_ summary: BuildSummary, under prefix: String) -> [String] {
        summary.renderReasons.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// A year's listing and page are bounded by `donated_at` as well as keyed on the person: a gift of another year
    /// leaves them as they were, kept without running a query.
    @Test func aPageBoundedByARangeIsKeptWhenTheChangedRowIsOutsideIt() throws {
        let fixture = try yearsFixture()
        try fixture.apply(.insertDatedDonation, number: 1, pick: 4)
        let summary = try fixture.build()
        #expect(rendered(summary, under: "/years/") == ["/years/2023/"])
        #expect(summary.renderReasons["/years/2023/"] == "it is a paginated listing, and table donations changed")
        #expect(rendered(summary, under: "/spans/") == ["/spans/2023/"])
        #expect(summary.renderReasons["/spans/2023/"] == "its rows of donations changed (donated_at > :starts, donated_at <= :ends)")
        #expect(try fixture.mismatches() == [])
    }

    /// A query with two equalities to the pages row is keyed on one and bounded by the other: a gift in US dollars
    /// to an organization renders its page in dollars, not its page in euros, though both read its gifts.
    @Test func aPageKeyedOnTwoEqualitiesIsKeptWhenTheChangedRowMatchesOne() throws {
        let fixture = try yearsFixture()
        try fixture.apply(.insertDatedDonation, number: 1, pick: 4)
        let summary = try fixture.build()
        #expect(rendered(summary, under: "/pairs/") == ["/pairs/a-usd/"])
        #expect(summary.renderReasons["/pairs/a-usd/"] == "its rows of donations changed (currency = :currency, organization_id = :organization_id)")
        try fixture.sql("UPDATE donations SET currency = 'EUR' WHERE id = 1")
        #expect(rendered(try fixture.build(), under: "/pairs/") == ["/pairs/a-eur/", "/pairs/a-usd/"], "both versions of the row count")
        #expect(try fixture.mismatches() == [])
    }

    /// `>=` and `<=` hold their bound, `<` and `>` do not: a gift dated 2024-01-01 is the 2024 listing's
    /// (`>= :starts`) and not the 2023 one's (`< :ends`), and the 2023 span's (`<= :ends`), not the 2024 one's
    /// (`:starts <`). Then a gift dated 2025-01-01, the end of 2024.
    @Test func aRowOnABoundIsInsideOrOutsideAsItsComparisonSays() throws {
        let fixture = try yearsFixture()
        try fixture.apply(.insertDatedDonation, number: 1, pick: 1)
        let first = try fixture.build()
        #expect(rendered(first, under: "/years/") == ["/years/2024/"])
        #expect(rendered(first, under: "/spans/") == ["/spans/2023/"])
        #expect(try fixture.mismatches() == [])
        try fixture.apply(.insertDatedDonation, number: 2, pick: 3)
        let second = try fixture.build()
        #expect(rendered(second, under: "/years/") == ["/years/2025/"], "a new page; 2024's ends before the gift")
        #expect(second.renderReasons["/years/2025/"] == "new page, or it had problems in the last build")
        #expect(rendered(second, under: "/spans/") == ["/spans/2024/", "/spans/2025/"])
        #expect(try fixture.mismatches() == [])
    }

    /// A gift whose date changes from one year to another is in the ranges of both, by its old version and its new.
    @Test func aRowMovedAcrossABoundRendersThePagesOfBothSides() throws {
        let fixture = try yearsFixture()
        try fixture.sql("UPDATE donations SET donated_at = '2023-12-31' WHERE id = 2")
        let summary = try fixture.build()
        #expect(rendered(summary, under: "/years/") == ["/years/2023/", "/years/2024/"])
        #expect(try fixture.mismatches() == [])
    }

    /// `measures.at` has no affinity (an integer sorts before any text), `value` NUMERIC (a parameter that reads as a
    /// number is one), `label` NOCASE; a NULL in a row or a bound passes no comparison. Each band's page is kept when
    /// SQLite's comparison keeps the changed row out, where comparing the values alone would not.
    @Test func comparisonsFollowSQLitesAffinityCollationAndNull() throws {
        let fixture = try IncrementalFixture(extra: IncrementalFixture.rangeBounds)
        _ = try fixture.build()
        try fixture.sql("INSERT INTO measures (at, value, label) VALUES (10, NULL, NULL)")
        #expect(rendered(try fixture.build(), under: "/bands/") == ["/bands/mid/"], "10 is not < 10, nor >= '10', which is text")
        #expect(try fixture.mismatches() == [])
        try fixture.sql("INSERT INTO measures (at, value, label) VALUES (NULL, '9.5', NULL)")
        #expect(rendered(try fixture.build(), under: "/bands/") == ["/bands/low/"], "NUMERIC: 9.5 is not > '10', which is 10")
        #expect(try fixture.mismatches() == [])
        try fixture.sql("INSERT INTO measures (at, value, label) VALUES (1, 1, 'zz')")
        #expect(rendered(try fixture.build(), under: "/bands/") == ["/bands/low/", "/bands/mid/", "/bands/texts/", "/bands/words/"],
                "'zz' is the label of every band with one; the NULL band's bounds pass nothing")
        #expect(try fixture.mismatches() == [])
        try fixture.sql("INSERT INTO measures (at, value, label) VALUES (NULL, NULL, 'n')")
        #expect(rendered(try fixture.build(), under: "/bands/") == ["/bands/low/", "/bands/mid/", "/bands/words/"],
                "NOCASE: 'n' >= 'M' and not >= 'Z'")
        #expect(try fixture.mismatches() == [])
    }

    /// Only the snapshot the manifest recorded tells which rows changed: another in its place proves nothing.
    @Test func aKeptSnapshotChangedOutsideTallyIsNotTrusted() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        let kept = fixture.site.root.appendingPathComponent(".public.tally-rows")
        let data = try Data(contentsOf: kept)
        try fixture.apply(.insertDonation, number: 1, pick: 1)
        _ = try fixture.build()
        try fixture.apply(.insertDonation, number: 2, pick: 2)
        try FileManager.default.removeItem(at: kept)
        try data.write(to: kept)
        let summary = try fixture.build()
        #expect(summary.renderReasons["/gifts/c/"] == "the rows its queries read changed (table donations changed; the rows of donations could not be compared with the last build's)")
        #expect(try fixture.mismatches() == [])
    }

    @Test func aDonationOfAnUnpublishedUserRendersNoPageThatReadsDonations() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.unpublishedDonation, number: 1, pick: 0)
        let summary = try fixture.build()
        #expect(summary.renderReasons.keys.sorted() == ["/news/first/"])
    }

    @Test func editingALayoutRendersOnlyThePagesThatUseIt() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.editOrgLayout, number: 1, pick: 0)
        let summary = try fixture.build()
        #expect(summary.renderReasons.filter { $0.key.hasPrefix("/orgs/") && $0.key != "/orgs/" }.values.sorted()
            == Array(repeating: "template org changed", count: 3))
        #expect(summary.renderReasons.keys.sorted() == ["/news/first/", "/orgs/a/", "/orgs/b/", "/orgs/c/"])
    }

    @Test func editingAPartialRendersThePagesWhoseBodyOrLayoutNamesIt() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.editCardPartial, number: 1, pick: 1)
        let summary = try fixture.build()
        #expect(summary.renderReasons["/"] == "template card changed")
        #expect(summary.renderReasons["/about/"] == nil)
    }

    @Test func editingAContentFileRendersItsPagesAndTheListingOfSitePages() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.editAbout, number: 1, pick: 0)
        let summary = try fixture.build()
        #expect(summary.renderReasons["/about/"] == "its content file changed")
        #expect(summary.renderReasons["/pages/"] == nil, "the about page's title and URL did not change")
        try fixture.site.write("---\ntitle: About us\n---\nAbout\n", to: "content/about.md")
        #expect(try fixture.build().renderReasons["/pages/"]?.hasPrefix("the rows its queries read changed (table site_pages changed; ") == true)
    }

    @Test func anOutputFileChangedOrDeletedOutsideTallyIsRenderedAgain() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.changeOutput, number: 1, pick: 0)
        try fixture.apply(.deleteOutput, number: 1, pick: 0)
        let summary = try fixture.build()
        #expect(summary.renderReasons["/about/"] == "about/index.html was changed or deleted outside Tally")
        #expect(summary.renderReasons["/orgs/a/"] == "orgs/a/index.html was changed or deleted outside Tally")
        #expect(try fixture.mismatches() == [])
    }

    /// A page's own problems are errors, which fail the build and keep the previous output and manifest; warnings
    /// come from the build's checks, which run on every build, so a kept page's warning shows every time.
    @Test func aWarningShowsOnEveryBuildThoughItsPageIsKept() throws {
        let fixture = try IncrementalFixture()
        try fixture.site.write("---\ntitle: Sum\n---\n```sql total\nSELECT SUM(amount_cents) AS cents FROM donations\n```\n{{#total}}{{cents}}{{/total}}\n",
                               to: "content/sum.md")
        let warning = "warning: query `total` reads donations.amount_cents but not donations.currency"
        #expect(try fixture.build().warnings.map(\.description).contains { $0.hasPrefix("content/sum.md:5") && $0.contains(warning) })
        try fixture.apply(.editAbout, number: 1, pick: 0)
        let second = try fixture.build()
        #expect(second.renderReasons["/sum/"] == nil)
        #expect(second.warnings.map(\.description).contains { $0.hasPrefix("content/sum.md:5") && $0.contains(warning) })
    }

    @Test func aFailedBuildKeepsTheManifestOfTheOutputItLeftInPlace() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        let manifest = fixture.site.root.appendingPathComponent(".public.tally-pages")
        let before = try Data(contentsOf: manifest)
        try fixture.site.write("---\ntitle: About\n---\n{{nmae}}\n", to: "content/about.md")
        try fixture.apply(.insertDonation, number: 1, pick: 0)
        #expect(throws: BuildFailure.self) { try fixture.build() }
        #expect(try Data(contentsOf: manifest) == before)
        try fixture.apply(.editAbout, number: 2, pick: 0)
        #expect(try fixture.build().renderReasons["/gifts/a/"] == "its rows of donations changed (organization_id = :organization_id)")
        #expect(try fixture.mismatches() == [])
    }

    @Test func theConfigAndForceRenderEveryPage() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.apply(.editConfig, number: 1, pick: 0)
        #expect(Set(try fixture.build().renderReasons.values) == ["the config changed"])
        var options = BuildOptions(root: fixture.site.root)
        options.stamp = .record
        options.explain = true
        let forced = try SiteBuilder.build(options).get()
        #expect(forced.pagesKept == 0 && forced.renderReasons["/about/"] == "the build was forced (--force)")
    }

    @Test func reasonsAreKeptOnlyWhenTheBuildExplains() throws {
        // A reason a page is memory that grows with the site (16 MB at 147,150 pages); only `--explain` shows it.
        let fixture = try IncrementalFixture()
        var options = BuildOptions(root: fixture.site.root)
        options.stamp = .reuse
        let first = try SiteBuilder.build(options).get()
        #expect(first.pagesRendered > 0 && first.renderReasons.isEmpty)
        try fixture.apply(.editConfig, number: 1, pick: 0)
        options.explain = true
        #expect(Set(try SiteBuilder.build(options).get().renderReasons.values) == ["the config changed"])
    }

    @Test func anUndatedPageUnderAFeedsPathIsKept() throws {
        let fixture = try IncrementalFixture()
        try fixture.site.write("---\ntitle: Undated\n---\nNo date\n", to: "content/news/undated.md")
        _ = try fixture.build()
        try fixture.apply(.editAbout, number: 1, pick: 0)
        let summary = try fixture.build()
        #expect(summary.renderReasons["/news/undated/"] == nil && summary.renderReasons["/news/first/"] == "a feed lists it")
    }

    @Test func theManifestLivesBesideTheOutputNotInIt() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        #expect(FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent(".public.tally-pages").path))
        #expect(FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent(".public.tally-rows").path))
        #expect(!fixture.site.allFiles().contains { $0.hasPrefix("public/") && $0.contains("tally-") })
    }

    @Test func aManifestThatDoesNotReadRendersEveryPage() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.site.write("tally-pages 2\npage\t/about/\n", to: ".public.tally-pages")
        try fixture.apply(.editAbout, number: 1, pick: 0)
        let summary = try fixture.build()
        #expect(summary.pagesKept == 0 && Set(summary.renderReasons.values) == ["no earlier build recorded its pages"])
    }

    @Test func aBuildIntoATemporaryFolderKeepsNoManifest() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.site.build().get()
        #expect(!FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent(".public.tally-pages").path))
    }

    @Test func theExplanationGroupsPagesByReason() {
        let reasons = ["/a/": "table donations changed", "/b/": "table donations changed", "/c/": "a feed lists it",
                       "/d/": "table donations changed", "/e/": "table donations changed", "/f/": "table donations changed",
                       "/g/": "table donations changed"]
        #expect(RenderExplanation.text(reasons) == """
            Rendered 6 pages because table donations changed: /a/, /b/, /d/, /e/, /f/ and 1 more
            Rendered 1 page because a feed lists it: /c/

            """)
        #expect(RenderExplanation.text([:]) == "No page rendered: every page's inputs are as the last build left them.\n")
    }
}

/// Counts the pages each content file rendered in a build.
final class RenderCounter: BuildProgress {
    private let counts = Mutex<[String: Int]>([:])
    func stageStarted(_ stage: BuildStage) {}
    func pagesRendered(_ done: Int, of total: Int) {}
    var wantsPageTimes: Bool { true }
    func pageRendered(from file: String, in duration: Duration) { counts.withLock { $0[file, default: 0] += 1 } }
    func count(of file: String) -> Int { counts.withLock { $0[file] ?? 0 } }
}
