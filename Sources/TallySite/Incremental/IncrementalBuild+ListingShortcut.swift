import TallyStore

/// A listing numbered from its end reads only the pages a change can reach: its split query is read from the
/// start, and once a page shows what it showed (so the other queries' results, the row count when shown, and the
/// page count are as recorded) and every changed row of the one table the query reads that changed sorts, old and
/// new, strictly before the last row read (`ListingSort`, compared by SQLite), the rows after it are those of the
/// last build, on the same pages: the pages after it keep their files without their rows being read.
struct ListingShortcut: Sendable {
    let sort: ListingSort
    /// The versions of the table's changed rows the listing's query could read (`ChangedRows.listingSort`).
    let versions: [Int]
    /// The listing's page count in the last build: with another, every page shows another count, and renders.
    let pages: Int
    /// Its row count in the last build, when its first page's record has it.
    let total: Int?
}

extension IncrementalBuild {
    /// The shortcut for a listing being checked, when its query has the shape and its table's changed rows are known.
    func listingShortcut(_ page: PageInstance, record: PageManifest.Page) -> ListingShortcut? {
        guard page.listing?.fromEnd == true, let pages = record.listingPages,
              let found = changedRows.listingSort(for: page) else { return nil }
        return ListingShortcut(sort: found.sort, versions: found.versions, pages: pages, total: record.listingTotal)
    }

    /// The row count of `query` for `page`'s listing without counting its rows: the last build's count, plus the rows
    /// the query makes from the changed rows' new versions, less those it made from their old ones, each counted by
    /// SQLite on those rows alone (`RowChanges.rowsMade`). Exact, since the query makes each row from one row of its
    /// one changed table and the other tables it reads did not change (`ListingSort`); nil when it cannot tell.
    func countedFromLastBuild(_ query: PageQuery, _ page: PageInstance, _ shortcut: ListingShortcut) -> Int? {
        guard let total = shortcut.total,
              let made = changedRows.rowsMade(by: shortcut.versions, of: shortcut.sort,
                                               query: SQLTokens.withoutFinalOrderBy(query.sql) ?? query.sql, parameters: page.params),
              total + made.now - made.before >= 0 else { return nil }
        return total + made.now - made.before
    }

    /// The shortcut of the listing whose first page is at `path`, when it is being checked and has one.
    func listingShortcut(for path: String) -> ListingShortcut? {
        state.withLock { $0.checkable.contains(path) ? $0.shortcuts[path] : nil }
    }

    /// Keeps the pages of `first`'s listing from `position` on, unread, when a page of it already showed what it
    /// showed in this build and every changed row sorts strictly before the row `boundary` (the last row of the
    /// page before `position`), and each of those pages has its record from the last build, its files intact.
    func keepsRestOfListing(_ first: PageInstance, from position: Int, after boundary: Int64, _ shortcut: ListingShortcut) -> Bool {
        timer.measure("listing pages kept unread") { keepsRest(first, from: position, after: boundary, shortcut) }
    }

    private func keepsRest(_ first: PageInstance, from position: Int, after boundary: Int64, _ shortcut: ListingShortcut) -> Bool {
        guard let listing = first.listing, listing.pages == shortcut.pages, position <= listing.pages,
              state.withLock({ $0.matchedListings.contains(listing.firstPath) }),
              changedRows.sortBefore(shortcut.versions, of: shortcut.sort, boundary: boundary) else { return false }
        let params = PageInputs.paramsDigest(first.params)
        var kept: [(path: String, record: PageManifest.Page)] = []
        for number in position...listing.pages {
            let path = listing.path(at: number)
            guard let record = previous?.pages[path], record.source == sources[first.sourceIndex].file, record.params == params,
                  record.listingPages == listing.pages, record.firstFileChanged(in: outputFolder) == nil else { return false }
            kept.append((path, record))
        }
        for (path, record) in kept {
            record.filePaths.forEach(writer.keep)
            records.append(path, record)
        }
        state.withLock { state in
            state.kept += kept.count
            state.unreadListingPages[listing.firstPath] = kept.count
        }
        return true
    }

    /// The listings whose later pages were kept without reading their rows: first page's URL → how many.
    var unreadListingPages: [String: Int] { state.withLock(\.unreadListingPages) }
}
