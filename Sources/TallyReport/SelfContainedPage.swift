import Foundation
import TallyHTML
import TallySite

/// Turns a built page into one file that needs nothing else: stylesheets become `<style>`, images become `data:`
/// URLs, scripts are dropped, and links into the site point at the published site (or are unlinked when the
/// config has no absolute `base_url`). Opening it makes no request of any kind, so it can be emailed or archived.
struct SelfContainedPage {
    /// The built site's output folder, where root-relative files are read from.
    let output: URL
    /// `https://example.org/` or nil when the site has no absolute address.
    let absoluteBase: String?
    let basePath: String

    enum Problem: Error, Equatable {
        case missingFile(String)
    }

    func inline(_ html: String) throws(Problem) -> String {
        var html = html
        return try html.withUTF8 { bytes in Result { () throws(Problem) in try inline(bytes) } }.get()
    }

    private func inline(_ bytes: UnsafeBufferPointer<UInt8>) throws(Problem) -> String {
        var page = SourceEdits(bytes, growth: bytes.count / 2)
        var tokenizer = HTMLTokenizer(bytes)
        // The report works without script, and a script could make requests: each is left out, end tag and all.
        var scriptStart: Int?
        while let tag = tokenizer.next() {
            if tag.isEndTag {
                if let start = scriptStart, bytes.spells(tag.name, "script") {
                    page.replace(start..<tag.range.upperBound, with: [])
                    scriptStart = nil
                }
            } else if bytes.spells(tag.name, "script") {
                scriptStart = tag.range.lowerBound
            } else {
                try rewrite(tag, in: &page)
            }
        }
        if let start = scriptStart { page.replace(start..<bytes.count, with: []) }
        return String(decoding: page.finish(), as: UTF8.self)
    }

    private func rewrite(_ tag: HTMLTag, in page: inout SourceEdits) throws(Problem) {
        let bytes = page.source
        if bytes.spells(tag.name, "link") {
            guard let href = tag.attribute("href", in: bytes), let path = sitePath(page.value(of: href)) else { return }
            let relations = tag.attribute("rel", in: bytes).map { page.value(of: $0).lowercased().split(whereSeparator: \.isWhitespace) } ?? []
            if relations.contains("stylesheet") {
                page.replace(tag.range, with: ("<style>" + (try text(of: path)) + "</style>").utf8)
            } else if relations.contains("icon") {
                page.replace(href, with: try dataURL(of: path))
            } else {
                page.replace(tag.range, with: [])  // alternates and the like point at other files of the site
            }
        } else if bytes.spells(tag.name, "img"), let source = tag.attribute("src", in: bytes), let path = sitePath(page.value(of: source)) {
            page.replace(source, with: try dataURL(of: path))
        } else if bytes.spells(tag.name, "a"), let href = tag.attribute("href", in: bytes), let path = sitePath(page.value(of: href)) {
            page.replace(href, with: absoluteBase.map { $0 + path })
        }
    }

    /// A root-relative URL's path inside the site ("/orgs/x/" → "orgs/x/"), or nil for any other URL.
    private func sitePath(_ url: String) -> String? {
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return nil }
        return url.hasPrefix(basePath) ? String(url.dropFirst(basePath.count)) : String(url.dropFirst())
    }

    private func file(_ path: String) throws(Problem) -> Data {
        let clean = path.split(separator: "#").first.map(String.init) ?? path
        guard !clean.split(separator: "/").contains(".."),
              let data = FileManager.default.contents(atPath: output.appendingPathComponent(clean).path) else {
            throw .missingFile("/" + clean)
        }
        return data
    }

    private func text(of path: String) throws(Problem) -> String {
        // A stylesheet cannot end the <style> element early: "</" only appears in it as "<\/".
        String(decoding: try file(path), as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
    }

    private func dataURL(of path: String) throws(Problem) -> String {
        let types = ["svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
                     "gif": "image/gif", "webp": "image/webp", "ico": "image/x-icon"]
        let type = types[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
        return "data:" + type + ";base64," + (try file(path)).base64EncodedString()
    }
}

private extension SourceEdits {
    /// The attribute's value, with character references decoded.
    func value(of attribute: HTMLAttribute) -> String {
        attribute.value.map { HTMLEntities.decode(Substring(source.string($0))) } ?? ""
    }

    /// Writes the attribute again as `name="value"` (escaped), or removes it, with the space before it, for nil.
    mutating func replace(_ attribute: HTMLAttribute, with value: String?) {
        if let value {
            let name = source.string(attribute.name).lowercased()
            replace(attribute.range, with: (name + "=\"" + value.replacingOccurrences(of: "&", with: "&amp;") + "\"").utf8)
        } else {
            var start = attribute.range.lowerBound
            while start > 0, source[start - 1].isHTMLSpace { start -= 1 }
            replace(start..<attribute.range.upperBound, with: [])
        }
    }
}
