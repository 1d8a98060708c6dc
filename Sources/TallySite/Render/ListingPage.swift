import TallyFormat

/// The results of a paginated file's queries for one listing, but the one it splits: every page of it shows the same
/// results (but for `first_page` queries, whose rows only its first page gets: `seen(onPage:)`), so a listing of
/// 834 pages runs each query once, not 834 times.
struct ListingTables: Sendable {
    private(set) var tables: [String: DataTable]
    /// The query the listing splits into pages.
    let paginated: PageQuery
    /// Rows a page.
    var size: Int
    /// The queries marked `first_page`: shown on the listing's first page only.
    var firstPageOnly: Set<String> = []

    /// The results as the page at `position` (1 for the first, in reading order) gets them: a later page has none
    /// of a `first_page` query's rows, so its files do not change when only they do.
    func seen(onPage position: Int) -> ListingTables {
        guard position > 1, !firstPageOnly.isEmpty else { return self }
        var seen = self
        for name in firstPageOnly {
            if let table = tables[name] { seen.tables[name] = DataTable(columns: table.columns, rows: []) }
        }
        return seen
    }
}

/// What one page of a listing shows: the listing's shared results and its own rows of the split query.
struct ListingPage: Sendable {
    let shared: ListingTables
    let rows: DataTable
    /// How many rows the split query has, over every page.
    let total: Int
}
