import Foundation
import Testing
import TallySite
import TallyTestSupport

/// A database written by an attacker: markup, scripts, `javascript:` URLs, Mustache tags, path-traversing slugs,
/// emoji, right-to-left text and NULL in every nullable column. The site must build with all of it shown as text.
@Suite struct HostileDatabaseTests {
    static let seed = """
        INSERT INTO organizations (id, slug, name, mission, description, website, donate_url, logo, city, region, country, rating,
          verified, impact_unit, cost_per_unit_cents, created_at) VALUES
          (1, 'evil', '<script>alert("name")</script>', '{{site.title}} [x](javascript:alert(1)) *NSYNC* | pipe',
           '<img src=x onerror=alert(1)> [click](javascript:alert(2)) {{#a}}{{/a}} **ok**', 'javascript:alert(3)',
           ' JAVASCRIPT:alert(4)', 'data:text/html,<script>alert(5)</script>', 'עיר 🎗️', 'منطقة', '"><svg onload=alert(6)>', 3.5,
           1, '<b>net</b>', 500, '2024-01-01'),
          (2, 'nulls', 'Null Org', '', '', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, '2024-01-01');
        INSERT INTO organization_tags VALUES (1, '<i>tag</i>'), (1, 'emoji-🎉');
        INSERT INTO users (id, username, display_name, bio, created_at) VALUES (1, 'ada', '<script>u</script>', '{{{content}}}', '2023-01-01');
        INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at, note) VALUES
          (1, 1, 1000, 'USD', '2024-01-01', '</td></tr></table><script>n</script>');
        """

    static let files = [
        "templates/default.mustache": """
            <!DOCTYPE html><title>{{page.title}}</title>
            <main>{{{content}}}</main>
            {{#orgs}}<a href="{{url(website)}}" data-x="{{name}}">{{city}}</a>{{/orgs}}
            """,
        "content/index.md": """
            ```sql orgs
            SELECT * FROM organizations ORDER BY id
            ```
            ```sql gifts
            SELECT d.note, d.amount_cents, d.currency, u.display_name FROM donations d JOIN users u ON u.id = d.user_id
            ```
            # {{#orgs}}{{name}} {{/orgs}}

            {{#orgs}}
            ## {{name}}

            {{mission}} — [site]({{url(website)}}) [donate]({{url(donate_url)}}) ![logo]({{url(logo)}})

            {{markdown(description)}}

            | City | Region | Country | Rating | Unit |
            |---|---|---|---|---|
            | {{city}} | {{region}} | {{country}} | {{stars(rating)}} | {{impact_unit}} |
            {{/orgs}}

            {{#gifts}}
            - {{display_name}} {{money(amount_cents)}} {{note}}
            {{/gifts}}
            """,
    ]

    @Test func injectedMarkupStaysText() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        for forbidden in ["<script", "href=\"javascript", "href=\" JAVASCRIPT", "src=\"data:", "onerror=", "<svg", "<img src=x",
                          "<b>net", "<i>tag", "<em>NSYNC"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        #expect(html.contains("&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;"))
        #expect(html.contains("{{site.title}} [x](javascript:alert(1)) *NSYNC* | pipe — <a href=\"\">site</a>"))
        #expect(html.contains("<strong>ok</strong>"))
        #expect(html.contains("עיר 🎗️") && html.contains("منطقة"))
        #expect(html.contains("&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;n&lt;/script&gt;"))
        #expect(html.contains("data-x=\"&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;\""))
        #expect(html.contains("<a href=\"\" data-x=\"Null Org\"></a>"))
    }

    @Test func mustacheTagsInValuesAreShownLiterally() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = site.build()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("{{site.title}}"))
        #expect(html.contains("{{#a}}{{/a}}"))
    }

    @Test func unsafeTagValuesFailTheBuildWithoutWritingAnything() throws {
        var files = Self.files
        files["content/tags/[tag].md"] = "---\npages: SELECT DISTINCT tag FROM organization_tags\n---\n{{params.tag}}"
        let site = try TestSite(files, seedSQL: Self.seed + "INSERT INTO organization_tags VALUES (2, '../../../../tmp/pwned');")
        let errors = site.errors()
        #expect(errors.count == 3)
        #expect(errors.allSatisfy { $0.hasPrefix("content/tags/[tag].md:2:1: error: row ") })
        #expect(site.allFiles().allSatisfy { !$0.hasPrefix("public/") })
        #expect(!FileManager.default.fileExists(atPath: "/tmp/pwned"))
    }

    @Test func aPartialIncludedFromAPageBodyEscapesForMarkdown() throws {
        let site = try TestSite([
            "content/index.md": "```sql orgs\nSELECT name FROM organizations\n```\n\n{{#orgs}}\n{{> partials/name}}\n{{/orgs}}\n",
            "templates/partials/name.mustache": "- {{name}}\n",
        ], seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('n', '*NSYNC* [x](https://evil.example) <b>', '2024-01-01');")
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<li>*NSYNC* [x](https://evil.example) &lt;b&gt;</li>"))
    }
}
