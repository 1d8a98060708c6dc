import Foundation
import Testing
import TallySite
import TallyTestSupport

@Suite struct BuildTests {
    @Test func contentBecomesPrettyURLsRenderedThroughTheLayout() throws {
        let site = try TestSite([
            "content/index.md": "---\ntitle: Home\n---\n# Welcome\n\n*Hello*",
            "content/about.md": "---\ntitle: About us\n---\nAbout",
            "content/guide/index.md": "Guide",
            "content/guide/setup.md": "Setup",
        ])
        _ = try site.build().get()
        #expect(site.output("index.html") == "<!DOCTYPE html><title>Home</title><main><h1 id=\"welcome\">Welcome</h1>\n<p><em>Hello</em></p>\n</main>\n")
        #expect(site.output("about/index.html")?.contains("<title>About us</title>") == true)
        #expect(site.output("guide/index.html")?.contains("<p>Guide</p>") == true)
        #expect(site.output("guide/setup/index.html")?.contains("<title>Setup</title>") == true)
    }

    @Test func sqlBlocksAreRunHiddenAndTheirRowsFillTheBody() throws {
        let site = try TestSite([
            "content/index.md": """
                ```sql orgs
                SELECT name, cost_per_unit_cents FROM organizations ORDER BY name
                ```
                {{#orgs}}
                - {{name}} ({{money(cost_per_unit_cents)}})
                {{/orgs}}

                Total: {{count(orgs)}}
                """,
        ], seedSQL: "INSERT INTO organizations (slug, name, cost_per_unit_cents, created_at) VALUES ('a', 'Alpha', 550, '2024-01-01'), ('b', 'Beta', 12, '2024-01-01');")
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<ul>\n<li>Alpha ($5.50)</li>\n<li>Beta ($0.12)</li>\n</ul>\n<p>Total: 2</p>"))
        #expect(!html.contains("SELECT"))
    }

    @Test func templatedPagesMakeOnePagePerRowAndBindTheirColumns() throws {
        let site = try TestSite([
            "content/orgs/[slug].md": """
                ---
                pages: SELECT slug, name FROM organizations
                title: "{{params.name}}"
                ---
                ```sql tags
                SELECT tag FROM organization_tags JOIN organizations o ON o.id = organization_id WHERE o.slug = :slug ORDER BY tag
                ```
                {{#tags}}{{tag}} {{/tags}}
                """,
        ], seedSQL: """
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria', '2024-01-01'), (2, 'gd', 'GiveDirectly', '2024-01-01');
            INSERT INTO organization_tags VALUES (1, 'malaria'), (1, 'health'), (2, 'cash');
            """)
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 2)
        #expect(site.output("orgs/amf/index.html") == "<!DOCTYPE html><title>Against Malaria</title><main><p>health malaria</p>\n</main>\n")
        #expect(site.output("orgs/gd/index.html")?.contains("<p>cash</p>") == true)
    }

    @Test func hiddenEntriesOfThePreviousOutputSurviveTheSwap() throws {
        let site = try TestSite(["content/index.md": "x", "public/.git/HEAD": "ref: refs/heads/gh-pages", "public/stale.html": "old"])
        _ = try site.build().get()
        #expect(site.output(".git/HEAD") == "ref: refs/heads/gh-pages")
        #expect(site.output("stale.html") == nil)
    }

    @Test func aCommentOnTheFirstLineOfALayoutLeavesNoBlankLineBeforeTheDoctype() throws {
        let site = try TestSite([
            "content/index.md": "{{! intro }}\nHello",
            "templates/default.mustache": "{{! base layout }}\n<!doctype html>\n{{> head}}\n<main>{{{content}}}</main>\n",
            "templates/head.mustache": "{{! the head partial }}\n<title>{{page.title}}</title>\n",
        ])
        _ = try site.build().get()
        #expect(site.output("index.html") == "<!doctype html>\n<title>Home</title>\n<main><p>Hello</p>\n</main>\n")
    }

    @Test func draftsAreSkippedUnlessAskedFor() throws {
        let site = try TestSite(["content/index.md": "Home", "content/wip.md": "---\ndraft: true\n---\nWIP"])
        _ = try site.build().get()
        #expect(site.output("wip/index.html") == nil)
        _ = try site.build(drafts: true).get()
        #expect(site.output("wip/index.html") != nil)
    }

    @Test func layoutsInheritAndIncludePartials() throws {
        let site = try TestSite([
            "templates/base.mustache": "<html>{{> partials/nav}}{{$main}}default{{/main}}</html>\n",
            "templates/default.mustache": "{{<base}}{{$main}}<main>{{{content}}}</main>{{/main}}{{/base}}",
            "templates/partials/nav.mustache": "<nav>{{#page.nav}}<a href=\"{{url}}\"{{#current}} aria-current=\"page\"{{/current}}>{{title}}</a>{{/page.nav}}</nav>",
            "tally.yaml": "title: T\ndatabase: site.sqlite\nnav:\n  - {title: Home, url: /}\n  - {title: About, url: /about/}\n",
            "content/about.md": "Hi",
        ])
        _ = try site.build().get()
        #expect(site.output("about/index.html") == "<html><nav><a href=\"/\">Home</a><a href=\"/about/\" aria-current=\"page\">About</a></nav><main><p>Hi</p>\n</main></html>\n")
    }

    @Test func frontMatterWithWindowsLineEndingsIsRead() throws {
        let site = try TestSite(["content/a.md": "---\r\ntitle: Windows\r\n---\r\nBody\r\n"])
        _ = try site.build().get()
        #expect(site.output("a/index.html") == "<!DOCTYPE html><title>Windows</title><main><p>Body</p>\n</main>\n")
    }

    @Test func staticFilesAreCopiedAsIs() throws {
        let site = try TestSite(["content/index.md": "x", "static/css/site.css": "body{}", "static/robots.txt": "User-agent: *"])
        let summary = try site.build().get()
        #expect(summary.staticFiles == 2)
        #expect(site.output("css/site.css") == "body{}")
    }

    @Test func anEmptyDatabaseBuildsAValidSite() throws {
        let site = try TestSite([
            "content/index.md": "```sql orgs\nSELECT name FROM organizations\n```\n{{#orgs}}- {{name}}\n{{/orgs}}{{^orgs}}No organizations yet.{{/orgs}}",
        ])
        _ = try site.build().get()
        #expect(site.output("index.html")?.contains("<p>No organizations yet.</p>") == true)
    }

    @Test func theSameInputsGiveByteIdenticalOutputAndASecondBuildRewritesNothing() throws {
        let site = try TestSite([
            "content/orgs/[slug].md": "---\npages: SELECT slug, name FROM organizations\n---\n{{params.name}}",
            "content/index.md": "home",
        ], seedSQL: (1...50).map { "INSERT INTO organizations (slug, name, created_at) VALUES ('o\($0)', 'Org \($0)', '2024-01-01');" }.joined())
        _ = try site.build().get()
        let first = site.allOutput()
        let attributes = try FileManager.default.attributesOfItem(atPath: site.root.appendingPathComponent("public/orgs/o7/index.html").path)
        Thread.sleep(forTimeInterval: 0.05)
        let second = try site.build().get()
        #expect(site.allOutput() == first)
        // 51 pages, robots.txt, the fallback 404.html and charts.css.
        #expect(second.filesWritten == 0 && second.filesUnchanged == 54)
        let again = try FileManager.default.attributesOfItem(atPath: site.root.appendingPathComponent("public/orgs/o7/index.html").path)
        #expect(attributes[.modificationDate] as? Date == again[.modificationDate] as? Date)
    }

    @Test func aRebuildWhoseEveryFileIsUnchangedKeepsThePreviousOutputFolderItself() throws {
        let site = try TestSite(["content/index.md": "home", "content/about.md": "about"])
        _ = try site.build().get()
        let folder = site.root.appendingPathComponent("public").path
        let before = try FileManager.default.attributesOfItem(atPath: folder)[.systemFileNumber] as? Int
        let again = try site.build().get()
        #expect(again.filesWritten == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.systemFileNumber] as? Int == before)
        #expect(site.allFiles().filter { !$0.hasPrefix("public/") && !$0.hasPrefix("content/") && !$0.hasPrefix("templates/") }
                == ["site.sqlite", "tally.yaml"])
    }

    @Test func aRebuildWithOneChangeSwapsInTheNewOutputWithUnchangedFilesLinkedAndRemovedPagesGone() throws {
        let site = try TestSite(["content/index.md": "home", "content/about.md": "about", "content/old.md": "old"])
        _ = try site.build().get()
        func inode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: site.root.appendingPathComponent("public/" + path).path)[.systemFileNumber] as? Int
        }
        let about = try inode("about/index.html")
        try site.write("home, changed", to: "content/index.md")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/old.md"))
        let again = try site.build().get()
        #expect(again.filesWritten == 1)
        #expect(site.output("index.html")?.contains("home, changed") == true)
        #expect(site.output("old/index.html") == nil)
        #expect(try inode("about/index.html") == about)
    }

    @Test func unpublishedUsersLeaveNoTraceWhateverThePageAsks() throws {
        let site = try TestSite([
            "content/index.md": """
                ```sql everyone
                SELECT * FROM users
                ```
                ```sql gifts
                SELECT u.username, d.amount_cents, d.note FROM donations d JOIN main.users u ON u.id = d.user_id
                ```
                {{#everyone}}{{username}} {{/everyone}} {{#gifts}}{{username}}:{{note}} {{/gifts}}
                """,
        ], seedSQL: """
            INSERT INTO users (id, username, email, zipcode, created_at) VALUES (1, 'ada', 'ada@example.com', '94110', '2023-01-01'), (2, 'riley', 'riley@example.com', '73301', '2023-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'a', 'A', '2024-01-01');
            INSERT INTO donations (user_id, organization_id, amount_cents, donated_at, note) VALUES (1, 1, 100, '2024-01-01', 'ada gift'), (2, 1, 100, '2024-01-01', 'riley secret gift');
            """)
        _ = try site.build().get()
        let everything = site.allOutput()
        #expect(everything.contains("ada:ada gift"))
        for secret in ["riley", "ada@example.com", "94110"] { #expect(!everything.contains(secret)) }
    }

    @Test func breadcrumbsUseTheTitlesOfTheAncestorPages() throws {
        let site = try TestSite([
            "content/orgs/index.md": "---\ntitle: Organizations\n---\nAll of them.",
            "content/orgs/[slug].md": "---\npages: SELECT slug, name FROM organizations\ntitle: \"{{params.name}}\"\n---\nAbout.",
            "content/orgs/[slug]/gifts.md": "---\npages: SELECT slug FROM organizations\ntitle: Gifts\n---\nGifts.",
            "templates/default.mustache": "{{#page.breadcrumbs}}{{title}} > {{/page.breadcrumbs}}{{page.title}}\n",
        ], seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('amf', 'Against Malaria <Foundation>', '2024-01-01');")
        _ = try site.build().get()
        #expect(site.output("orgs/amf/gifts/index.html") == "Home > Organizations > Against Malaria &lt;Foundation&gt; > Gifts\n")
    }
}
