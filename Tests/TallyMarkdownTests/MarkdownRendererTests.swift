import Foundation
import Testing
@testable import TallyMarkdown

@Suite struct MarkdownRendererTests {
    let safe = MarkdownRenderer()

    @Test(arguments: [
        ("# Title", "<h1>Title</h1>\n"),
        ("*a* **b** ~~c~~", "<p><em>a</em> <strong>b</strong> <del>c</del></p>\n"),
        ("| a | b |\n|---|--:|\n| 1 | 2 |", "<table>\n<thead>\n<tr>\n<th>a</th>\n<th style=\"text-align: right\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td style=\"text-align: right\">2</td>\n</tr>\n</tbody>\n</table>\n"),
        ("- [x] done\n- [ ] todo", "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n<li><input type=\"checkbox\" disabled=\"\" /> todo</li>\n</ul>\n"),
        ("see https://example.org now", "<p>see <a href=\"https://example.org\">https://example.org</a> now</p>\n"),
        ("5 < 6 & 7", "<p>5 &lt; 6 &amp; 7</p>\n"),
    ])
    func rendersGitHubFlavoredMarkdown(markdown: String, html: String) {
        #expect(safe.html(markdown) == html)
    }

    /// On Linux cmark-gfm calls `CMarkGFMSupport`' function in place of its own from the first inline pass on,
    /// so renders on several threads need no lock; its strikethrough and autolinks still work.
    @Test func theInlineCharactersAreKeptByTheFunctionInPlaceOfCmarkGFMs() {
        #expect(safe.html("~~old~~ www.example.org") == "<p><del>old</del> <a href=\"http://www.example.org\">www.example.org</a></p>\n")
        #if os(Linux)
        #expect(MarkdownRenderer.inlinePassesRunTogether)
        #endif
    }

    /// A short document that still allocates more than a 256 KiB block of the arena (only documents of at most
    /// `arenaDocumentLimit` bytes take it): 16 KB of emphasis and links, each run a node, a delimiter and a bracket,
    /// across several blocks. It renders as its parts do, which the same text in pieces shows.
    @Test func aShortDocumentOverSeveralArenaBlocksRendersAsItsParts() {
        let part = "*a* [b] _c_ ~d~ "
        let count = MarkdownRenderer.arenaDocumentLimit / part.utf8.count - 1
        let html = safe.html(part)
        let inner = html.dropFirst("<p>".count).dropLast("</p>\n".count)
        #expect(safe.html(String(repeating: part, count: count)) == "<p>" + String(repeating: inner + " ", count: count - 1) + inner + "</p>\n")
        #expect(safe.html(part) == html)
    }

    /// A document far larger than the arena's 256 KiB blocks, which uses the system's allocator (it is longer than
    /// `arenaDocumentLimit`), renders as its parts do, and the arena serves the next document after it.
    @Test func aDocumentLargerThanTheArenasBlocksRendersAsItsParts() {
        let part = "## Part\n\nSome *text* with ~~old~~ www.example.org and `code`.\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n"
        let html = safe.html(part)
        #expect(safe.html(String(repeating: part, count: 5_000)) == String(repeating: html, count: 5_000))
        #expect(safe.html(part) == html)
    }

    /// Threads that render and then end, each giving its arena back as it exits, while others still render: every
    /// page comes out as it does on one thread, and no thread's exit finds glibc's free lists written over.
    @Test func pagesRenderedOnThreadsThatEndComeOutAsOnOne() async {
        let boxed = MarkdownRenderer(focusableScrollBoxes: true)
        let pages = (0..<40).map { index in
            "# Page \(index)\n\n" + String(repeating: "Text with ~~old~~ www.example.org/\(index)[^n].\n\n| a | b |\n|---|--:|\n| \(index) | 2 |\n\n```swift\nlet x = \(index)\n```\n\n", count: index % 7 + 1)
                + "[^n]: A note.\n"
        }
        let expected = pages.map { (boxed.html($0), MarkdownRenderer.fencedCodeBlocks(in: $0)) }
        for _ in 0..<5 {
            let results = await withTaskGroup(of: [Bool].self) { group in
                for offset in 0..<4 {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            Thread {
                                continuation.resume(returning: pages.indices.map { index in
                                    let page = pages[(index + offset * 10) % pages.count]
                                    let wanted = expected[(index + offset * 10) % pages.count]
                                    return boxed.html(page) == wanted.0 && MarkdownRenderer.fencedCodeBlocks(in: page) == wanted.1
                                })
                            }.start()
                        }
                    }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(results.count == 160 && results.allSatisfy { $0 })
        }
    }

    @Test func safeModeDropsRawHTMLAndDangerousLinks() {
        #expect(safe.html("<script>alert(1)</script>") == "<!-- raw HTML omitted -->\n")
        #expect(safe.html("a <b onclick=x>b</b>") == "<p>a <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>\n")
        #expect(safe.html("[x](javascript:alert(1))") == "<p><a href=\"\">x</a></p>\n")
    }

    @Test func rawHTMLSwitchKeepsHTMLButTagFilterStillNeutersScript() {
        let unsafe = MarkdownRenderer(allowsRawHTML: true)
        #expect(unsafe.html("<div class=\"note\">hi</div>") == "<div class=\"note\">hi</div>\n")
        #expect(unsafe.html("<script>x</script>") == "&lt;script>x&lt;/script>\n")
    }

    @Test(arguments: [
        // Named after the heading before it, whatever the heading holds.
        ("## Gifts by *year*\n\n| a |\n|---|\n| 1 |", "<h2>Gifts by <em>year</em></h2>\n<div class=\"tally-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Gifts by year\">\n<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n</tr>\n</tbody>\n</table>\n</div>\n"),
        // With no heading before it, after its header cells; a label stays one per page.
        ("| Name | | \"Sum\" |\n|---|---|---|\n\n| Name | | \"Sum\" |\n|---|---|---|", "<div class=\"tally-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table: Name, &quot;Sum&quot;\">\n<table>\n<thead>\n<tr>\n<th>Name</th>\n<th></th>\n<th>&quot;Sum&quot;</th>\n</tr>\n</thead>\n</table>\n</div>\n<div class=\"tally-scroll\" role=\"region\" tabindex=\"0\" aria-label=\"Table: Name, &quot;Sum&quot;, table 2\">\n<table>\n<thead>\n<tr>\n<th>Name</th>\n<th></th>\n<th>&quot;Sum&quot;</th>\n</tr>\n</thead>\n</table>\n</div>\n"),
        // Code, in a box of its own, with the fence's language.
        ("```sql gifts\nselect 1\n```\n\n    plain", "<div class=\"tally-scroll tally-code\" role=\"region\" tabindex=\"0\" aria-label=\"Code: sql\">\n<pre><code class=\"language-sql\">select 1\n</code></pre>\n</div>\n<div class=\"tally-scroll tally-code\" role=\"region\" tabindex=\"0\" aria-label=\"Code\">\n<pre><code>plain\n</code></pre>\n</div>\n"),
    ])
    func wrapsTablesAndCodeInFocusableRegions(markdown: String, html: String) {
        #expect(MarkdownRenderer(focusableScrollBoxes: true).html(markdown) == html)
    }

    /// Tables and code inside quotes, lists and items are boxed too, labelled by the heading before them in the page.
    @Test func wrapsTablesAndCodeNestedInOtherBlocks() {
        let markdown = "> ## In a quote\n>\n> | a |\n> |---|\n> | 1 |\n\n- item\n\n  ```js\n  x\n  ```\n\n  - deeper\n\n    | b |\n    |---|\n    | 2 |\n"
            + "\n## After\n\n" + String(repeating: "> ", count: 1_000) + "| c |\n" + String(repeating: "> ", count: 1_000) + "|---|\n"
        let html = MarkdownRenderer(focusableScrollBoxes: true).html(markdown)
        let labels = html.split(separator: "aria-label=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(labels == ["In a quote", "Code: js", "In a quote, table 2", "After"])
    }

    @Test func findsFencedBlocksWithLines() {
        let markdown = "# T\n\n```sql gifts\nselect 1\n```\n\ntext\n\n- item\n\n  ```chart\n  type: bar\n  ```\n"
        let blocks = MarkdownRenderer.fencedCodeBlocks(in: markdown)
        #expect(blocks == [
            FencedCodeBlock(info: "sql gifts", code: "select 1\n", firstLine: 3, lastLine: 5),
            FencedCodeBlock(info: "chart", code: "type: bar\n", firstLine: 11, lastLine: 13),
        ])
        #expect(blocks[0].infoWords == ["sql", "gifts"])
    }

    @Test func indentedCodeIsNotAFencedBlock() {
        #expect(MarkdownRenderer.fencedCodeBlocks(in: "    select 1\n").isEmpty)
    }
}
