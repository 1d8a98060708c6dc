import TallyHTML

/// Rewrites root-relative URLs for a site that is not served from the root of its host.
///
/// Templates and content write site paths such as `/css/site.css`. For `base_url: https://user.github.io/repo/`
/// the built HTML must say `/repo/css/site.css`, and a feed must say `https://user.github.io/repo/css/site.css`.
/// Only values that begin with a single `/` change (`//cdn.example` and `https://…` are left alone), in
/// `href`, `src`, `srcset`, `action`, `formaction`, `poster`, `data`, `xlink:href`, the `content` of `<meta>` tags
/// whose name is about an image or URL (`og:image`, `og:url`, `twitter:image`), and CSS `url(…)` and `@import` in
/// `<style>`, `style` attributes and stylesheets. Each document is read once, in place, by `HTMLTokenizer` (no
/// regular expressions, nothing allocated per tag), and copied in as many pieces as it has URLs to change.
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
        return text.withUTF8(rewritten)
    }

    /// The same over a page's bytes (`RenderedPage.html`).
    func htmlBytes(_ html: [UInt8]) -> [UInt8] {
        html.withUnsafeBufferPointer(rewritten)
    }

    private func rewritten(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var buffer = RewriteBuffer(source: bytes, prefix: prefix)
        var tokenizer = HTMLTokenizer(bytes, endTags: false)
        while let tag = tokenizer.next() {
            guard !tag.isEndTag else { continue }
            rewriteAttributes(of: tag, in: &buffer)
            if bytes.spells(tag.name, "style"), let css = tag.text { buffer.rewriteCSS(css) }
        }
        return buffer.finish()
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

    private func rewriteAttributes(of tag: HTMLTag, in buffer: inout RewriteBuffer) {
        let bytes = buffer.source
        let metaHoldsURL = bytes.spells(tag.name, "meta") && tag.attributes.contains { attribute in
            guard bytes.spells(attribute.name, "property") || bytes.spells(attribute.name, "name"), let range = attribute.value else { return false }
            let value = String(decoding: bytes[range].map(\.lowercasedASCII), as: UTF8.self)
            return value.hasSuffix("image") || value.hasSuffix(":url") || value.hasSuffix(":audio") || value.hasSuffix(":video")
        }
        for attribute in tag.attributes {
            guard let range = attribute.value else { continue }
            let name = attribute.name
            if bytes.spells(name, "href") || bytes.spells(name, "src") || bytes.spells(name, "action") || bytes.spells(name, "formaction")
                || bytes.spells(name, "poster") || bytes.spells(name, "data") || bytes.spells(name, "xlink:href")
                || (metaHoldsURL && bytes.spells(name, "content")) {
                buffer.rewriteURL(range)
            } else if bytes.spells(name, "srcset") || bytes.spells(name, "imagesrcset") {
                buffer.rewriteSrcset(range)
            } else if bytes.spells(name, "style") {
                buffer.rewriteCSS(range)
            }
        }
    }
}
