import Testing
@testable import TallyHTML

@Suite struct SitePathTests {
    @Test(arguments: [
        ("https://example.org/", SitePath.external),
        ("mailto:someone@example.org", .external),
        ("tel:+15551234", .external),
        ("data:image/png;base64,AAAA", .external),
        ("//cdn.example.org/x.js", .external),
        ("/orgs/", .page(path: "/orgs/", fragment: nil)),
        ("/orgs", .page(path: "/orgs", fragment: nil)),
        ("/orgs/?page=2&sort=name#top", .page(path: "/orgs/", fragment: "top")),
        ("#totals", .page(path: "/orgs/amf/index.html", fragment: "totals")),
        ("", .page(path: "/orgs/amf/index.html", fragment: nil)),
        ("?page=2", .page(path: "/orgs/amf/index.html", fragment: nil)),
        ("../givewell/#m%C3%A9thode", .page(path: "/orgs/givewell/", fragment: "méthode")),
        ("./logo.png", .page(path: "/orgs/amf/logo.png", fragment: nil)),
        ("..", .page(path: "/orgs/", fragment: nil)),
        ("/a%20b/c.html", .page(path: "/a b/c.html", fragment: nil)),
        ("  /padded/  ", .page(path: "/padded/", fragment: nil)),
        ("../../../x/", .aboveRoot),
    ])
    func resolvesAgainstThePage(url: String, expected: SitePath) {
        #expect(SitePath(url, page: "/orgs/amf/index.html", basePath: "/") == expected)
    }

    @Test(arguments: [
        ("/repo/orgs/", SitePath.page(path: "/orgs/", fragment: nil)),
        ("/repo/", .page(path: "/", fragment: nil)),
        ("/repo", .page(path: "/", fragment: nil)),
        ("/orgs/", .outsideBasePath),
        ("/repository/", .outsideBasePath),
        ("../bills/", .page(path: "/bills/", fragment: nil)),
    ])
    func requiresTheBasePathOnRootRelativeURLs(url: String, expected: SitePath) {
        #expect(SitePath(url, page: "/orgs/index.html", basePath: "/repo/") == expected)
    }
}
