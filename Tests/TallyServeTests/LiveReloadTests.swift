import Foundation
import Testing
@testable import TallyServe

@Suite struct LiveReloadTests {
    @Test(arguments: [
        ("<html><body><p>x</p></body></html>", "<html><body><p>x</p>SCRIPT</body></html>"),
        ("<BODY>a</Body>b</BODY>", "<BODY>a</Body>bSCRIPT</BODY>"),
        ("<p>fragment</p>", "<p>fragment</p>SCRIPT"),
        ("", "SCRIPT"),
    ])
    func insertsTheScriptBeforeTheLastClosingBodyTag(html: String, expected: String) {
        let script = LiveReload.script(generation: 4, server: "abc")
        let injected = String(decoding: LiveReload.inject(into: Data(html.utf8), generation: 4, server: "abc"), as: UTF8.self)
        #expect(injected == expected.replacingOccurrences(of: "SCRIPT", with: script))
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("css/site.css", "text/css; charset=utf-8"), ("favicon.svg", "image/svg+xml"),
        ("feed.xml", "application/xml"), ("data.json", "application/json"), ("app.js", "text/javascript; charset=utf-8"),
        ("a.PNG", "image/png"), ("b.jpg", "image/jpeg"), ("c.webp", "image/webp"), ("favicon.ico", "image/x-icon"),
        ("robots.txt", "text/plain; charset=utf-8"), ("feed.atom", "application/atom+xml"), ("LICENSE", "application/octet-stream"),
    ])
    func typesFilesByExtension(path: String, type: String) {
        #expect(ContentType.of(path) == type)
    }
}
