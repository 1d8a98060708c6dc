@testable import TallyHTML
import Testing

/// Heading ids as GitHub makes them, added to cmark-gfm's output.
struct HeadingAnchorsTests {
    @Test(arguments: [
        ("Giving by year", "giving-by-year"),
        ("What $100 buys?", "what-100-buys"),
        ("Café & co.", "café--co"),
        ("  snake_case and-dash ", "snake_case-and-dash"),
        ("<>", "section"),
    ])
    func slugs(_ text: String, _ slug: String) {
        #expect(HeadingAnchors.slug(text) == slug)
    }

    /// ASCII headings take a byte-by-byte path; every ASCII character, alone and between words, at the start and
    /// the end, gives the id the `Character` walk gives.
    @Test func asciiHeadingsGetTheIdsTheCharacterWalkGives() {
        for byte in UInt8(0)...UInt8(127) {
            let character = String(UnicodeScalar(byte))
            for text in [character, "Giving" + character + "by Year", character + " A_b-9 " + character, "\r\n" + character + "x\r\n"] {
                #expect(HeadingAnchors.asciiSlug(text) == HeadingAnchors.characterSlug(text), "byte \(byte) in \(text.debugDescription)")
            }
        }
        #expect(HeadingAnchors.asciiSlug("Café") == nil)
    }

    @Test func everyBareHeadingGetsAUniqueIdAndHeadingsWithAttributesAreLeftAlone() {
        let html = "<h2>Totals</h2>\n<p>x</p>\n<h3>Totals</h3>\n<h2 id=\"mine\">Mine</h2>\n<hr />\n<h2>Totals</h2>\n"
            + "<h4><a href=\"/x/\">Link</a> &amp; <code>code</code></h4>\n"
        let (result, headings) = HeadingAnchors.addingIDs(to: html)
        #expect(result == "<h2 id=\"totals\">Totals</h2>\n<p>x</p>\n<h3 id=\"totals-1\">Totals</h3>\n<h2 id=\"mine\">Mine</h2>\n<hr />\n"
            + "<h2 id=\"totals-2\">Totals</h2>\n<h4 id=\"link--code\"><a href=\"/x/\">Link</a> &amp; <code>code</code></h4>\n")
        #expect(headings.map(\.id) == ["totals", "totals-1", "totals-2", "link--code"])
        #expect(headings.last == HeadingAnchors.Heading(level: 4, id: "link--code", text: "Link & code"))
    }

    @Test func aHeadingWithoutItsEndTagEndsTheWorkAndOtherTagsStartingWithHAreKept() {
        let html = "<head></head><h7>x</h7><h2>Café ☕</h2><h1>Open <h3>Never closed"
        let (result, headings) = HeadingAnchors.addingIDs(to: html)
        #expect(result == "<head></head><h7>x</h7><h2 id=\"café-\">Café ☕</h2><h1>Open <h3>Never closed")
        #expect(headings == [HeadingAnchors.Heading(level: 2, id: "café-", text: "Café ☕")])
    }

    @Test func aPageWithoutHeadingsIsReturnedAsItIs() {
        let html = "<p>No <em>headings</em> here, not even <hr> or <header>.</p>"
        #expect(HeadingAnchors.addingIDs(to: html).html == html)
        #expect(HeadingAnchors.addingIDs(to: html).headings.isEmpty)
        #expect(HeadingAnchors.addingIDs(to: "").html == "")
    }

    @Test func idsThePageHasAlreadyAreNotReused() {
        #expect(HeadingAnchors.addingIDs(to: "<h2>Main</h2>", taken: ["main"]).html == "<h2 id=\"main-1\">Main</h2>")
    }
}
