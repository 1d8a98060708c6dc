import TallyFormat

/// Front matter `paginate: orgs` with `per_page: 24`: the page query whose rows are split into pages of that many,
/// written at the page's own URL and then `page/2/`, `page/3/`, … below it, as Hugo and Zola do.
///
/// With `paginate_from: end` the pages are counted from the query's last row instead: the last `per_page` rows are
/// `page/1/`, the ones before them `page/2/`, and the page's own URL shows the first rows: what is left over and,
/// once there are `per_page` rows, one full page more (`per_page` to twice that less one), so the page a reader
/// lands on is never a stub of one row. A listing ordered newest first then keeps every older page's rows, number
/// and URL when a newer row is added; only its first page changes, and once every `per_page` rows it splits and a
/// new page number appears.
struct Pagination: Sendable, Equatable {
    /// The name of the ```sql block whose rows are split.
    let query: String
    let size: Int
    /// `paginate_from: end`: pages numbered from the query's last row.
    var fromEnd = false

    /// Hugo's default: a listing that names no size shows ten rows a page.
    static let defaultSize = 10

    /// The URL of the page numbered `number` of a listing whose first page is `first`: "/orgs/" → "/orgs/page/3/".
    /// - Parameter position: where the page comes in reading order; the first is at `first` whatever its number.
    static func path(of number: Int, position: Int, first: String) -> String {
        position == 1 ? first : first + "page/\(number)/"
    }

    /// How many pages `rows` rows fill: an empty listing still has its first page, which shows its empty text.
    /// Numbered from the end, the rows left over join the first full page rather than make a page of their own.
    static func pageCount(rows: Int, size: Int, fromEnd: Bool = false) -> Int {
        max(1, fromEnd ? rows / size : (rows + size - 1) / size)
    }

    /// The pagination a content file asks for, checked against its queries and route.
    static func check(_ matter: FrontMatter, queries: [PageQuery], route: Route, file: String) -> Result<Pagination?, Diagnostic> {
        guard let query = matter.paginate else {
            for key in ["per_page", "paginate_from"] where matter.lines[key] != nil {
                return .failure(Diagnostic(file: file, line: matter.lines[key] ?? 1,
                                           message: "`\(key)` is set but the page has no `paginate`",
                                           hint: "name the query to split into pages, e.g. `paginate: \(queries.first?.name ?? "rows")`"))
            }
            if let marked = queries.first(where: \.firstPageOnly) {
                return .failure(Diagnostic(file: file, line: marked.line - 1, message: "`first_page` is set on query `\(marked.name)` but the page has no `paginate`",
                                           hint: "`first_page` shows a query on a listing's first page only: split another query into pages "
                                               + "with `paginate`, or remove `first_page`"))
            }
            return .success(nil)
        }
        if let split = queries.first(where: { $0.name == query && $0.firstPageOnly }) {
            return .failure(Diagnostic(file: file, line: split.line - 1, message: "`first_page` is set on `\(query)`, the query split into pages",
                                       hint: "every page shows its own rows of `\(query)`: mark the page's other queries `first_page`, not this one"))
        }
        let line = matter.lines["paginate"] ?? 1
        if route.isNotFoundPage {
            return .failure(Diagnostic(file: file, line: line, message: "the 404 page cannot be paginated",
                                       hint: "remove `paginate`: hosts serve /404.html for every missing address, so it has no page 2"))
        }
        guard queries.contains(where: { $0.name == query }) else {
            let names = queries.map(\.name)
            let list = names.isEmpty ? "this page has no ```sql blocks" : "queries on this page: \(names.joined(separator: ", "))"
            let hint = NameSuggestion.closest(to: query, among: names).map { "did you mean `\($0)`? " + list } ?? list
            return .failure(Diagnostic(file: file, line: line, message: "`paginate` names no query on this page: `\(query)`", hint: hint))
        }
        return .success(Pagination(query: query, size: matter.perPage ?? defaultSize, fromEnd: matter.paginateFrom == "end"))
    }
}

/// Where each page of a listing starts in its query's rows, in reading order.
struct ListingRows: Sendable {
    let total: Int
    let size: Int
    let fromEnd: Bool

    /// Rows on the first page: `size`, or for a listing numbered from its end, every row before its other pages.
    var firstPageRows: Int { fromEnd ? total - (Pagination.pageCount(rows: total, size: size, fromEnd: true) - 1) * size : size }

    /// The index of the first row of the page at `position` (1 for the first page); `total` past the last.
    func start(of position: Int) -> Int {
        position <= 1 ? 0 : min(total, firstPageRows + (position - 2) * size)
    }
}
