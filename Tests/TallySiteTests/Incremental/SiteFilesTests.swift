import Foundation
import Testing
@testable import TallySite
import TallyTestSupport

/// The sitemap, the feeds of a query and the data files are kept as pages are (`SiteFiles`): when what they are
/// made from is as the last build recorded and their files are as it left them; made again, as a full build makes
/// them, when any of it changed.
@Suite struct SiteFilesTests {
    /// The fixture's three: the sitemap, the feed of organizations (a query) and `orgs.json` (a data file). Its feed
    /// of pages (`/news.xml`) is made from dated pages that render on every build, and is made each time.
    static let all = ["data content/orgs.json.sql", "feed /orgs.xml", "sitemap"]

    private func keptAfter(_ edits: [IncrementalFixture.Edit], extra: [String: String] = [:]) throws -> (kept: [String], mismatches: [String]) {
        let fixture = try IncrementalFixture(extra: extra)
        #expect(try fixture.build().siteFilesKept == [], "a first build keeps nothing")
        for (number, edit) in edits.enumerated() { try fixture.apply(edit, number: number + 1, pick: 0) }
        return (try fixture.build().siteFilesKept, try fixture.mismatches())
    }

    @Test func siteFilesAreKeptWhenNothingTheyShowChanged() throws {
        #expect(try keptAfter([.editAbout]) == (Self.all, []))
        // None of them reads donations; the gift is a new page of the listing of an organization's gifts, `/given/a/`.
        #expect(try keptAfter([.insertDonation]) == (["data content/orgs.json.sql", "feed /orgs.xml"], []))
        #expect(try keptAfter([.updateDonation]) == (Self.all, []))
    }

    /// A page added or removed changes the sitemap's URLs; a dated page's new date its `lastmod`.
    @Test func theSitemapIsMadeWhenItsPagesOrTheirDatesChange() throws {
        #expect(try keptAfter([.addPage]) == (["data content/orgs.json.sql", "feed /orgs.xml"], []))
        #expect(try keptAfter([.addPage, .removePage]) == (Self.all, []), "the same pages as the last build's")
        let fixture = try IncrementalFixture(extra: ["content/extra/p0.md": "---\ntitle: Extra\n---\nExtra\n"])
        _ = try fixture.build()
        try fixture.apply(.removePage, number: 1, pick: 0)
        #expect(try fixture.build().siteFilesKept == ["data content/orgs.json.sql", "feed /orgs.xml"])
        #expect(try fixture.mismatches() == [])
        try fixture.apply(.editNews, number: 2, pick: 3)
        #expect(try fixture.build().siteFilesKept == ["data content/orgs.json.sql", "feed /orgs.xml"], "news/first has a new date")
        #expect(try fixture.mismatches() == [])
        // As many pages of the same files, one of them at another URL.
        try fixture.site.write("---\ntitle: Extra\n---\nExtra\n", to: "content/extra/p9.md")
        _ = try fixture.build()
        try FileManager.default.moveItem(at: fixture.site.root.appendingPathComponent("content/extra/p9.md"),
                                         to: fixture.site.root.appendingPathComponent("content/extra/p8.md"))
        #expect(try fixture.build().siteFilesKept == ["data content/orgs.json.sql", "feed /orgs.xml"])
        #expect(try fixture.mismatches() == [])
    }

    /// A renamed organization is a row both queries read; its page keeps its URL, so the sitemap is kept. A new one
    /// is a new page, a new row of both, and a new page of the paginated listing of organizations.
    @Test func aRowTheirQueryReadsMakesTheFeedAndTheDataFile() throws {
        #expect(try keptAfter([.renameOrganization]) == (["sitemap"], []))
        #expect(try keptAfter([.addOrganization, .addOrganization]) == ([], []))
    }

    @Test func aConfigEditMakesThemAll() throws {
        #expect(try keptAfter([.editConfig]) == ([], []))
    }

    /// A file changed or deleted outside Tally is made again; the others are kept.
    @Test func aSiteFileChangedOrDeletedOutsideTallyIsMadeAgain() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.site.write("<urlset>by hand</urlset>\n", to: "public/sitemap.xml")
        try FileManager.default.removeItem(at: fixture.site.root.appendingPathComponent("public/orgs.json"))
        #expect(try fixture.build().siteFilesKept == ["feed /orgs.xml"])
        #expect(try fixture.mismatches() == [])
        try fixture.site.write("<feed/>", to: "public/orgs.xml")
        #expect(try fixture.build().siteFilesKept == ["data content/orgs.json.sql", "sitemap"])
        #expect(try fixture.mismatches() == [])
    }

    /// A static file in place of a kept file is still an error that names what made it.
    @Test func aStaticFileInPlaceOfAKeptSiteFileIsAnError() throws {
        let fixture = try IncrementalFixture()
        _ = try fixture.build()
        try fixture.site.write("<urlset/>\n", to: "static/sitemap.xml")
        try fixture.site.write("[]\n", to: "static/orgs.json")
        let failure = try #require(throws: BuildFailure.self) { try fixture.build() }
        #expect(failure.diagnostics.filter { $0.severity == .error }.map(\.message).sorted() == ["this file would overwrite the file generated from content/orgs.json.sql",
                                                               "this file would overwrite the sitemap generated from the site's pages"])
    }

    /// A query that reads the clock gives other rows at another time: its file is made on every build.
    @Test func aQueryThatReadsTheClockIsMadeEveryTime() throws {
        let query = "SELECT slug, date('now') >= '2000-01-01' AS recent FROM organizations ORDER BY slug\n"
        #expect(try keptAfter([.editAbout], extra: ["content/orgs.json.sql": query]) == (["feed /orgs.xml", "sitemap"], []))
    }
}
