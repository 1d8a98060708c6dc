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
    static let keys: Set = ["number", "first", "pages", "paged", "total", "per_page", "first_row", "last_row", "url", "first_url",
                            "last_url", "previous_url", "next_url", "links"]

    /// `paginator.*`: where this page sits, the URLs around it and the numbered links of the page navigation.
    /// Previous and next follow reading order; in a listing numbered from its end (`paginate_from: end`) the numbers
    /// count down from the first page, and a page's rows are numbered from the listing's last row, so that neither
    /// changes on an older page when a row is added at the start.
    var context: MapContext {
        let position = position.number, pages = self.position.pages
        let shown = rows.rows.count
        let firstRow = (self.position.shownNumber(at: position) - 1) * size + 1
        func url(_ page: Int) -> String { self.position.path(at: page) }
        func link(_ page: Int?) -> Cell { Cell(page.map { .text(url($0)) } ?? .null) }
        let values: [String: TemplateValue] = [
            "number": .cell(Cell(.integer(Int64(self.position.shownNumber(at: position))))),
            "first": .bool(position == 1),
            "pages": .cell(Cell(.integer(Int64(pages)))),
            "paged": .bool(pages > 1),
            "total": .cell(Cell(.integer(Int64(total)))),
            "per_page": .cell(Cell(.integer(Int64(size)))),
            "first_row": .cell(Cell(shown == 0 ? .null : .integer(Int64(firstRow)))),
            "last_row": .cell(Cell(shown == 0 ? .null : .integer(Int64(firstRow + shown - 1)))),
            "url": .cell(Cell(url(position))),
            "first_url": .cell(Cell(url(1))),
            "last_url": .cell(Cell(url(pages))),
            "previous_url": .cell(link(position > 1 ? position - 1 : nil)),
            "next_url": .cell(link(position < pages ? position + 1 : nil)),
            "links": .list(linkedPositions().map { page, gap in
                .map(MapContext(typed: ["number": .cell(Cell(.integer(Int64(self.position.shownNumber(at: page))))),
                                        "url": .cell(Cell(url(page))), "current": .bool(page == position), "gap": .bool(gap)]))
            }),
        ]
        return MapContext(typed: values)
    }

    /// The pages to link, by position in reading order, each with whether pages were skipped just before it (an
    /// ellipsis).
    func linkedPositions() -> [(position: Int, gap: Bool)] {
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
