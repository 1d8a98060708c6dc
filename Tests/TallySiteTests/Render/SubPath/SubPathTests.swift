import Foundation
import Testing
@testable import TallySite
import TallyTestSupport

/// A site served below a sub-path, such as https://user.github.io/repo/: every site path gets the prefix.
@Suite struct SubPathTests {
    @Test func everyInternalURLOfASubPathBuildStartsWithTheSubPathAndNamesAWrittenFile() throws {
        let site = try TestSite([
            "tally.yaml": """
                title: Repo
                base_url: https://user.github.io/repo
                database: site.sqlite
                nav: [{title: Home, url: /}, {title: Orgs, url: /orgs/}]
                feeds: [{title: Updates, path: /feeds/updates.xml, pages: /}]

                """,
            "templates/default.mustache": """
                <!DOCTYPE html><html><head><link rel="stylesheet" href="/css/site.css"><link rel="icon" href="/favicon.svg">
                {{#site.feeds}}<link rel="alternate" type="application/atom+xml" href="{{url}}">{{/site.feeds}}
                <style>body { background: url(/img/bg.svg) }</style></head><body>
                <nav>{{#page.nav}}<a href="{{url}}">{{title}}</a>{{/page.nav}}</nav>
                <img src="/img/bg.svg" srcset="/img/bg.svg 1x, /img/bg.svg 2x" alt="">
                <form action="/orgs/"><button>Go</button></form>
                <script>const index = "{{site.base_path}}search.json"; const raw = "/not/rewritten";</script>
                <main>{{{content}}}</main></body></html>

                """,
            "content/index.md": "[Orgs](/orgs/), [about](/orgs/about/#team), [elsewhere](https://example.org/x/), [cdn](//cdn.example/x.js)",
            "content/orgs/index.md": "---\ndate: 2024-01-01\n---\nBack [home](/).",
            "content/orgs/about.md": "About",
            "content/404.md": "[Home](/)",
            "static/css/site.css": "body { background: url(\"/img/bg.svg\") }\n@import '/css/more.css';\n",
            "static/css/more.css": "p { color: red }\n",
            "static/img/bg.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "static/search.json": "[]",
        ])
        _ = try site.build().get()
        let output = site.root.appendingPathComponent("public")
        var checked: Set<String> = []
        for file in site.allFiles() where file.hasSuffix(".html") || file.hasSuffix(".css") {
            let text = try #require(site.output(String(file.dropFirst("public/".count))))
            for url in Self.rootRelativeURLs(in: text) {
                #expect(url.hasPrefix("/repo/"), "\(file): \(url)")
                var path = String(url.dropFirst("/repo/".count).prefix { $0 != "#" && $0 != "?" })
                if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path), "\(file): \(url)")
                checked.insert(url)
            }
        }
        #expect(checked == ["/repo/", "/repo/orgs/", "/repo/orgs/about/#team", "/repo/css/site.css", "/repo/css/more.css",
                            "/repo/favicon.svg", "/repo/feeds/updates.xml", "/repo/img/bg.svg"])
        let home = try #require(site.output("index.html"))
        #expect(home.contains(#"<a href="https://example.org/x/">elsewhere</a>, <a href="//cdn.example/x.js">cdn</a>"#))
        #expect(home.contains(#"const index = "/repo/search.json"; const raw = "/not/rewritten";"#))
        #expect(site.output("sitemap.xml")?.contains("<loc>https://user.github.io/repo/orgs/about/</loc>") == true)
        #expect(site.output("robots.txt")?.hasSuffix("Sitemap: https://user.github.io/repo/sitemap.xml\n") == true)
        #expect(site.output("feeds/updates.xml")?.contains("&lt;a href=&quot;https://user.github.io/repo/&quot;&gt;home") == true)
    }

    /// Every `href`, `src`, `srcset`, `action` and CSS `url()`/`@import` value that starts with `/`.
    static func rootRelativeURLs(in text: String) -> [String] {
        var urls: [String] = []
        for marker in ["href=\"/", "src=\"/", "srcset=\"/", "action=\"/", "url(\"/", "url(/", "@import '/", " 1x, /", " 2x, /"] {
            var rest = text[...]
            while let range = rest.range(of: marker) {
                let start = text.index(before: range.upperBound)
                let end = text[start...].firstIndex { " \"')".contains($0) } ?? text.endIndex
                let url = String(text[start..<end])
                if !url.hasPrefix("//") { urls.append(url) }
                rest = text[end...]
            }
        }
        return urls
    }

    @Test(arguments: [
        (#"<a href="/a/">x</a>"#, #"<a href="/repo/a/">x</a>"#),
        (#"<a href='/a/' title="/t">"#, #"<a href='/repo/a/' title="/t">"#),
        (#"<a href=/a/>x</a>"#, #"<a href=/repo/a/>x</a>"#),
        (#"<A HREF="/a/">"#, #"<A HREF="/repo/a/">"#),
        (#"<a href="//cdn.example/a">"#, #"<a href="//cdn.example/a">"#),
        (#"<a href="/\evil">"#, #"<a href="/\evil">"#),
        (#"<a href="https://x.org/a">"#, #"<a href="https://x.org/a">"#),
        (##"<a href="#top">"##, ##"<a href="#top">"##),
        (#"<img src="/a.png" srcset="/a.png 1x,/b.png 2x, https://x.org/c.png 3x">"#,
         #"<img src="/repo/a.png" srcset="/repo/a.png 1x,/repo/b.png 2x, https://x.org/c.png 3x">"#),
        (#"<meta property="og:image" content="/i.png"><meta name="description" content="/not a url">"#,
         #"<meta property="og:image" content="/repo/i.png"><meta name="description" content="/not a url">"#),
        (#"<meta content="/i.png" name="twitter:image">"#, #"<meta content="/repo/i.png" name="twitter:image">"#),
        (#"<div style="background: url('/a.png')">"#, #"<div style="background: url('/repo/a.png')">"#),
        (#"<!-- <a href="/a/"> --><p>a < b and href="/x"</p>"#, #"<!-- <a href="/a/"> --><p>a < b and href="/x"</p>"#),
        (#"<script>x = '<a href="/a/">'</script><a href="/b/">"#, #"<script>x = '<a href="/a/">'</script><a href="/repo/b/">"#),
        (#"<style>a { background: URL( "/a.png" ) }</style>"#, #"<style>a { background: URL( "/repo/a.png" ) }</style>"#),
        (#"<textarea><a href="/a/"></textarea>"#, #"<textarea><a href="/a/"></textarea>"#),
        (#"<input disabled value="/a/"><form action="/f/">"#, #"<input disabled value="/a/"><form action="/repo/f/">"#),
        ("<p>é <a href=\"/ü/\">ü</a></p>", "<p>é <a href=\"/repo/ü/\">ü</a></p>"),
        (#"<a href="/a/""#, #"<a href="/repo/a/""#),
        ("<", "<"),
    ])
    func rootRelativeURLsInHTMLGetThePrefix(html: String, expected: String) {
        #expect(SitePathRewriter(prefix: "/repo/").html(html) == expected)
    }

    @Test func cssURLsAndImportsGetThePrefix() {
        let css = "@import \"/a.css\";\n@import url(/b.css);\nb { background: url(/c.png), url(//cdn/d.png), url(data:x) }"
        #expect(SitePathRewriter(prefix: "https://u.github.io/repo/").css(css)
                == "@import \"https://u.github.io/repo/a.css\";\n@import url(https://u.github.io/repo/b.css);\nb { background: url(https://u.github.io/repo/c.png), url(//cdn/d.png), url(data:x) }")
    }

    @Test func aSiteAtTheRootOfItsHostIsNotRewritten() {
        #expect(SitePathRewriter(basePath: "/") == nil)
    }
}
