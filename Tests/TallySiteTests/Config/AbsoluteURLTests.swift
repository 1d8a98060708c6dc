import Foundation
import Testing
@testable import TallySite

/// `SiteConfig.absoluteURL` skips Foundation's percent-encoder for a path that needs no escape; the URL must be the
/// one Foundation makes, whatever the path holds.
@Suite struct AbsoluteURLTests {
    private var config: SiteConfig {
        var config = SiteConfig()
        config.baseURL = "https://tally.example/"
        return config
    }

    @Test func everyASCIICharacterIsEncodedAsFoundationEncodesIt() {
        for byte in UInt8(0)...UInt8(127) {
            let path = "/orgs/a" + String(UnicodeScalar(byte)) + "b/"
            let foundation = "orgs/a" + String(UnicodeScalar(byte)) + "b/"
            let expected = "https://tally.example/" + (foundation.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? foundation)
            #expect(config.absoluteURL(for: path) == expected, "byte \(byte)")
        }
    }

    @Test(arguments: [
        ("/orgs/against-malaria/", "https://tally.example/orgs/against-malaria/"),
        ("/", "https://tally.example/"),
        ("/tags/café/", "https://tally.example/tags/caf%C3%A9/"),
        ("/a b/100%/", "https://tally.example/a%20b/100%25/"),
    ])
    func pathsBecomeAbsoluteURLs(path: String, url: String) {
        #expect(config.absoluteURL(for: path) == url)
    }

    @Test func aBaseURLThatIsOnlyAPathGivesNone() {
        #expect(SiteConfig().absoluteURL(for: "/orgs/") == nil)
    }
}
