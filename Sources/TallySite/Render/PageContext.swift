import TallyFormat
import TallyTemplates

/// Builds the `page` value templates see: title, description, url, canonical URL, date, tags, navigation state
/// and the user's own front-matter keys.
enum PageContext {
    /// The keys `make` sets besides the user's front matter keys.
    static let keys: Set = ["title", "description", "meta_description", "url", "canonical_url", "file", "date", "tags",
                            "weight", "nav", "breadcrumbs", "language"]

    /// - Parameters:
    ///   - titleSession, descriptionSession: sessions of their own for a templated title and description, which
    ///     format money and dates like the body does and whose unknown names are reported at their key.
    ///   - titles: other pages' titles by URL path, for the breadcrumbs.
    /// - Returns: the context, and the page's title and description as plain text for the sitemap and feeds.
    static func make(source: PageSource, page: PageInstance, data: [String: TemplateValue], config: SiteConfig,
                     titles: [String: String] = [:], titleSession: RenderSession,
                     descriptionSession: RenderSession) -> (context: MapContext, title: String, description: String) {
        let matter = source.frontMatter
        var values = matter.extra
        let root = MapContext(typed: data, isRoot: true)
        let title = source.title.map { template in titleSession.run { template.render(root, library: nil) } }
            ?? matter.title ?? defaultTitle(page.path)
        let description = source.description.map { template in descriptionSession.run { template.render(root, library: nil) } }
            ?? matter.description ?? ""
        values["title"] = .cell(Cell(title))
        values["description"] = .cell(Cell(description))
        values["meta_description"] = .cell(Cell(description.isEmpty ? config.description : description))
        values["url"] = .cell(Cell(page.path))
        // The 404 page is served at every missing address, so it names no address of its own.
        let canonical = source.route.isNotFoundPage ? nil : config.absoluteURL(for: page.path)
        values["canonical_url"] = .cell(Cell(canonical.map { DataValue.text($0) } ?? .null))
        values["file"] = .cell(Cell(source.file))
        values["date"] = .cell(Cell(matter.date.map { DataValue.text($0) } ?? .null))
        values["tags"] = .list(matter.tags.map { .cell(Cell($0)) })
        values["weight"] = .cell(Cell(.integer(Int64(matter.weight))))
        // For <html lang>: a page that names its own locale is written for its readers.
        values["language"] = .cell(Cell(matter.locale?.language ?? config.language))
        values["nav"] = .list(config.navigation.map { item in
            .map(MapContext(typed: ["title": .cell(Cell(item.title)), "url": .cell(Cell(item.url)),
                                    "current": .bool(isCurrent(item.url, page.path))]))
        })
        // Page 3 of /orgs/ sits below /orgs/ itself, not below /orgs/page/, which is no page.
        if let listing = page.listing, listing.number > 1 {
            values["breadcrumbs"] = .list(breadcrumbs(for: listing.firstPath, titles: titles)
                + [crumb(title: title, url: listing.firstPath)])
        } else {
            values["breadcrumbs"] = .list(breadcrumbs(for: page.path, titles: titles))
        }
        return (MapContext(typed: values), title, description)
    }

    /// A nav entry is current on its own URL and, except for the home page, on every page below it.
    static func isCurrent(_ url: String, _ path: String) -> Bool {
        url == path || (url != "/" && url.hasSuffix("/") && path.hasPrefix(url))
    }

    /// The ancestors of a page as {title, url}, from home down to its parent, each titled as its page is
    /// (or from its URL when no page has that URL or its title needs the page's queries).
    static func breadcrumbs(for path: String, titles: [String: String] = [:]) -> [TemplateValue] {
        let parts = path.split(separator: "/")
        guard !parts.isEmpty else { return [] }
        var crumbs = [crumb(title: "Home", url: "/")]
        var url = "/"
        for part in parts.dropLast() {
            url += part + "/"
            crumbs.append(crumb(title: titles[url] ?? defaultTitle(url), url: url))
        }
        return crumbs
    }

    private static func crumb(title: String, url: String) -> TemplateValue {
        .map(MapContext(typed: ["title": .cell(Cell(title)), "url": .cell(Cell(url))]))
    }

    /// "/orgs/against-malaria/" → "Against malaria": a readable title when the front matter gives none.
    static func defaultTitle(_ path: String) -> String {
        guard let last = path.split(separator: "/").last else { return "Home" }
        let words = last.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
