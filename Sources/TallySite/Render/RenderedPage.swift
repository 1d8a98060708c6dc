import TallyFormat

/// A page after rendering: its HTML, and what the feeds need to know of it.
struct RenderedPage: Sendable {
    let outputFile: String
    /// The whole page, layout included, as UTF-8 bytes: written as they are, never read as text.
    let html: [UInt8]
    /// The page's own HTML before the layout wrapped it, for the feeds that list the page.
    let bodyHTML: String
    let summary: PageSummary
    /// The page's queries marked `csv`, as files beside it: `orgs/amf/gifts.csv` → its CSV text.
    var downloads: [(file: String, text: String)] = []
    /// The rows its queries gave, by query name: an incremental build records their digest, so that the next
    /// build can keep the page when a table it reads changed in rows it does not show (`IncrementalBuild`).
    var queryResults: [String: DataTable] = [:]
}

/// What a feed entry needs of a page besides its HTML.
struct PageSummary: Sendable {
    /// Site path: `/orgs/amf/`, or `/404.html`.
    let path: String
    let title: String
    let description: String
    /// The front matter's `date`, as written.
    let date: String?
}
