import TallyFormat
import TallyTemplates

/// One page of a paginated listing: its slice of the listing's rows, and the `paginator` value templates see.
struct Paginator: Sendable {
    let position: ListingPosition
    let size: Int
    /// This page's rows of the listing (a long listing is read a window of pages at a time: `PageWriter+Listings`).
    let rows: DataTable
    /// How many rows the whole listing has.
    let total: Int

    /// The numbers linked on each side of the current page; the first and last page are always linked, so a
    /// listing of 400 pages writes a navigation of at most 7 numbers, not 400.
    static let neighbours = 2

    /// The keys `context` sets: `UnknownKeys` reports any other `paginator.*` a template reads.
    static let keys: Set = ["number", "pages", "paged", "total", "per_page", "first_row", "last_row", "url", "first_url",
                            "last_url", "previous_url", "next_url", "links"]

    /// `paginator.*`: where this page sits, the URLs around it and the numbered links of the page navigation.
    var context: MapContext {
        let number = position.number, pages = position.pages
        let shown = rows.rows.count
        let firstRow = (number - 1) * size + 1
        func url(_ page: Int) -> String { Pagination.path(of: page, first: position.firstPath) }
        func link(_ page: Int?) -> Cell { Cell(page.map { .text(url($0)) } ?? .null) }
        let values: [String: TemplateValue] = [
            "number": .cell(Cell(.integer(Int64(number)))),
            "pages": .cell(Cell(.integer(Int64(pages)))),
            "paged": .bool(pages > 1),
            "total": .cell(Cell(.integer(Int64(total)))),
            "per_page": .cell(Cell(.integer(Int64(size)))),
            "first_row": .cell(Cell(shown == 0 ? .null : .integer(Int64(firstRow)))),
            "last_row": .cell(Cell(shown == 0 ? .null : .integer(Int64(firstRow + shown - 1)))),
            "url": .cell(Cell(url(number))),
            "first_url": .cell(Cell(url(1))),
            "last_url": .cell(Cell(url(pages))),
            "previous_url": .cell(link(number > 1 ? number - 1 : nil)),
            "next_url": .cell(link(number < pages ? number + 1 : nil)),
            "links": .list(linkedNumbers().map { page, gap in
                .map(MapContext(typed: ["number": .cell(Cell(.integer(Int64(page)))), "url": .cell(Cell(url(page))),
                                        "current": .bool(page == number), "gap": .bool(gap)]))
            }),
        ]
        return MapContext(typed: values)
    }

    /// The page numbers to link, in order, each with whether numbers were skipped just before it (an ellipsis).
    func linkedNumbers() -> [(number: Int, gap: Bool)] {
        let number = position.number, pages = position.pages
        guard pages > 1 else { return [] }
        let window = Set([1, pages]).union(max(1, number - Self.neighbours)...min(pages, number + Self.neighbours))
        var previous = 0
        return window.sorted().map { page in
            defer { previous = page }
            return (page, page > previous + 1)
        }
    }
}
