import Foundation
import Testing
import TallySite
import TallyTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Atom feeds declared in the config: from a query's rows or from dated pages.
@Suite struct FeedTests {
    static let config = """
        title: Test & Co
        base_url: https://example.org/
        database: site.sqlite
        timezone: America/New_York
        publish_users: [ada]
        feeds:
          - title: Posts
            path: /feeds/posts.xml
            query: |
              SELECT p.content AS title, '/users/' || u.username || '/' AS url, 'post-' || p.id AS id,
                     min(d.published_at) AS updated, p.content AS content, u.display_name AS author
              FROM posts p JOIN users u ON u.id = p.user_id
              JOIN post_deliveries d ON d.post_id = p.id AND d.status = 'published'
              GROUP BY p.id ORDER BY updated DESC
          - {title: Updates, subtitle: What changed, path: /updates.xml, pages: /, limit: 2}

        """
    static let seed = """
        INSERT INTO users (id, username, display_name, created_at) VALUES (1, 'ada', 'Ada', '2024-01-01'), (2, 'bo', 'Bo', '2024-01-01');
        INSERT INTO social_accounts (id, user_id, platform, handle) VALUES (1, 1, 'x', 'ada'), (2, 2, 'x', 'bo');
        INSERT INTO posts (id, user_id, content, created_at) VALUES
          (1, 1, 'First *post*', '2024-03-01T10:00:00Z'),
          (2, 1, 'Draft never sent', '2024-03-02T10:00:00Z'),
          (3, 2, 'Bo is not published', '2024-03-03T10:00:00Z');
        INSERT INTO post_deliveries (post_id, account_id, status, published_at) VALUES
          (1, 1, 'published', '2024-03-01T10:00:05Z'), (2, 1, 'failed', NULL), (3, 2, 'published', '2024-03-03T10:00:00Z');
        """

    @Test func aQueryFeedListsPublishedPostsOfPublishedUsers() throws {
        let site = try TestSite(["tally.yaml": Self.config, "content/index.md": "Home"], seedSQL: Self.seed)
        _ = try site.build().get()
        #expect(site.output("feeds/posts.xml") == """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
            <title>Posts</title>
            <link rel="self" type="application/atom+xml" href="https://example.org/feeds/posts.xml"/>
            <link rel="alternate" type="text/html" href="https://example.org/"/>
            <id>https://example.org/feeds/posts.xml</id>
            <updated>2024-03-01T10:00:05Z</updated>
            <author><name>Test &amp; Co</name></author>
            <generator>Tally</generator>
            <entry>
            <title>First *post*</title>
            <link rel="alternate" type="text/html" href="https://example.org/users/ada/"/>
            <id>https://example.org/feeds/posts.xml#post-1</id>
            <updated>2024-03-01T10:00:05Z</updated>
            <author><name>Ada</name></author>
            <content type="html">&lt;p&gt;First &lt;em&gt;post&lt;/em&gt;&lt;/p&gt;
            </content>
            </entry>
            </feed>

            """)
    }

    @Test func aPagesFeedListsTheNewestDatedPagesWithAbsoluteLinks() throws {
        let site = try TestSite([
            "tally.yaml": Self.config,
            "content/index.md": "Home",
            "content/old.md": "---\ntitle: Old\ndate: 2023-01-01\n---\nOld",
            "content/news/a.md": "---\ntitle: A\ndescription: The A page\ndate: 2024-05-01\n---\nSee [orgs](/orgs/) and ![x](/x.png).",
            "content/news/b.md": "---\ntitle: B\ndate: 2024-05-02T09:30:00+02:00\n---\nB",
        ], seedSQL: Self.seed)
        _ = try site.build().get()
        let feed = try #require(site.output("updates.xml"))
        #expect(feed.contains("<subtitle>What changed</subtitle>"))
        #expect(feed.contains("<updated>2024-05-02T09:30:00+02:00</updated>\n<author>"))
        let entries = feed.components(separatedBy: "<entry>").dropFirst()
        #expect(entries.map { $0.components(separatedBy: "\n")[1] } == ["<title>B</title>", "<title>A</title>"])
        #expect(feed.contains("""
            <id>https://example.org/news/a/</id>
            <updated>2024-05-01T00:00:00-04:00</updated>
            <summary type="text">The A page</summary>
            <content type="html">&lt;p&gt;See &lt;a href=&quot;https://example.org/orgs/&quot;&gt;orgs&lt;/a&gt; and \
            &lt;img src=&quot;https://example.org/x.png&quot; alt=&quot;x&quot; /&gt;.&lt;/p&gt;
            </content>
            """))
    }

    @Test func hostileDatabaseTextCannotBreakTheFeed() throws {
        let site = try TestSite([
            "tally.yaml": """
                base_url: https://example.org/
                database: site.sqlite
                feeds:
                  - title: <Feed> & "more"
                    path: /f.xml
                    query: |
                      SELECT 'A <b>bold</b> & ]]> ' || char(1) || 'bell' || char(11) || 'tab' || char(65534) || ' end' AS title,
                             '/a/' AS url, '2024-01-01' AS updated, 'Hi <script>x</script> **y**' AS content

                """,
            "content/index.md": "Home",
        ])
        _ = try site.build().get()
        let feed = try #require(site.output("f.xml"))
        #expect(feed.contains("<title>A &lt;b&gt;bold&lt;/b&gt; &amp; ]]&gt; belltab end</title>"))
        #expect(feed.contains("<title>&lt;Feed&gt; &amp; &quot;more&quot;</title>"))
        #expect(feed.contains("<content type=\"html\">&lt;p&gt;Hi &lt;!-- raw HTML omitted --&gt;x&lt;!-- raw HTML omitted --&gt; &lt;strong&gt;y&lt;/strong&gt;&lt;/p&gt;\n</content>"))
        let parser = XMLParser(data: Data(feed.utf8))
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
    }

    @Test func aFeedWithNoEntriesIsStillValidAndTheSameEveryBuild() throws {
        let site = try TestSite([
            "tally.yaml": "base_url: https://example.org/\ndatabase: site.sqlite\nfeeds:\n  - {title: Empty, path: /empty.xml, pages: /news/}\n",
            "content/index.md": "Home",
        ])
        _ = try site.build().get()
        let feed = try #require(site.output("empty.xml"))
        #expect(feed.contains("<updated>1970-01-01T00:00:00Z</updated>"))
        #expect(!feed.contains("<entry>"))
        #expect(XMLParser(data: Data(feed.utf8)).parse())
    }
}
