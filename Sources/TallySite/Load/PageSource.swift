import TallyMarkdown
import TallyTemplates

/// A content file, loaded and compiled: front matter, queries, embedded blocks and the body template.
struct PageSource: Sendable {
    /// Path from the site root, e.g. `content/orgs/[slug].md`, used in every diagnostic.
    let file: String
    let route: Route
    /// The first folder inside the content folder: `posts` for `content/posts/a.md`, `''` for `content/about.md`.
    let section: String
    let frontMatter: FrontMatter
    let queries: [PageQuery]
    /// Charts and tables, in file order; `tally_block_N` in the body is `blocks[N - 1]`.
    let blocks: [PageBlock]
    let body: PageTemplate
    /// Line of the body's first line in the file.
    let bodyLine: Int
    let title: PageTemplate?
    let description: PageTemplate?
    /// Set when the front matter splits one of the queries into pages.
    var pagination: Pagination? = nil
    /// A digest of the file's text as it was loaded (`ContentLoader`), which an incremental build compares with
    /// the last build's: taken from the bytes already read, on every core, rather than by reading the file again.
    var contentDigest: String? = nil
}

/// A fenced ```` ```sql name ```` block: its rows become the page's `name` value.
struct PageQuery: Sendable, Equatable {
    let name: String
    let sql: String
    /// Line of the first SQL line in the content file.
    let line: Int
    /// Set by ```` ```sql name csv ```` or a table block's `csv: true`: the rows are also written beside the page
    /// as `name.csv` (`CSVText`), for a download link.
    var csv = false
    /// Set by ```` ```sql name first_page ```` on a paginated page: only the listing's first page shows the rows;
    /// its later pages get none, so they do not change when only these rows do (a tag's total given, shown above
    /// its first 24 organizations, changes with every gift; its 200 later pages need not).
    var firstPageOnly = false
}
