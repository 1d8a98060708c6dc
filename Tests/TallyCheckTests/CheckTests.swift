import Foundation
import Testing
import TallyCheck
import TallySite
import TallyTestSupport

/// `tally check` on small inline sites: every problem it reports, as printed.
@Suite struct CheckTests {
    func check(_ site: TestSite) -> CheckReport {
        SiteChecker.check(BuildOptions(root: site.root))
    }

    func printed(_ report: CheckReport) -> [String] { report.problems.map(\.diagnostic.description) }

    @Test func aSiteWithWorkingLinksHasNoProblemsAndItsOutputFolderIsLeftAlone() throws {
        let site = try TestSite([
            "content/index.md": "# Home\n\n[Orgs](/orgs/) [Totals](/orgs/#totals) ![logo](/logo.svg) [x](https://example.org/x)\n",
            // A Markdown heading has an id, so the anchor needs no raw HTML.
            "content/orgs/index.md": "---\ntitle: Orgs\n---\n## Totals\n\n[Home](../)\n",
            "static/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ])
        let report = check(site)
        #expect(printed(report) == [])
        #expect(report.pages == 2)
        // The three links above, the relative one, and the fallback 404 page's link home.
        #expect(report.internalLinks == 5)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public").path))
    }

    @Test func reportsBrokenLinksAnchorsAndAssetsAtTheGeneratedLineWithTheirContentFile() throws {
        let site = try TestSite([
            "content/index.md": "# Home\n\n[Nope](/nope/) [Anchor](/about/#team) ![Logo](/images/logo.png) [Up](../../x/)\n",
            "content/about.md": "# About\n",
            "content/reports/[slug].md": "---\npages: SELECT 'r1' AS slug\n---\n[Same page](#summary)\n",
        ])
        #expect(printed(check(site)) == [
            """
            public/index.html:2:13: error: broken link '/nope/': nothing is built at /nope/ (page from content/index.md)
              hint: fix the URL, or add content/nope.md
            """,
            """
            public/index.html:2:39: error: broken anchor '/about/#team': /about/ has no id 'team' (page from content/index.md)
              hint: add id="team" to the element it should point to, or fix the fragment
            """,
            """
            public/index.html:2:74: error: missing asset '/images/logo.png': nothing is built at /images/logo.png (page from content/index.md)
              hint: fix the URL, or add static/images/logo.png
            """,
            """
            public/index.html:2:115: error: broken link '../../x/': its '..' segments climb above the site root (page from content/index.md)
              hint: remove a '../' from the URL
            """,
            """
            public/reports/r1/index.html:1:51: error: broken anchor '#summary': this page has no id 'summary' (page from content/reports/[slug].md)
              hint: add id="summary" to the element it should point to, or fix the fragment
            """,
        ])
    }

    @Test func reportsAProblemSharedByManyPagesOnceWithACount() throws {
        let site = try TestSite([
            "templates/default.mustache": "<!DOCTYPE html><title>{{page.title}}</title><nav><a href=\"/blog/\">Blog</a></nav>{{{content}}}\n",
            "content/index.md": "Home\n",
            "content/a.md": "A\n",
            "content/b.md": "B\n",
        ])
        let report = check(site)
        #expect(printed(report) == [
            """
            public/a/index.html:1:46: error: broken link '/blog/': nothing is built at /blog/ (page from content/a.md; also on 2 other pages)
              hint: fix the URL, or add content/blog.md
            """,
        ])
        #expect(report.problems.map(\.count) == [3])
        #expect(report.problems.map(\.source) == ["content/a.md"])
    }

    @Test func reportsPagesWithoutATitle() throws {
        let site = try TestSite([
            "templates/default.mustache": "<!DOCTYPE html><main>{{{content}}}</main>\n",
            "templates/titled.mustache": "<!DOCTYPE html><title>{{page.title}}</title>{{{content}}}\n",
            "templates/blank.mustache": "<!DOCTYPE html><title>{{page.subtitle}}</title>{{{content}}}\n",
            "content/index.md": "Home\n",
            "content/ok.md": "---\nlayout: titled\n---\nOK\n",
            "content/blank.md": "---\nlayout: blank\nsubtitle: ''\n---\nBlank\n",
            "static/verify.html": "google-site-verification: abc\n",
        ])
        #expect(printed(check(site)) == [
            """
            public/blank/index.html: error: page has an empty <title> (page from content/blank.md)
              hint: give the page a `title:` in its front matter
            """,
            """
            public/index.html: error: page has no <title> (page from content/index.md)
              hint: put <title>{{page.title}}</title> in the layout's <head>
            """,
        ])
    }

    /// Content writes site paths; the build adds the base path, so one written with it ends up doubled.
    @Test func aLinkThatAlreadyCarriesTheBasePathIsDoubledAndReported() throws {
        let site = try TestSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\nbase_url: https://user.github.io/repo\n",
            "content/index.md": "[About](/about/) [Doubled](/repo/about/)\n",
            "content/about.md": "About\n",
        ])
        #expect(printed(check(site)) == [
            """
            public/index.html:1:86: error: broken link '/repo/repo/about/': nothing is built at /repo/about/ (page from content/index.md)
              hint: fix the URL, or add content/repo/about.md
            """,
        ])
    }

    @Test func reportsAFailedBuildAndStillChecksTheData() throws {
        let site = try TestSite(["content/index.md": "{{nope}}\n"], seedSQL: "INSERT INTO representatives (id, name, chamber) VALUES ('r1', 'R', 'house');"
                                + "PRAGMA foreign_keys = OFF; INSERT INTO bill_votes (bill_id, representative_id, vote) VALUES ('hr1', 'r1', 'yes');")
        let report = check(site)
        #expect(report.problems.map(\.kind) == [.build, .unknownReference])
        #expect(report.problems.first?.diagnostic.description.hasPrefix("content/index.md:1:1: error: ") == true)
        #expect(report.pages == 0)
    }

    /// The query-plan check's warnings are a kind of their own, so `--format json` readers can pick them out.
    @Test func aQueryThatScansOnEveryPageIsAFullScanProblem() throws {
        let organizations = (1...1_000).map { "(\($0), 'org-\($0)', 'Org \($0)', 'Town \($0 % 10)', '2024-01-01')" }
        let site = try TestSite([
            "content/index.md": "# Towns\n",
            "content/towns/[town].md": "---\npages: SELECT DISTINCT slugify(city) AS town FROM organizations\n---\n"
                + "```sql here\nSELECT count(*) AS n FROM organizations WHERE slugify(city) = :town\n```\n\n{{here.n}}\n",
        ], seedSQL: "INSERT INTO organizations (id, slug, name, city, created_at) VALUES " + organizations.joined(separator: ", ") + ";")
        let report = check(site)
        #expect(report.problems.map(\.kind) == [.fullScan])
        #expect(report.json().contains(#""kind" : "full-scan""#))
        #expect(printed(report) == [
            "content/towns/[town].md:5:1: warning: query `here` reads all 1,000 rows of `organizations` on each of this file's 10 pages\n"
                + "  hint: filter on a column with an index (a key, or `-- tally: index (column)` in a materialized view), "
                + "or compute what every page reads once in a view marked `-- tally: materialize`; `tally docs content#queries-that-scale`",
        ])
    }
}
