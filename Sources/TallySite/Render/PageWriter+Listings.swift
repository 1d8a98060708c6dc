import Dispatch
import TallyFormat
import TallyStore

extension PageWriter {
    /// Rows of a listing's split query held in memory at most: a listing of up to this many rows is read once and
    /// its pages render from memory; a longer one (a person's million gifts) is read twice, once to count its rows,
    /// which every page shows, and once a window of pages at a time as they render, so memory stays bounded.
    static let heldRows = 4_096
    /// Pages of a long listing rendered together from one window of its rows, on every core.
    static let pagesPerWindow = 16

    /// Renders and writes every page of the listing whose first page is `page`.
    func writeListing(_ page: PageInstance) {
        guard var shared = renderer.listingTables(of: page) else { return write(page) }
        let database = renderer.database
        let query = shared.paginated
        let whole = page.listing?.firstPath == wholeListing
        var columns: [String] = []
        var held: [[DataValue]] = []
        var total = 0
        do throws(QueryError) {
            columns = try database.forEachChunk(query.sql, parameters: page.params, chunkSize: shared.size * Self.pagesPerWindow) { _, rows in
                if whole || total + rows.count <= Self.heldRows {
                    held += rows
                } else {
                    held = []
                }
                total += rows.count
            }
        } catch {
            // Rendered without its rows, the page runs the query itself and reports the error at its line.
            return write(page)
        }
        guard var listing = page.listing else { return write(page) }
        if whole {
            // One page of every row: what a printed statement needs, however long the year.
            shared = ListingTables(tables: shared.tables, paginated: shared.paginated, size: max(1, total))
            listing.pages = 1
        } else {
            listing.pages = claimPages(of: page, rows: total)
        }
        var first = page
        first.listing = listing
        if whole || total <= Self.heldRows {
            writePages(of: first, from: 1, rows: held, columns: columns, shared: shared, total: total)
            return
        }
        held = []
        var number = 1
        // The query read the same rows in the same order a moment ago: the snapshot does not change during a build.
        _ = try? database.forEachChunk(query.sql, parameters: page.params, chunkSize: shared.size * Self.pagesPerWindow) { columns, rows in
            guard number <= listing.pages else { return }
            writePages(of: first, from: number, rows: rows, columns: columns, shared: shared, total: total)
            number += (rows.count + shared.size - 1) / shared.size
        }
    }

    /// Writes the pages that `rows` fill, the first of them page `number`, on every core; none past the listing's
    /// last claimed page. An empty listing still writes its first page.
    private func writePages(of first: PageInstance, from number: Int, rows: [[DataValue]], columns: [String],
                            shared: ListingTables, total: Int) {
        guard let pages = first.listing?.pages else { return }
        let size = shared.size
        let count = min(max(1, (rows.count + size - 1) / size), pages - number + 1)
        DispatchQueue.concurrentPerform(iterations: max(0, count)) { offset in
            let start = min(rows.count, offset * size)
            let window = DataTable(columns: columns, rows: Array(rows[start..<min(rows.count, start + size)]))
            let page = first.page(number + offset)
            let shown = ListingPage(shared: shared, rows: window, total: total)
            // A page that shows what it showed in the last build keeps its files (incremental builds).
            guard incremental?.keepsListingPage(page, showing: shown) != true else { return }
            write(page, listing: shown)
        }
    }
}
