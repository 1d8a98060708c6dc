import TallyFormat

/// The results of a paginated file's queries for one listing, but the one it splits: every page of it shows the same
/// results, so a listing of 834 pages runs each query once, not 834 times.
struct ListingTables: Sendable {
    let tables: [String: DataTable]
    /// The query the listing splits into pages.
    let paginated: PageQuery
    /// Rows a page.
    let size: Int
}

/// What one page of a listing shows: the listing's shared results and its own rows of the split query.
struct ListingPage: Sendable {
    let shared: ListingTables
    let rows: DataTable
    /// How many rows the split query has, over every page.
    let total: Int
}
