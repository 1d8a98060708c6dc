import Foundation
import TallyFormat
import TallyStore
import Yams

/// The site config file (`tally.yaml`), as docs/config.md documents it.
public struct SiteConfig: Sendable {
    public var title = "Tally site"
    public var description = ""
    /// Absolute URL the site is served from, ending in "/": `https://user.github.io/repo/`.
    public var baseURL = "/"
    /// The `<html lang>` of pages (`site.language`): the config's `language`, else the locale's language.
    public var language: String {
        get { explicitLanguage ?? locale.language }
        set { explicitLanguage = newValue }
    }
    private var explicitLanguage: String?
    /// How numbers, money, percents and dates are written (`locale:`, else en-US); a page's front matter may name another.
    public var locale: FormatLocale {
        get { namedLocale ?? .enUS }
        set { namedLocale = newValue }
    }
    /// The locale the config or `--locale` named, nil when neither did: a printed report's paper follows a named
    /// `en-US` (letter) but not the default, which says nothing about where the reader is.
    public private(set) var namedLocale: FormatLocale?
    /// Database path, relative to the site root.
    public var database = "data/site.sqlite"
    public var timezone = TimeZone(identifier: "UTC") ?? .current
    public var currency = Currency.lookup("USD")!
    /// Raw HTML in content files reaches the output only when true (off by default, as in Hugo).
    public var rawHTML = false
    /// Users whose personal data is published; nobody else's reaches a generated file.
    public var publishedUsers: [String] = []
    /// The line of `publish_users` in the config file, for warnings about it.
    public var publishedUsersLine: Int?
    public var privateColumns: [PublicationPolicy.PrivateColumn] = []
    public var navigation: [NavigationItem] = []
    /// Atom feeds to write, in the order the config lists them.
    public var feeds: [FeedDefinition] = []
    /// Files every build imports into its published snapshot (`sources:`), in order.
    public var sources: [SourceDefinition] = []
    public var contentDirectory = "content"
    public var templatesDirectory = "templates"
    public var staticDirectory = "static"
    /// Shared queries, one `NAME.sql` per view (docs/content.md#views).
    public var viewsDirectory = "views"
    public var outputDirectory = "public"

    public struct NavigationItem: Sendable, Equatable {
        public let title: String
        public let url: String
    }

    public init() {}

    /// The path part of the base URL: "/" or "/repo/".
    public var basePath: String {
        guard let schemeEnd = baseURL.range(of: "://") else { return baseURL.hasPrefix("/") ? baseURL : "/" + baseURL }
        let afterHost = baseURL[schemeEnd.upperBound...].drop { $0 != "/" }
        return afterHost.isEmpty ? "/" : String(afterHost)
    }

    /// Whether `baseURL` names a scheme and host, so pages can have canonical links, a sitemap and feeds.
    public var hasAbsoluteBaseURL: Bool { baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://") }

    /// The absolute URL of a site path ("/orgs/amf/" → "https://example.org/orgs/amf/"), or nil when
    /// `base_url` is only a path. Characters a URL path cannot hold are percent-encoded.
    public func absoluteURL(for sitePath: String) -> String? {
        guard hasAbsoluteBaseURL else { return nil }
        let relative = sitePath.drop { $0 == "/" }
        // Nearly every path is plain ASCII that needs no escaping; Foundation's encoder bridges each one to NSString
        // (1 % of a build's CPU, for the canonical link of every page and the sitemap's every entry).
        if relative.utf8.allSatisfy(Self.pathByteNeedsNoEscape) { return baseURL + relative }
        return baseURL + (relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String(relative))
    }

    /// ASCII letters, digits and the punctuation `CharacterSet.urlPathAllowed` holds: a path of only these is the
    /// same percent-encoded. Not `;`, which this Foundation escapes (`AbsoluteURLTests` tries every ASCII character).
    static func pathByteNeedsNoEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&")...UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    package var publicationPolicy: PublicationPolicy {
        PublicationPolicy(publishedUsers: publishedUsers, extraPrivateColumns: privateColumns)
    }
}
