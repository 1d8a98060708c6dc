import TallyFormat

/// `sitemap.xml` (sitemaps.org 0.9): the absolute URL of every page that is in the sitemap, sorted by path,
/// with the page's `date` as `lastmod`. Past 50,000 URLs, the most one sitemap may list, `sitemap.xml` is a
/// sitemap index of `sitemap-1.xml`, `sitemap-2.xml`, … as Zola and Hugo's multilingual sites do.
enum Sitemap {
    static let file = "sitemap.xml"
    static let urlsPerFile = 50_000

    /// Hands each file to `write` (its path inside the output, then its XML) as soon as it is made, so no more than
    /// two of them are held: at 147,150 pages every entry as a string, then every file at once, took 30 MB as the
    /// build ended. Returns false, writing nothing, when `base_url` is only a path: a sitemap must list absolute URLs.
    static func write(plan: PagePlan, sources: [PageSource], config: SiteConfig, urlsPerFile: Int = urlsPerFile,
                      to write: (_ file: String, _ xml: String) -> Void) -> Bool {
        guard config.hasAbsoluteBaseURL else { return false }
        var parts = 0
        var finished: String?
        var current = opening("urlset")
        var entries = 0
        // A full file is kept until an entry after it shows it is one of several: sitemap-N.xml rather than sitemap.xml.
        func writeFinishedPart() {
            guard let xml = finished else { return }
            parts += 1
            write("sitemap-\(parts).xml", xml)
            finished = nil
        }
        let listed = listedPages(sources)
        // The paths alone are sorted, not (path, owner) pairs: half the memory at 147,150 pages.
        for path in (Array(plan.owners.keys) + plan.listingPages.keys).sorted() {
            guard let owner = plan.owner(of: path), let lastModified = listed[Int(owner.sourceIndex)],
                  let url = config.absoluteURL(for: path) else { continue }
            if entries == urlsPerFile {
                writeFinishedPart()
                finished = current + closing("urlset")
                current = opening("urlset")
                entries = 0
            }
            current += "<url><loc>\(escapeXML(url))</loc>\(lastModified)</url>\n"
            entries += 1
        }
        guard finished != nil else {
            write(file, current + closing("urlset"))
            return true
        }
        writeFinishedPart()
        finished = current + closing("urlset")
        writeFinishedPart()
        let index = (1...parts).compactMap { number in
            config.absoluteURL(for: "/sitemap-\(number).xml").map { "<sitemap><loc>\(escapeXML($0))</loc></sitemap>\n" }
        }
        write(file, opening("sitemapindex") + index.joined() + closing("sitemapindex"))
        return true
    }

    /// By source index, what the sitemap writes after the URL of each of its pages (its `<lastmod>`, or nothing when
    /// it has no date); nil for a source whose pages it leaves out (`sitemap: false`, the 404 page).
    static func listedPages(_ sources: [PageSource]) -> [String?] {
        sources.map { source in
            guard source.frontMatter.sitemap, !source.route.isNotFoundPage else { return nil }
            return source.frontMatter.date.flatMap(ISODate.init).map { "<lastmod>\($0.isoDate)</lastmod>" } ?? ""
        }
    }

    private static func opening(_ root: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<\#(root) xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
    }

    private static func closing(_ root: String) -> String { "</\(root)>\n" }
}
