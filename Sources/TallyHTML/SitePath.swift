/// Where an URL written in a page leads inside the site, if anywhere.
///
/// Internal URLs are root-relative (`/orgs/`) or relative (`../amf/`, `#top`, `?page=2`). Anything with a scheme
/// (`https:`, `mailto:`, `data:`) or a host (`//cdn.example`) is external and not checked.
enum SitePath: Equatable {
    case external
    /// A site path such as "/orgs/amf/" (percent-decoded, dot segments removed) and the fragment, if any.
    case page(path: String, fragment: String?)
    /// Root-relative, but not below the base path the site is served under.
    case outsideBasePath
    /// Relative, with more `..` than there are folders above the page.
    case aboveRoot

    /// - Parameters:
    ///   - url: as written in the attribute, entities decoded.
    ///   - page: the page's own site path, such as "/orgs/amf/index.html".
    ///   - basePath: "/" or "/repo/": the path the site is served under.
    init(_ url: String, page: String, basePath: String) {
        let url = url.trimmingWhitespace()
        guard !url.hasPrefix("//"), !SitePath.hasScheme(url) else { self = .external; return }
        var rest = Substring(url)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = SitePath.percentDecoded(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") { rest = rest[..<question] }
        let joined: Substring
        if rest.isEmpty {
            joined = Substring(page)
        } else if rest.hasPrefix("/") {
            if basePath != "/" {
                guard rest.hasPrefix(basePath) || rest == basePath.dropLast() else { self = .outsideBasePath; return }
                rest = rest.dropFirst(basePath.count - 1)
                if rest.isEmpty { rest = "/" }
            }
            joined = rest
        } else {
            joined = page[...(page.lastIndex(of: "/") ?? page.startIndex)] + rest
        }
        guard let path = SitePath.removingDotSegments(joined) else { self = .aboveRoot; return }
        self = .page(path: path, fragment: fragment)
    }

    /// `scheme:` before any "/", "?" or "#": letters first, then letters, digits, "+", "-", ".".
    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else { return false }
        return url[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// "/a/./b/../c/" → "/a/c/", decoding each segment; nil when ".." climbs above "/".
    private static func removingDotSegments(_ path: Substring) -> String? {
        var segments: [String] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(percentDecoded)
        for segment in parts {
            switch segment {
            case ".", "": continue
            case "..": guard segments.popLast() != nil else { return nil }
            default: segments.append(segment)
            }
        }
        let endsInFolder = [nil, "", ".", ".."].contains(parts.last)
        guard !segments.isEmpty else { return "/" }
        return "/" + segments.joined(separator: "/") + (endsInFolder ? "/" : "")
    }

    /// "%20" → " "; text that does not decode to UTF-8 is kept as written.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), high < utf8.endIndex,
               let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex), low < utf8.endIndex,
               let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }
}
