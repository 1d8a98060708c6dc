import Foundation
import Testing
import TallyMarkdown
import TallySite
import TallyTestSupport

/// Pages render on every core, each with its own cmark-gfm parser. cmark-gfm keeps the table of special inline
/// characters in one process-wide array that each parser's inline pass changes, so this site, whose long pages
/// are full of autolinks and strikethrough while thousands of short pages finish beside them, lost `<a>` and
/// `<del>` at random until `MarkdownRenderer` serialized that pass (github/cmark-gfm#176), and must not lose them now
/// that the passes run at the same time with the characters kept set (`CMarkGFMSupport`).
@Suite struct MarkdownRaceTests {
    static let longPageCount = 16
    static let shortPageCount = 2_000

    /// A long page: every line needs the autolink (`w`, `:`) and strikethrough (`~`) characters.
    static func longBody(_ page: Int) -> String {
        (0..<300).map { line in
            "Line \(line) of page \(page): see www.example\(line).org/search?q=Markup+(business) and ~~old~~ new text, "
                + "or https://example.org/\(page)/\(line) and ~~gone~~ **kept**.\n"
        }.joined()
    }

    @Test func parallelBuildsEqualASingleThreadedRender() throws {
        var files = ["templates/default.mustache": "{{{content}}}"]
        var expected: [String: String] = [:]
        let renderer = MarkdownRenderer()
        for page in 0..<Self.longPageCount {
            let body = Self.longBody(page)
            files["content/long-\(page).md"] = "---\ntitle: Long \(page)\n---\n" + body
            expected["long-\(page)/index.html"] = renderer.html(body)
        }
        for page in 0..<Self.shortPageCount {
            let body = "Short page \(page), ~~draft~~ at www.short\(page).org.\n"
            files["content/short/\(page).md"] = "---\ntitle: Short \(page)\n---\n" + body
            expected["short/\(page)/index.html"] = renderer.html(body)
        }
        #expect(expected["long-0/index.html"]?.contains("<del>old</del>") == true)
        #expect(expected["long-0/index.html"]?.contains("<a href=\"http://www.example0.org/search?q=Markup+(business)\">") == true)

        let site = try TestSite(files)
        for build in 1...5 {
            let output = site.root.appendingPathComponent("out-\(build)")
            _ = try SiteBuilder.build(BuildOptions(root: site.root, outputPath: output.path)).get()
            let wrong = expected.keys.sorted().filter { path in
                (try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) != expected[path]
            }
            #expect(wrong.isEmpty, "build \(build): \(wrong.count) pages differ from a single-threaded render, first \(wrong.prefix(3))")
        }
        #if os(Linux)
        // The builds above ran their inline passes at the same time, not one at a time under the fallback lock.
        #expect(MarkdownRenderer.inlinePassesRunTogether)
        #endif
    }
}
