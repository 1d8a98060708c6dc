import Synchronization

/// The entries of the config's page feeds (`pages: /news/`), gathered as pages render: each feed keeps only its
/// newest `limit` entries, and a page no feed lists keeps nothing, so a site of 100,000 dated pages does not
/// hold every page's HTML until the feeds are written.
final class FeedPages: Sendable {
    private struct Feed: Sendable {
        let under: String
        let limit: Int?
        var entries: [AtomFeed.Entry] = []

        mutating func trim() {
            entries.sort { ($1.updated, $0.link) < ($0.updated, $1.link) }
            if let limit, entries.count > limit { entries.removeSubrange(limit...) }
        }
    }

    private let config: SiteConfig
    private let rewriter: SitePathRewriter
    private let feeds: Mutex<[String: Feed]>

    init(config: SiteConfig) {
        self.config = config
        rewriter = SitePathRewriter(prefix: config.baseURL)
        var feeds: [String: Feed] = [:]
        for definition in config.feeds {
            if case .pages(let under) = definition.source { feeds[definition.path] = Feed(under: under, limit: definition.limit) }
        }
        self.feeds = Mutex(feeds)
    }

    /// Whether any feed lists the page at `path`; only then does `offer` need its HTML.
    func wants(_ path: String) -> Bool {
        path != Route.notFoundPath && feeds.withLock { $0.values.contains { path.hasPrefix($0.under) } }
    }

    /// Adds a rendered page to the feeds that list it, when it has a date that parses.
    func offer(_ page: PageSummary, bodyHTML: String) {
        guard wants(page.path), let date = page.date, let updated = FeedTimestamp(date, timezone: config.timezone) else { return }
        let link = config.absoluteURL(for: page.path) ?? page.path
        let entry = AtomFeed.Entry(title: page.title, link: link, id: link, updated: updated, author: nil,
                                   summary: page.description.isEmpty ? nil : page.description, contentHTML: rewriter.html(bodyHTML))
        feeds.withLock { feeds in
            for (path, feed) in feeds where page.path.hasPrefix(feed.under) {
                feeds[path]?.entries.append(entry)
                // Sorting each time the list doubles keeps the work per page constant.
                if let limit = feed.limit, feed.entries.count + 1 >= 2 * max(limit, 16) { feeds[path]?.trim() }
            }
        }
    }

    /// The feed at `path`'s entries, newest first (ties by link), at most its `limit`.
    func entries(of path: String) -> [AtomFeed.Entry] {
        feeds.withLock { feeds in
            feeds[path]?.trim()
            return feeds[path]?.entries ?? []
        }
    }
}
