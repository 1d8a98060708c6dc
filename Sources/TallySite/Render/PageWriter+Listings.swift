import Dispatch
import TallyFormat
import TallyStore

extension PageWriter {
    /// Pages of a listing rendered together from one window of its rows, on every core: the rows held in memory are
    /// at most this many pages' and one chunk's, however long the listing (a person's million gifts).
    static let pagesPerWindow = 16

    /// Renders and writes every page of the listing whose first page is `page`.
    ///
    /// The split query's rows are counted first by SQLite (`SELECT count(*)` over it), since every page shows the
    /// count and the page count, and then read once, a window of pages at a time, each window rendered as it
    /// fills. Reading the rows once to count them and again to show them cost a long listing's rows twice in
    /// values made and dropped (`docs/performance.md`).
    func writeListing(_ page: PageInstance) {
        let timer = StepTimer(progress)
        guard var shared = timer.measure("listing queries", { renderer.listingTables(of: page) }),
              var listing = page.listing else { return write(page) }
        let query = shared.paginated
        // A listing whose later pages may be proven as they were (`IncrementalBuild.keepsRestOfListing`) has its count
        // from the last build's, when it can.
        let candidate = incremental?.listingShortcut(for: page.path)
        let counted = candidate.flatMap { shortcut in
            timer.measure("listing rows counted from the last build") { incremental?.countedFromLastBuild(query, page, shortcut) }
        }
        // Rendered without its rows, the page runs the query itself and reports the error at its line.
        guard let total = counted ?? timer.measure("listing rows counted", { rowCount(of: query, page) }) else { return write(page) }
        if listing.firstPath == wholeListing {
            // One page of every row: what a printed statement needs, however long the year.
            shared.size = max(1, total)
            listing.pages = 1
            listing.fromEnd = false
        } else {
            listing.pages = claimPages(of: page, rows: total)
        }
        var first = page
        first.listing = listing
        let layout = ListingRows(total: total, size: shared.size, fromEnd: listing.fromEnd)
        // A listing whose later pages may be proven as they were is read with its table's rowid as a last column, to
        // name the row each window ends at (`IncrementalBuild.keepsRestOfListing`); as many pages as last time, or none is.
        // A query SQLite refuses with the column added is read as written: its error would leave the listing one page.
        let shortcut = candidate.flatMap { candidate in
            candidate.pages == listing.pages
                && (try? renderer.database.run("SELECT 1 FROM (\n" + candidate.sort.sql + "\n) WHERE 0", parameters: page.params)) != nil
                ? candidate : nil
        }
        var pending: [[DataValue]] = []
        var rowids: [Int64] = []
        var position = 1
        var columns: [String] = []
        let read: Result<[String], QueryError> = Result { () throws(QueryError) in
            try renderer.database.readChunks(shortcut?.sort.sql ?? query.sql, parameters: page.params,
                                             chunkSize: shared.size * Self.pagesPerWindow,
                                             readerTimes: timer.reader("listing rows read")) { names, rows in
                columns = shortcut == nil ? names : Array(names.dropLast())
                guard position <= listing.pages else { return true }
                if shortcut == nil {
                    pending += rows
                } else {
                    for var row in rows {
                        // Always an integer; anything else names no row, and proves nothing.
                        guard case .integer(let rowid) = row.removeLast() else { rowids.append(.min); pending.append(row); continue }
                        rowids.append(rowid)
                        pending.append(row)
                    }
                }
                var filled = 0
                while position + filled <= listing.pages,
                      layout.start(of: position + filled + 1) - layout.start(of: position) <= pending.count,
                      layout.start(of: position + filled + 1) > layout.start(of: position + filled) { filled += 1 }
                guard filled > 0 else { return true }
                let used = layout.start(of: position + filled) - layout.start(of: position)
                writePages(of: first, from: position, count: filled, rows: pending[..<used], columns: columns, shared: shared,
                           layout: layout)
                pending.removeFirst(used)
                position += filled
                guard let shortcut else { return true }
                let boundary = rowids[used - 1]
                rowids.removeFirst(used)
                guard position <= listing.pages,
                      incremental?.keepsRestOfListing(first, from: position, after: boundary, shortcut) == true else { return true }
                position = listing.pages + 1
                return false
            }
        }
        guard case .success(let names) = read else { return write(page) }
        // The last page, when the rows ran out before they filled it, and an empty listing's first page.
        if position <= listing.pages {
            writePages(of: first, from: position, count: 1, rows: pending[...], columns: shortcut == nil ? names : Array(names.dropLast()),
                       shared: shared, layout: layout)
        }
    }

    /// How many rows `query` gives with the listing's parameters: counted by SQLite, without sorting them when it
    /// can (`SQLTokens.withoutFinalOrderBy`), or, when the query cannot be wrapped in `count(*)` (a trailing `;`),
    /// by reading them; nil when it fails.
    private func rowCount(of query: PageQuery, _ page: PageInstance) -> Int? {
        let database = renderer.database
        for sql in [SQLTokens.withoutFinalOrderBy(query.sql), query.sql].compactMap({ $0 }) {
            // The line break keeps a trailing `-- comment` from swallowing the parenthesis.
            if let counted = try? database.run("SELECT count(*) FROM (\n" + sql + "\n)", parameters: page.params),
               case .integer(let count)? = counted.rows.first?.first {
                return Int(count)
            }
        }
        var total = 0
        let read: Result<[String], QueryError> = Result { () throws(QueryError) in
            try database.forEachChunk(query.sql, parameters: page.params, chunkSize: 4_096) { _, rows in total += rows.count }
        }
        guard case .success = read else { return nil }
        return total
    }

    /// Writes `count` pages from `rows`, the first of them the page at `position`, on every core.
    private func writePages(of first: PageInstance, from position: Int, count: Int, rows: ArraySlice<[DataValue]>,
                            columns: [String], shared: ListingTables, layout: ListingRows) {
        let offset = layout.start(of: position)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let start = layout.start(of: position + index) - offset
            let end = min(rows.count, layout.start(of: position + index + 1) - offset)
            let window = DataTable(columns: columns, rows: Array(rows[rows.startIndex + start..<rows.startIndex + max(start, end)]))
            let page = first.page(position + index)
            let shown = ListingPage(shared: shared.seen(onPage: position + index), rows: window, total: layout.total)
            // A page that shows what it showed in the last build keeps its files (incremental builds).
            guard incremental?.keepsListingPage(page, showing: shown) != true else { return }
            write(page, listing: shown)
        }
    }
}
