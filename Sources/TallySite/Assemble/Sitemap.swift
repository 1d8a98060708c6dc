import TallyFormat

/// `sitemap.xml` (sitemaps.org 0.9): the absolute URL of every page that is in the sitemap, sorted by path,
/// with the page's `date` as `lastmod`. Past 50,000 URLs, the most one sitemap may list, `sitemap.xml` is a
/// sitemap index of `sitemap-1.xml`, `sitemap-2.xml`, … as Zola and Hugo's multilingual sites do.
enum Sitemap {
    static let file = "sitemap.xml"
    static let urlsPerFile = 50_000

    /// The files to write, by path inside the output; nil when `base_url` is only a path: a sitemap must list
    /// absolute URLs.
    static func files(plan: PagePlan, sources: [PageSource], config: SiteConfig, urlsPerFile: Int = urlsPerFile) -> [(file: String, xml: String)]? {
        guard config.hasAbsoluteBaseURL else { return nil }
        var urls: [String] = []
        for (path, owner) in plan.owners.sorted(by: { $0.key < $1.key }) {
            let source = sources[Int(owner.sourceIndex)]
            guard source.frontMatter.sitemap, !source.route.isNotFoundPage, let url = config.absoluteURL(for: path) else { continue }
            let lastModified = source.frontMatter.date.flatMap(ISODate.init).map { "<lastmod>\($0.isoDate)</lastmod>" } ?? ""
            urls.append("<url><loc>\(escapeXML(url))</loc>\(lastModified)</url>")
        }
        guard urls.count > urlsPerFile else { return [(file, document("urlset", urls))] }
        let parts = stride(from: 0, to: urls.count, by: urlsPerFile).enumerated().map { number, start in
            ("sitemap-\(number + 1).xml", document("urlset", Array(urls[start..<min(start + urlsPerFile, urls.count)])))
        }
        let index = parts.compactMap { part in config.absoluteURL(for: "/" + part.0).map { "<sitemap><loc>\(escapeXML($0))</loc></sitemap>" } }
        return [(file, document("sitemapindex", index))] + parts
    }

    private static func document(_ root: String, _ entries: [String]) -> String {
        ([#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<\#(root) xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
            + entries + ["</\(root)>"]).joined(separator: "\n") + "\n"
    }
}
