import TallyFormat
import TallyStore
import TallyTemplates

/// Paginated listings: kept whole when none of their inputs changed; when only tables they read changed, the
/// listing's queries run once, as for any listing, and each page keeps its files if what it shows (its window of
/// rows, the other queries' results, the row count and the page count) has the digest recorded when it rendered.
extension IncrementalBuild {
    /// - Parameter change: the first input that changed, in words; nil when none did.
    func decideListingPage(_ page: PageInstance, record: PageManifest.Page, change: String?) -> ListingDecision {
        guard let count = record.listingPages, var position = page.listing else { return .render("it was not a paginated listing") }
        position.pages = count
        let later = count < 2 ? [] : (2...count).map(position.path(at:))
        if later.contains(where: { planned[$0] != nil }) { return .render("another page has the URL of one of its later pages") }
        if let change { return .check("it is a paginated listing, and \(change)") }
        var records = [page.path: record]
        for path in later {
            guard let other = previous?.pages[path], other.source == record.source, other.params == record.params,
                  other.firstFileChanged(in: outputFolder) == nil else {
                return .render("one of its later pages had problems, or its files were changed outside Tally")
            }
            records[path] = other
        }
        return .keep(records)
    }

    enum ListingDecision {
        case render(String)
        case check(String)
        case keep([String: PageManifest.Page])
    }

    /// Whether page `page` of a listing being checked shows what it showed last time, its files intact: then its
    /// files are kept and it is not rendered.
    func keepsListingPage(_ page: PageInstance, showing listing: ListingPage) -> Bool {
        timer.measure("listing pages compared") { keepsListingPageUnchanged(page, showing: listing) }
    }

    private func keepsListingPageUnchanged(_ page: PageInstance, showing listing: ListingPage) -> Bool {
        guard let position = page.listing, let record = previous?.pages[page.path],
              state.withLock({ $0.checkable.contains(position.firstPath) }),
              record.params == PageInputs.paramsDigest(page.params),
              record.results == PageManifest.Page.listingResults(pages: position.pages, shown: recordedShown(page, listing)),
              record.firstFileChanged(in: outputFolder) == nil else { return false }
        record.filePaths.forEach(writer.keep)
        records.append(page.path, record)
        state.withLock { state in
            state.reasons[page.path] = nil
            state.kept += 1
            state.matchedListings.insert(position.firstPath)
        }
        return true
    }

    /// The digest of what a listing's page shows: every query's results as the page gets them (the paginated one
    /// as its window of rows), and the listing's row count when its templates may show it (`paginator.total`).
    /// Where and how many its pages are is in the record beside it (`PageManifest.Page.listingResults`).
    func shownDigest(_ page: PageInstance, _ listing: ListingPage) -> String {
        var tables = listing.shared.tables
        tables[listing.shared.paginated.name] = listing.rows
        let showsTotal = showsListingTotal.indices.contains(page.sourceIndex) ? showsListingTotal[page.sourceIndex] : true
        return ContentDigest.of(PageInputs.resultsDigest(tables) + (showsTotal ? " \(listing.total)" : " -"))
    }

    /// What a listing page's record holds of what it shows: `shownDigest`, and on the first page of a listing numbered
    /// from its end its row count too, which the next build's count starts from (`IncrementalBuild.countedFromLastBuild`).
    /// That page's rows change with the count anyway (it holds the rows left over at the start).
    func recordedShown(_ page: PageInstance, _ listing: ListingPage) -> String {
        let digest = shownDigest(page, listing)
        guard let position = page.listing, position.fromEnd, position.number == 1 else { return digest }
        return digest + " \(listing.total)"
    }

    /// Whether a content file's pages may show `paginator.total`: its body, title or description, its layout, or a
    /// partial or parent they name reads it, or a template it names is not known (a dynamic partial). A listing
    /// numbered from its end whose templates do not keeps its older pages when rows are added at its start.
    static func showsListingTotal(_ source: PageSource, templates: TemplateLibrary) -> Bool {
        guard source.pagination != nil else { return true }
        var read = [source.body] + [source.title, source.description].compactMap { $0 }
        for name in PageInputs.templatesUsed(by: source, in: templates) {
            guard let template = templates.template(named: name) else { return true }
            read.append(template)
        }
        return read.contains { $0.mayRead("total", of: "paginator") }
    }
}
