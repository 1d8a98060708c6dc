import Testing
import TallyCheck
import TallySite
import TallyTestSupport

/// `tally check` on the repository's example site, at the root and under a sub-path.
@Suite struct ExampleSiteCheckTests {
    /// `tally check` on the example: every link, anchor, asset and title, and every data rule.
    @Test func theExampleSitePassesTallyCheck() throws {
        let report = SiteChecker.check(BuildOptions(root: try ExampleSite.copy()))
        #expect(report.problems.map(\.diagnostic.description) == [])
        #expect(report.pages > 100)
    }

    /// The example content on the second, independently written database (Tests/Fixtures/second-database.sql).
    @Test func theExampleContentOnASecondDatabasePassesTallyCheck() throws {
        let report = SiteChecker.check(BuildOptions(root: try ExampleSite.copy(seedSQL: try ExampleSite.secondDatabaseSQL())))
        #expect(report.problems.map(\.diagnostic.description) == [])
        // Two published users with gifts: a gifts page each, and their statements (a list and a page a year); the
        // bills' chamber pages (the index, house and senate) and the questions hub (all, answered, open, the officials
        // asked and one page for each of the two); both post, so each has a posting page, a post history and a
        // best-times page.
        #expect(report.pages == 75)
    }

    /// Under a sub-path every internal URL carries it and still resolves: `tally check` with that base URL.
    @Test func aSubPathBuildOfTheExampleSitePassesTallyCheck() throws {
        let report = SiteChecker.check(BuildOptions(root: try ExampleSite.copy(), baseURL: "https://user.github.io/repo/"))
        #expect(report.problems.map(\.diagnostic.description) == [])
        let (root, _) = try ExampleSite.build(baseURL: "https://user.github.io/repo/")
        let home = try String(contentsOf: root.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(home.contains("href=\"/repo/orgs/\""))
        #expect(!home.contains("href=\"/orgs/\""))
    }
}
