import Foundation
import TallyFormat
import TallySite
import TallyTestSupport
import Testing

/// Each bad feed, base URL or sitemap setting gets its exact diagnostic.
@Suite struct FeedDiagnosticTests {
    @Test func badFeedEntriesAreReportedAtTheirValues() throws {
        let site = try TestSite([
            "tally.yaml": """
                base_url: https://example.org/
                database: site.sqlite
                feeds:
                  - {title: A, path: feeds/a.xml, pages: /}
                  - {title: B, path: /b.xml}
                  - {title: C, path: /c.xml, pages: news, limit: 0}
                  - {tilte: D, path: /d.xml, pages: /}
                  - [not, a, mapping]
                  - {title: E, path: /e.xml, query: SELECT 1, pages: /}
                  - {title: F, path: /f.xml, pages: /}
                  - {title: G, path: /f.xml, pages: /}

                """,
            "content/index.md": "x",
        ])
        #expect(site.errors() == [
            "tally.yaml:4:22: error: feed `path` must be a file path in the site, such as /feeds/posts.xml\n  hint: start with /, end with a file name, and use only letters, digits, '-', '_', '.' and '~' in each part",
            "tally.yaml:5:5: error: a feed needs exactly one of `query` or `pages`\n  hint: `query:` lists database rows; `pages: /` lists content pages that have a `date`",
            "tally.yaml:6:37: error: feed `pages` must be a site path ending in /, such as / or /news/\n  hint: the feed lists the pages at or below that path that have a `date`",
            "tally.yaml:6:50: error: feed `limit` must be a whole number above 0\n  hint: leave it out to list every entry",
            "tally.yaml:7:5: error: this feed has no `title`\n  hint: every feed needs a `title` and a `path`",
            "tally.yaml:7:6: error: unknown feed key `tilte`\n  hint: did you mean `title`? a feed takes title, path, subtitle, query, pages, limit",
            "tally.yaml:8:5: error: each `feeds` entry must be a mapping with `title`, `path` and `query` or `pages`\n  hint: write `- {title: Updates, path: /feeds/updates.xml, pages: /}`",
            "tally.yaml:9:5: error: a feed needs exactly one of `query` or `pages`\n  hint: `query:` lists database rows; `pages: /` lists content pages that have a `date`",
            "tally.yaml:11:5: error: another feed is already written to /f.xml\n  hint: give each feed its own `path`",
        ])
    }

    @Test func feedsMustBeAList() throws {
        let site = try TestSite(["tally.yaml": "database: site.sqlite\nfeeds: /feed.xml\n", "content/index.md": "x"])
        #expect(site.errors() == [
            "tally.yaml:2:8: error: `feeds` must be a list of feeds, each with `title`, `path` and `query` or `pages`\n  hint: write `- {title: Updates, path: /feeds/updates.xml, pages: /}`; see `tally docs config#feeds`",
        ])
    }

    @Test func feedValuesMustBeText() throws {
        let site = try TestSite([
            "tally.yaml": "base_url: https://example.org/\ndatabase: site.sqlite\nfeeds:\n  - {title: [A, B], path: /a.xml, pages: /}\n",
            "content/index.md": "x",
        ])
        #expect(site.errors() == ["tally.yaml:4:13: error: feed `title` must be text\n  hint: see `tally docs config#feeds`"])
    }

    @Test func feedQueriesAndTheirRowsAreCheckedAtTheirLines() throws {
        let site = try TestSite([
            "tally.yaml": """
                base_url: https://example.org/
                database: site.sqlite
                feeds:
                  - title: Bad SQL
                    path: /a.xml
                    query: |
                      SELECT content AS title, '/x/' AS url,
                             nope AS updated
                      FROM posts
                  - title: Missing column
                    path: /b.xml
                    query: SELECT 'x' AS title, '/x/' AS url
                  - title: Bad rows
                    path: /c.xml
                    query: |
                      SELECT 'x' AS title, column1 AS url, column2 AS updated, column3 AS id
                      FROM (VALUES ('/ok/', '2024-01-01', 'a'), ('javascript:alert(1)', '2024-01-01', 'b'),
                                   ('/ok2/', 'soon', 'c'), ('/ok3/', '2024-01-02', 'a'))

                """,
            "content/index.md": "x",
        ])
        #expect(site.errors() == [
            "tally.yaml:8:1: error: no such column: nope (in query 'feed /a.xml')\n  hint: check the column names; `tally docs database` lists every table's columns",
            "tally.yaml:12:1: error: the query of feed /b.xml returns no column `updated`\n  hint: return title, url and updated (and optionally content, summary, author, id); it returns: title, url",
            "tally.yaml:16:1: error: row 2 of the query of feed /c.xml gives url = 'javascript:alert(1)', which is not a site path or an http(s) URL\n  hint: return a site path such as /users/ada/ or a full https:// URL",
            "tally.yaml:16:1: error: row 3 of the query of feed /c.xml gives updated = 'soon', which is not an ISO 8601 date\n  hint: return a date such as 2024-03-05 or 2024-03-05T14:30:00Z",
            "tally.yaml:16:1: error: row 4 of the query of feed /c.xml gives the entry id https://example.org/c.xml#a, already used by row 1\n  hint: return an `id` column that is unique for each row, or give each row its own url",
        ])
    }

    @Test func feedsNeedAnAbsoluteBaseURL() throws {
        let site = try TestSite(["tally.yaml": "database: site.sqlite\nfeeds:\n  - {title: A, path: /a.xml, pages: /}\n", "content/index.md": "x"])
        #expect(site.errors() == [
            "tally.yaml:3:5: error: feeds need an absolute `base_url`, such as https://example.org/\n  hint: set `base_url` in tally.yaml, or build with --base-url https://…",
        ])
    }

    @Test func aBadBaseURLOptionIsAnError() throws {
        let site = try TestSite(["content/index.md": "x"])
        guard case .failure(let failure) = SiteBuilder.build(BuildOptions(root: site.root, baseURL: "example.org")) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.diagnostics.map(\.description) == [
            "--base-url: error: `--base-url` must be an absolute URL such as https://example.org/ or a path such as /repo/\n  hint: see `tally docs config` for `base_url`",
        ])
    }

    @Test func sitemapInFrontMatterMustBeABoolean() throws {
        let site = try TestSite(["content/a.md": "---\nsitemap: maybe\n---\nx"])
        #expect(site.errors() == ["content/a.md:2:10: error: front matter `sitemap` must be true or false\n  hint: see `tally docs content`"])
    }
}
