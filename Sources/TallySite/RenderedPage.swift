/// A page after rendering: its HTML, and what the assemble stage needs to know of it.
struct RenderedPage: Sendable {
    let outputFile: String
    /// The whole page, layout included.
    let html: String
    let summary: PageSummary
}

/// What the sitemap and feeds need of a page, kept for the assemble stage after the page itself is written.
struct PageSummary: Sendable {
    /// Site path: `/orgs/amf/`, or `/404.html`.
    let path: String
    let title: String
    let description: String
    /// The front matter's `date`, as written.
    let date: String?
    /// False for the 404 page and for pages whose front matter says `sitemap: false`.
    let inSitemap: Bool
    /// The page's own HTML before the layout wrapped it; kept only for dated pages, the ones feeds can list.
    let bodyHTML: String?
}
