import Foundation
import Testing
import TallySite
import TallyTestSupport

/// The `site_pages` and `site_page_tags` tables: the site's Markdown pages, queryable like any other table.
@Suite struct SitePagesTests {
    static let tagPage = """
        ---
        pages: SELECT DISTINCT slugify(tag) AS slug, tag FROM site_page_tags
        title: "{{params.tag}}"
        ---
        ```sql tagged
        SELECT p.title, p.url FROM site_page_tags t JOIN site_pages p USING (url) WHERE t.tag = :tag ORDER BY p.date DESC
        ```
        {{#tagged}}
        - [{{title}}]({{url}})
        {{/tagged}}
        """

    @Test func markdownPagesAreRowsOfSitePages() throws {
        let site = try TestSite([
            "content/index.md": """
                ```sql pages
                SELECT url, title, description, date, weight, file, section FROM site_pages ORDER BY url
                ```
                {{#pages}}
                {{url}}|{{title}}|{{description}}|{{date}}|{{weight}}|{{file}}|{{section}}
                {{/pages}}
                """,
            "content/about.md": "---\ntitle: About us\ndescription: Who we are\nweight: 3\n---\nx",
            "content/posts/index.md": "---\ntitle: \"Posts on {{site.title}}\"\n---\nx",
            "content/posts/first-post.md": "---\ndate: 2024-03-05\ntags: [a]\n---\nx",
            "content/posts/wip.md": "---\ndraft: true\n---\nx",
            "content/orgs/[slug].md": "---\npages: SELECT slug FROM organizations\n---\nx",
        ], seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('amf', 'AMF', '2024-01-01');")
        _ = try site.build().get()
        #expect(site.output("index.html") == """
            <!DOCTYPE html><title>Home</title><main><p>/|Home|||0|content/index.md|
            /about/|About us|Who we are||3|content/about.md|
            /posts/|Posts|||0|content/posts/index.md|posts
            /posts/first-post/|First post||2024-03-05|0|content/posts/first-post.md|posts</p>
            </main>

            """)
    }

    @Test func aTagListingHasOnePagePerTagEvenWithUnsafeCharacters() throws {
        let site = try TestSite([
            "content/tags/[slug].md": SitePagesTests.tagPage,
            "content/a.md": "---\ntitle: Older\ndate: 2024-01-01\ntags: [swift, \"C++ & <b>\"]\n---\nx",
            "content/b.md": "---\ntitle: Newer\ndate: 2024-06-01\ntags: swift\n---\nx",
            "content/c.md": "---\ntitle: Untagged\n---\nx",
        ])
        let summary = try site.build().get()
        #expect(summary.pagesRendered == 5)
        #expect(site.output("tags/swift/index.html") == """
            <!DOCTYPE html><title>swift</title><main><ul>
            <li><a href="/b/">Newer</a></li>
            <li><a href="/a/">Older</a></li>
            </ul>
            </main>

            """)
        #expect(site.output("tags/c-b/index.html") == """
            <!DOCTYPE html><title>C++ &amp; &lt;b&gt;</title><main><ul>
            <li><a href="/a/">Older</a></li>
            </ul>
            </main>

            """)
    }

    /// Pages render on every core in whatever order the threads run; the bytes must not depend on it.
    @Test func buildsIntoTwoFoldersAreByteIdenticalWhateverTheThreadScheduling() throws {
        var files = ["content/tags/[slug].md": SitePagesTests.tagPage, "content/orgs/[slug].md": """
            ---
            pages: SELECT slug, name, description FROM organizations
            ---
            # {{params.name}}

            {{markdown(params.description)}}
            """]
        for index in 1...300 {
            files["content/posts/p\(index).md"] = "---\ntitle: Post \(index)\ndate: 2024-01-\(10 + index % 19)\n"
                + "tags: [t\(index % 7), t\(index % 11)]\n---\n# Post \(index)\n\n| a | b |\n|---|---|\n| \(index) | x |\n"
        }
        let site = try TestSite(files, seedSQL: (1...200).map {
            "INSERT INTO organizations (slug, name, description, created_at) VALUES ('o\($0)', 'Org \($0)', '**bold** \($0)', '2024-01-01');"
        }.joined())
        var outputs: [[String: Data]] = []
        for folder in ["first", "second"] {
            let summary = try SiteBuilder.build(BuildOptions(root: site.root, outputPath: folder)).get()
            #expect(summary.pagesRendered == 300 + 200 + 11)  // posts, organizations, tags t0…t10
            let base = site.root.appendingPathComponent(folder)
            let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: base.path).sorted())
            outputs.append(Dictionary(uniqueKeysWithValues: paths.compactMap { path in
                FileManager.default.contents(atPath: base.appendingPathComponent(path).path).map { (path, $0) }
            }))
        }
        #expect(outputs[0].count > 500)
        #expect(outputs[0] == outputs[1])
    }

    @Test func aDatabaseThatAlreadyHasTheTableIsRefused() throws {
        let site = try TestSite(["content/a.md": "x"], seedSQL: "CREATE TABLE Site_Page_Tags (url TEXT);")
        let path = site.root.appendingPathComponent("site.sqlite").path
        #expect(site.errors() == [
            "tally.yaml: error: database '\(path)' already has a table or index named `Site_Page_Tags`, a name Tally uses for the site's pages\n"
                + "  hint: rename it: Tally adds site_pages and site_page_tags to the published snapshot (`tally docs database`)",
        ])
    }
}
