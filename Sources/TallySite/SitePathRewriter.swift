/// Rewrites root-relative URLs for a site that is not served from the root of its host.
///
/// Templates and content write site paths such as `/css/site.css`. For `base_url: https://user.github.io/repo/`
/// the built HTML must say `/repo/css/site.css`, and a feed must say `https://user.github.io/repo/css/site.css`.
/// Only values that begin with a single `/` change (`//cdn.example` and `https://…` are left alone), in
/// `href`, `src`, `srcset`, `action`, `formaction`, `poster`, `data`, `xlink:href`, the `content` of `<meta>` tags
/// whose name is about an image or URL (`og:image`, `og:url`, `twitter:image`), and CSS `url(…)` and `@import` in
/// `<style>`, `style` attributes and stylesheets. Each document is read once, in place, with no regular
/// expressions, and copied in as many pieces as it has URLs to change.
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

    /// The HTML document with its site paths prefixed, as UTF-8 bytes ready to write.
    func htmlBytes(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = HTMLScanner(RewriteBuffer(source: bytes, prefix: prefix))
            return scanner.run()
        }
    }

    func html(_ text: String) -> String { String(decoding: htmlBytes(text), as: UTF8.self) }

    func css(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var buffer = RewriteBuffer(source: bytes, prefix: prefix)
            buffer.rewriteCSS(0..<bytes.count)
            return String(decoding: buffer.finish(), as: UTF8.self)
        }
    }
}
