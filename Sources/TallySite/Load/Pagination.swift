import TallyFormat

/// Front matter `paginate: orgs` with `per_page: 24`: the page query whose rows are split into pages of that many,
/// written at the page's own URL and then `page/2/`, `page/3/`, … below it, as Hugo and Zola do.
struct Pagination: Sendable, Equatable {
    /// The name of the ```sql block whose rows are split.
    let query: String
    let size: Int

    /// Hugo's default: a listing that names no size shows ten rows a page.
    static let defaultSize = 10

    /// The URL of page `number` of a listing whose first page is `first`: "/orgs/" → "/orgs/page/3/".
    static func path(of number: Int, first: String) -> String {
        number == 1 ? first : first + "page/\(number)/"
    }

    /// How many pages `rows` rows fill: an empty listing still has its first page, which shows its empty text.
    static func pageCount(rows: Int, size: Int) -> Int {
        max(1, (rows + size - 1) / size)
    }

    /// The pagination a content file asks for, checked against its queries and route.
    static func check(_ matter: FrontMatter, queries: [PageQuery], route: Route, file: String) -> Result<Pagination?, Diagnostic> {
        guard let query = matter.paginate else {
            guard matter.perPage == nil else {
                return .failure(Diagnostic(file: file, line: matter.lines["per_page"] ?? 1,
                                           message: "`per_page` is set but the page has no `paginate`",
                                           hint: "name the query to split into pages, e.g. `paginate: \(queries.first?.name ?? "rows")`"))
            }
            return .success(nil)
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
        return .success(Pagination(query: query, size: matter.perPage ?? defaultSize))
    }
}
