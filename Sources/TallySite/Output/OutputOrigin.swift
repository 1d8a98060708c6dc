/// What made a file in the output, so that a static file at the same path is an error that names it instead
/// of a silent replacement. Files meant to be replaced (`robots.txt`, the fallback `404.html`) have none.
enum OutputOrigin: Sendable, Equatable {
    /// A page, from its content file (`content/about.md`, `content/orgs/[slug].md`).
    case page(source: String)
    /// The JSON of a `.json.sql` data file.
    case dataFile(source: String)
    /// A feed declared in the config file.
    case feed(configFile: String)
    case sitemap
    case chartStylesheet

    /// Finishes "this file would overwrite …".
    var description: String {
        switch self {
        case .page(let source): "the page generated from \(source)"
        case .dataFile(let source): "the file generated from \(source)"
        case .feed(let configFile): "the feed declared in \(configFile)"
        case .sitemap: "the sitemap generated from the site's pages"
        case .chartStylesheet: "the chart stylesheet Tally generates"
        }
    }

    var hint: String {
        switch self {
        case .page(let source): "delete the static file, or move \(source) to another address"
        case .dataFile(let source): "delete the static file, or rename \(source)"
        case .feed(let configFile): "delete the static file, or give the feed another `path` in \(configFile)"
        case .sitemap: "delete the static file: Tally writes sitemap.xml whenever `base_url` is a full address"
        case .chartStylesheet: "to restyle charts, save your stylesheet under another name, such as static/css/charts.css, and link that"
        }
    }
}
