import Foundation
import PropertyBased
import TallyHTML
import TallySite
import TallyTestSupport
import Testing

/// Random database text (markup, entities, Mustache, URLs, control characters, invalid UTF-8 as text and as BLOBs)
/// through every way a page shows it: escaped text, a link through url(), a Markdown table, a table block and
/// markdown(), with the placeholders and the sub-path rewriter of a build for /repo/. Each page is parsed with
/// HTMLTokenizer: every element and attribute must be one the page itself or Markdown formatting makes, and no
/// URL may carry a script. A short bounded run: a few builds of 25 pages each.
@Suite struct DatabaseTextFuzzTests {
    static let fragments = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\"><svg onload=alert(2)>", "'", "\"", "`", "<", ">", "&",
        "&lt;b&gt;", "&#60;i&#62;", "&amp;", "&#x6A;avascript:", "javascript:alert(3)", " JaVaScRiPt:alert(4)", "data:text/html,x",
        "vbscript:x", "https://example.org/?a=1&b=<2>", "/local/path", "//evil.example", "{{site.title}}", "{{{content}}}",
        "{{#a}}x{{/a}}", "{{=<% %>=}}", "{{! c }}", "[x](javascript:alert(5))", "![i](javascript:x)", "<a href=\"javascript:y\">",
        "*em*", "**b**", "| pipe |", "\n", "\r\n", "\t", "\u{0}", "\u{1}", "\u{7F}", "\u{202E}", "\u{FEFF}", "</td></tr></table>",
        "<!--", "-->", "<![CDATA[", "]]>", "</main>", "<textarea>", "tallyfragment", "\u{FFFC}", "é", "🎉", " ", "x",
    ]
    /// A value: fragments joined, sent as UTF-8 text, as its bytes with an invalid sequence added, or as a BLOB.
    static let values = Gen<Int>.int(in: 0...(fragments.count - 1)).array(of: 1...6).map { $0.map { fragments[$0] }.joined() }
    static let kinds = Gen<Int>.int(in: 0...2)

    /// What a page may hold: the elements and attributes of the page built from plain "x", and Markdown's formatting.
    static let markdownTags: Set<String> = ["p", "em", "strong", "a[href]", "code", "pre", "ul", "ol", "ol[start]", "li", "blockquote",
                                            "h1", "h2", "h3", "h4", "h5", "h6", "hr", "br", "del", "img[alt][src]", "table", "thead",
                                            "tbody", "tr", "th", "td", "th[style]", "td[style]", "input[checked][disabled][type]",
                                            "input[disabled][type]", "pre[class]", "code[class]", "a[href][title]", "img[alt][src][title]"]

    static let files = [
        "tally.yaml": "title: Fuzz\ndatabase: site.sqlite\npublish_users: []\n",
        "content/o/[slug].md": """
            ---
            pages: SELECT slug, name FROM organizations ORDER BY id
            title: "{{params.name}}"
            description: "{{params.name}}"
            ---
            ```sql org
            SELECT name, mission, description, website FROM organizations WHERE slug = :slug
            ```

            {{#org}}
            Name: {{name}}. Link: [site]({{url(website)}}).

            | Name | Mission |
            |---|---|
            | {{name}} | {{mission}} |

            {{markdown(description)}}
            {{/org}}

            ```table
            data: org
            columns: [name, mission]
            ```

            """,
    ]

    /// `value` as an SQL literal of the given kind: 0 text, 1 text whose bytes end in an invalid UTF-8 sequence, 2 BLOB.
    static func literal(_ value: String, kind: Int) -> String {
        let bytes = Array(value.utf8) + (kind == 1 ? [0xC3, 0x28, 0xFF] : [])
        let hex = "X'" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() + "'"
        return kind == 2 ? hex : "CAST(\(hex) AS TEXT)"
    }

    /// Each tag as `name[attribute]…` (names lowercased and sorted), and the URL attribute values.
    static func shape(_ html: String) -> (tags: Set<String>, urls: [String]) {
        var html = html
        return html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes, endTags: false)
            var tags: Set<String> = [], urls: [String] = []
            while let tag = tokenizer.next() {
                let names = tag.attributes.map { bytes.string($0.name).lowercased() }.sorted()
                tags.insert(bytes.string(tag.name).lowercased() + names.map { "[" + $0 + "]" }.joined())
                for attribute in tag.attributes where ["href", "src", "action", "formaction"].contains(bytes.string(attribute.name).lowercased()) {
                    urls.append(attribute.value.map { bytes.string($0) } ?? "")
                }
            }
            return (tags, urls)
        }
    }

    static func build(_ rows: [(String, Int)]) throws -> URL {
        let inserts = rows.enumerated().map { index, row in
            let value = literal(row.0, kind: row.1)
            return "(\(index + 1), 'o\(index + 1)', \(value), \(value), \(value), \(value), '2024-01-01')"
        }
        let site = try TestSite(files, seedSQL: "INSERT INTO organizations (id, slug, name, mission, description, website, created_at) VALUES "
                                + inserts.joined(separator: ",\n") + ";")
        _ = try SiteBuilder.build(BuildOptions(root: site.root, baseURL: "/repo/")).get()
        return site.root.appendingPathComponent("public/o")
    }

    @Test func noElementAttributeOrScriptURLComesFromDatabaseText() async throws {
        let plain = try String(contentsOf: try Self.build([("x", 0)]).appendingPathComponent("o1/index.html"), encoding: .utf8)
        let allowed = Self.shape(plain).tags.union(Self.markdownTags)
        // The check itself: the page shows the row in each context, and markup in it would be seen.
        #expect(plain.contains("<p>Name: x. Link: <a href=\"x\">site</a>.</p>") || plain.contains("<p>Name: x."))
        #expect(allowed.contains("table") && !allowed.contains("script") && !allowed.contains("img[onerror][src]"))
        #expect(Self.shape("<p><img src=x onerror=alert(1)></p>").tags.subtracting(allowed) == ["img[onerror][src]"])
        await propertyCheck(count: 4, input: zip(Self.values, Self.kinds).array(of: 25)) { rows in
            let output = try Self.build(rows)
            for index in rows.indices {
                let html = try String(contentsOf: output.appendingPathComponent("o\(index + 1)/index.html"), encoding: .utf8)
                #expect(html.contains("<p>Name: "), "row \(index + 1) shows no name")
                let (tags, urls) = Self.shape(html)
                #expect(tags.subtracting(allowed).isEmpty, "row \(index + 1) (\(rows[index])) added \(tags.subtracting(allowed))")
                for url in urls {
                    let scheme = url.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                    #expect(!["javascript:", "vbscript:", "data:"].contains { scheme.hasPrefix($0) }, "row \(index + 1) made the URL \(url)")
                    // A row whose own text says "tallyfragment" may show it in its link too; any other is a placeholder left.
                    #expect(!url.contains("tallyfragment") || rows[index].0.contains("tallyfragment"), "row \(index + 1) left a placeholder in \(url)")
                }
                #expect(!html.contains("tallyfragment") || rows[index].0.contains("tallyfragment"), "row \(index + 1) left a placeholder")
            }
        }
    }
}
