/// Rewrites root-relative URLs for a site that is not served from the root of its host.
///
/// Templates and content write site paths such as `/css/site.css`. For `base_url: https://user.github.io/repo/`
/// the built HTML must say `/repo/css/site.css`, and a feed must say `https://user.github.io/repo/css/site.css`.
/// Only values that begin with a single `/` change (`//cdn.example` and `https://…` are left alone), in
/// `href`, `src`, `srcset`, `action`, `formaction`, `poster`, `data`, `xlink:href`, the `content` of `<meta>` tags
/// whose name is about an image or URL (`og:image`, `og:url`, `twitter:image`), and CSS `url(…)` and `@import` in
/// `<style>`, `style` attributes and stylesheets. Each document is read once, byte by byte, with no regular expressions.
struct SitePathRewriter: Sendable {
    /// What the leading `/` becomes: `/repo/` or `https://user.github.io/repo/`.
    let prefix: [UInt8]

    init(prefix: String) {
        self.prefix = Array(prefix.utf8)
    }

    /// The rewriter for a site's pages, or nil when the site is served from its host's root and nothing changes.
    init?(basePath: String) {
        guard basePath != "/" else { return nil }
        self.init(prefix: basePath)
    }

    func html(_ text: String) -> String {
        var scanner = HTMLScanner(Array(text.utf8), rewriter: self)
        return scanner.run()
    }

    func css(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        appendCSS(bytes[...], to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `url` with its leading `/` replaced by the prefix, when it is root-relative.
    func appendURL(_ url: ArraySlice<UInt8>, to output: inout [UInt8]) {
        if isRootRelative(url) {
            output += prefix
            output += url.dropFirst()
        } else {
            output += url
        }
    }

    /// `a.png 1x, /b.png 2x`: each candidate's URL is rewritten, descriptors and spacing are kept.
    func appendSrcset(_ value: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var index = value.startIndex
        while index < value.endIndex {
            while index < value.endIndex, value[index] == .comma || value[index].isHTMLSpace {
                output.append(value[index])
                index += 1
            }
            let urlStart = index
            while index < value.endIndex, !value[index].isHTMLSpace { index += 1 }
            // A URL may contain commas; only a trailing one ends the candidate.
            var urlEnd = index
            while urlEnd > urlStart, value[urlEnd - 1] == .comma { urlEnd -= 1 }
            appendURL(value[urlStart..<urlEnd], to: &output)
            output += value[urlEnd..<index]
            while index < value.endIndex, value[index] != .comma {
                output.append(value[index])
                index += 1
            }
        }
    }

    /// Rewrites `url(/…)`, `url("/…")` and `@import "/…"` in CSS text.
    func appendCSS(_ css: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var index = css.startIndex
        var copiedUpTo = index
        while index < css.endIndex {
            var urlStart: Int?
            if css.hasLowercasedPrefix("url(", at: index) {
                var cursor = index + 4
                while cursor < css.endIndex, css[cursor].isHTMLSpace { cursor += 1 }
                if cursor < css.endIndex, css[cursor] == .quote || css[cursor] == .apostrophe { cursor += 1 }
                urlStart = cursor
            } else if css.hasLowercasedPrefix("@import", at: index) {
                var cursor = index + 7
                while cursor < css.endIndex, css[cursor].isHTMLSpace { cursor += 1 }
                if cursor < css.endIndex, css[cursor] == .quote || css[cursor] == .apostrophe { urlStart = cursor + 1 }
            }
            guard let start = urlStart else {
                index += 1
                continue
            }
            if start < css.endIndex, isRootRelative(css[start...]) {
                output += css[copiedUpTo..<start]
                output += prefix
                copiedUpTo = start + 1
            }
            index = max(start, index + 1)
        }
        output += css[copiedUpTo...]
    }

    private func isRootRelative(_ url: ArraySlice<UInt8>) -> Bool {
        guard let first = url.first, first == .slash else { return false }
        let second = url.dropFirst().first
        return second != .slash && second != .backslash
    }
}

extension UInt8 {
    static let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ","),
               quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), lessThan = UInt8(ascii: "<"),
               greaterThan = UInt8(ascii: ">"), equals = UInt8(ascii: "=")

    var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    var lowercasedASCII: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}

extension ArraySlice<UInt8> {
    /// Whether the bytes at `index` spell `prefix`, ignoring ASCII case (`prefix` is lowercase).
    func hasLowercasedPrefix(_ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= endIndex else { return false }
        return prefix.withUTF8Buffer { expected in
            for offset in 0..<count where self[index + offset].lowercasedASCII != expected[offset] { return false }
            return true
        }
    }
}
