import TallyFormat

/// `sitemap.xml` (sitemaps.org 0.9): the absolute URL of every page that is in the sitemap, sorted by path,
/// with the page's `date` as `lastmod`.
enum Sitemap {
    static let file = "sitemap.xml"

    /// nil when `base_url` is only a path: a sitemap must list absolute URLs.
    static func xml(pages: [PageSummary], config: SiteConfig) -> String? {
        guard config.hasAbsoluteBaseURL else { return nil }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
        for page in pages.sorted(by: { $0.path < $1.path }) where page.inSitemap {
            guard let url = config.absoluteURL(for: page.path) else { continue }
            let lastModified = page.date.flatMap(ISODate.init).map { "<lastmod>\($0.isoDate)</lastmod>" } ?? ""
            lines.append("<url><loc>\(escapeXML(url))</loc>\(lastModified)</url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }
}
