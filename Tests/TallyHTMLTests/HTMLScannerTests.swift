import Testing
@testable import TallyHTML

@Suite struct HTMLScannerTests {
    @Test func findsLinksAndAssetsInEveryQuotingStyleWithLineAndColumn() {
        let html = """
            <!DOCTYPE html><title>Home</title>
            <a href="/orgs/">Orgs</a> <A HREF='/bills/?page=2&amp;sort=date'>Bills</A>
            <img src=/images/logo.svg alt=logo><link rel="stylesheet" href="/css/site.css">
            <p>Café <a class=x href = "é/#Größe">accented</a></p>
            """
        let document = HTMLScanner.scan(html)
        #expect(document.references == [
            HTMLReference(url: "/orgs/", role: .link, line: 2, column: 10),
            HTMLReference(url: "/bills/?page=2&sort=date", role: .link, line: 2, column: 36),
            HTMLReference(url: "/images/logo.svg", role: .asset, line: 3, column: 10),
            HTMLReference(url: "/css/site.css", role: .asset, line: 3, column: 65),
            HTMLReference(url: "é/#Größe", role: .link, line: 4, column: 28),
        ])
        #expect(document.title == "Home")
    }

    @Test func ignoresCommentsScriptsAndStyles() {
        let html = """
            <!-- <a href="/commented/"> --><script>if (a<b) { x = '<a href="/in-script/">' }</script>
            <style>a[href="/in-style/"] { color: red }</style><a href="/real/">real</a>
            """
        #expect(HTMLScanner.scan(html).references.map(\.url) == ["/real/"])
    }

    @Test func readsEveryCandidateOfASrcset() {
        let html = #"<img srcset="/a.png 1x, /b.png 2x,/c.png" src="/d.png">"#
        let references = HTMLScanner.scan(html).references
        #expect(references.map(\.url) == ["/a.png", "/b.png", "/c.png", "/d.png"])
        #expect(references.map(\.column) == [14, 25, 35, 48])
    }

    @Test func collectsIdsAndAnchorNamesButNotOtherNames() {
        let html = #"<h2 id="totals">T</h2><a name="old-style"></a><input name="q"><div id=''></div><svg><title>Chart</title></svg>"#
        let document = HTMLScanner.scan(html)
        #expect(document.anchors == ["totals", "old-style"])
        #expect(document.title == nil)
    }

    @Test(arguments: [
        ("<title> Ben &amp; Jerry&#39;s &#x2014; Home </title>", "Ben & Jerry's — Home"),
        ("<title></title>", ""),
        ("<TITLE>Upper</TITLE><title>Second</title>", "Upper"),
        ("<title>&unknown; &amp</title>", "&unknown; &amp"),
    ])
    func decodesTheTitle(html: String, title: String) {
        #expect(HTMLScanner.scan(html).title == title)
    }

    @Test func survivesTruncatedAndMalformedMarkup() {
        for html in ["<a href=\"/x", "<a href=", "<", "<a", "<!--", "<script>", "<a =x href=/y>", "</", "<title>x"] {
            _ = HTMLScanner.scan(html)
        }
        #expect(HTMLScanner.scan("<a =x href=/y>").references.map(\.url) == ["/y"])
    }
}
