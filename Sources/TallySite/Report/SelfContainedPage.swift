import Foundation

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
        var out = ""
        out.reserveCapacity(html.utf8.count + html.utf8.count / 2)
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[open...close]
            rest = rest[rest.index(after: close)...]
            if tag.lowercased().hasPrefix("<script") {
                // The report works without script, and a script could make requests: leave it out.
                rest = rest.range(of: "</script>").map { rest[$0.upperBound...] } ?? rest[rest.endIndex...]
                continue
            }
            out += try rewrite(tag)
        }
        out += rest
        return out
    }

    private func rewrite(_ tag: Substring) throws(Problem) -> String {
        let lower = tag.lowercased()
        if lower.hasPrefix("<link") {
            guard let href = attribute("href", in: tag), let path = sitePath(href) else { return String(tag) }
            if lower.contains("rel=\"stylesheet\"") { return "<style>" + (try text(of: path)) + "</style>" }
            if lower.contains("rel=\"icon\"") { return replacing("href", in: tag, with: try dataURL(of: path)) }
            return ""  // alternates and the like point at other files of the site
        }
        if lower.hasPrefix("<img"), let source = attribute("src", in: tag), let path = sitePath(source) {
            return replacing("src", in: tag, with: try dataURL(of: path))
        }
        if lower.hasPrefix("<a "), let href = attribute("href", in: tag), let path = sitePath(href) {
            guard let absoluteBase else { return replacing("href", in: tag, with: nil) }
            return replacing("href", in: tag, with: absoluteBase + path)
        }
        return String(tag)
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

    /// The value of a double-quoted attribute, with the entities Tally's escaping writes decoded.
    private func attribute(_ name: String, in tag: Substring) -> String? {
        guard let range = tag.range(of: " " + name + "=\"") else { return nil }
        guard let end = tag[range.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(tag[range.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }

    private func replacing(_ name: String, in tag: Substring, with value: String?) -> String {
        guard let range = tag.range(of: " " + name + "=\""), let end = tag[range.upperBound...].firstIndex(of: "\"") else {
            return String(tag)
        }
        let replacement = value.map { " " + name + "=\"" + $0.replacingOccurrences(of: "&", with: "&amp;") + "\"" } ?? ""
        return String(tag[..<range.lowerBound]) + replacement + String(tag[tag.index(after: end)...])
    }
}
