import TallyFormat
import TallyStore

/// One page to write: a content file plus, for a templated file, the row that gave it.
struct PageInstance: Sendable {
    let sourceIndex: Int
    /// URL path from the site root, such as "/orgs/amf/".
    let path: String
    /// The row of the `pages` query, bound as `:name` in the page's queries and shown as `params.name`.
    let params: [String: DataValue]
    /// For a paginated file: where this page sits in its listing. The plan gives each listing one instance, for
    /// page 1; the render stage reads the listing's rows once and makes the others (`page(_:)`).
    var listing: ListingPosition? = nil

    /// The page at `position` (1 for the first) of this page's listing.
    func page(_ position: Int) -> PageInstance {
        guard var listing else { return self }
        listing.number = position
        return PageInstance(sourceIndex: sourceIndex, path: listing.path(at: position), params: params, listing: listing)
    }

    /// The file this page is written to inside the output folder.
    /// `/` → `index.html`, `/orgs/amf/` → `orgs/amf/index.html`, `/404.html` → `404.html`.
    var outputFile: String {
        if path.hasSuffix(".html") { return String(path.dropFirst()) }
        return path == "/" ? "index.html" : String(path.dropFirst()) + "index.html"
    }
}

/// Which content file, and which row of its `pages` query, a URL belongs to.
struct PageOwner: Sendable, Equatable {
    let sourceIndex: Int32
    /// The row of the `pages` query; 0 for a file that is not templated.
    let row: Int32
    /// The page of a paginated listing: 1 for its first page, and for every page that is not paginated.
    var number: Int32 = 1
}

/// Page `number` of `pages` of a paginated listing whose first page is at `firstPath`.
struct ListingPosition: Sendable, Equatable {
    /// Where the page comes in reading order: 1 for the first page, at `firstPath`.
    var number: Int
    var pages: Int
    let firstPath: String
    /// The row of the `pages` query that gave the listing (0 for a file that is not templated), for its pages' owners.
    let row: Int32
    /// `paginate_from: end`: the pages are numbered from the last, so the first page has the highest number.
    var fromEnd = false

    /// The number the page at `position` shows and has in its URL.
    func shownNumber(at position: Int) -> Int { fromEnd ? pages - position + 1 : position }

    /// The URL of the page at `position`: "/orgs/" for the first, "/orgs/page/3/" for the page numbered 3.
    func path(at position: Int) -> String {
        Pagination.path(of: shownNumber(at: position), position: position, first: firstPath)
    }
}

/// Every page a build writes, known by URL before any renders, without holding the pages themselves: a templated
/// file's rows are read again, a chunk at a time, when its pages render (`PageExpander.forEachChunk`), unless they
/// were few enough to keep (`plannedRows`).
struct PagePlan: Sendable {
    /// URL path → the page that has it. A URL two pages want belongs to the first; the other is reported.
    var owners: [String: PageOwner] = [:]
    /// The pages of listings past their first, known only once the listings have rendered; none has a URL of
    /// `owners`. Apart from `owners`: the render's workers hold `owners`, and adding these to it copied every entry
    /// (17 MB at 147,150 pages) as the sitemap was made (docs/performance.md#peak-memory-by-stage).
    var listingPages: [String: PageOwner] = [:]
    /// Pages that are not templated, in content order.
    var singlePages: [PageInstance] = []
    /// Content files with a `pages` query, by index, in content order.
    var templatedSources: [Int] = []
    /// The rows of those files' `pages` queries that gave few enough to keep, by file index.
    var plannedRows: [Int: PlannedRows] = [:]

    var pageCount: Int { owners.count + listingPages.count }

    /// The page that has the URL `path`.
    func owner(of path: String) -> PageOwner? { owners[path] ?? listingPages[path] }

    /// The URL paths that are another page's ancestor, and so have their title in that page's breadcrumbs.
    var ancestors: Set<String> {
        var found: Set<String> = []
        for path in owners.keys {
            var prefix = path.dropLast()
            while let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[...slash]
                guard found.insert(String(prefix)).inserted, prefix != "/" else { break }
                prefix = prefix.dropLast()
            }
        }
        return found.filter { owners[$0] != nil }
    }
}

/// Plans the pages of the content files, running each templated file's `pages` query, and reads those rows
/// again in chunks when the pages render, so memory does not grow with the number of rows.
enum PageExpander {
    /// Rows handed to the renderer at a time: enough to keep every core busy, few enough to stay small.
    static let chunkSize = 256

    /// - Parameter paths: when given, the plan is of those templated files only whose route can give one of these
    ///   URLs (`Route.canGive`): the owners of these URLs are the whole plan's, without the other files' queries.
    static func plan(_ sources: [PageSource], database: SiteDatabase, givingOnly paths: Set<String>? = nil) -> (plan: PagePlan, problems: [Diagnostic]) {
        var plan = PagePlan()
        var problems: [Diagnostic] = []
        func claim(_ path: String, by owner: PageOwner, file: String, line: Int, row: Int?) -> Bool {
            if let first = plan.owners[path] {
                let what = row.map { "row \($0 + 1) of the `pages` query gives" } ?? "this page has"
                if row != nil, first.sourceIndex == owner.sourceIndex {
                    // Two values that slugify() or url_segment() make alike ("Cash transfers", "cash-transfers").
                    problems.append(Diagnostic(file: file, line: line, message: "\(what) the URL \(path), which row \(first.row + 1) gives too",
                                               hint: "two values make the same URL segment: GROUP BY the segment to give them one page, or tell them apart in the database"))
                } else {
                    problems.append(Diagnostic(file: file, line: line, message: "\(what) the URL \(path), already used by \(sources[Int(first.sourceIndex)].file)",
                                               hint: "every page needs its own URL; make the page column unique"))
                }
                return false
            }
            plan.owners[path] = owner
            return true
        }
        for (index, source) in sources.enumerated() {
            guard let sql = pagesQuery(of: source) else {
                let page = PageInstance(sourceIndex: index, path: source.route.path(), params: [:])
                if claim(page.path, by: PageOwner(sourceIndex: Int32(index), row: 0), file: source.file, line: 0, row: nil) {
                    plan.singlePages.append(listed(page, source, row: 0))
                }
                continue
            }
            if let paths, !paths.contains(where: source.route.canGive) { continue }
            let line = source.frontMatter.lines["pages"] ?? 1
            var rowIndex = 0
            var kept: PlannedRows?
            var overLimit = false
            do {
                let columns = try database.forEachChunk(sql, chunkSize: chunkSize) { columns, rows in
                    guard missingParameter(source, columns) == nil else { return }
                    if !overLimit {
                        var planned = kept.take() ?? PlannedRows(columns: columns)
                        overLimit = !planned.add(rows)
                        kept = overLimit ? nil : planned
                    }
                    for row in rows {
                        defer { rowIndex += 1 }
                        switch instance(of: index, source, columns: columns, row: row, rowIndex: rowIndex, line: line) {
                        case .success(let page):
                            _ = claim(page.path, by: PageOwner(sourceIndex: Int32(index), row: Int32(rowIndex)),
                                      file: source.file, line: line, row: rowIndex)
                        case .failure(let problem):
                            problems.append(problem)
                        }
                    }
                }
                if let missing = missingParameter(source, columns) {
                    problems.append(Diagnostic(file: source.file, line: line,
                                               message: "the `pages` query returns no column `\(missing)` for the URL segment [\(missing)]",
                                               hint: "select it, e.g. `SELECT \(missing), … FROM …`; it returns: \(columns.joined(separator: ", "))"))
                    continue
                }
                plan.templatedSources.append(index)
                if !overLimit { plan.plannedRows[index] = kept ?? PlannedRows(columns: columns) }
            } catch {
                problems.append(QueryDiagnostics.diagnostic(error, queryName: "pages", file: source.file, line: line, inline: true))
            }
        }
        return (plan, problems)
    }

    /// The `pages` query of a templated file; nil for a file that is one page, at `route.path()`.
    static func pagesQuery(of source: PageSource) -> String? {
        source.route.isTemplated ? source.frontMatter.pagesQuery : nil
    }

    /// The output files of the pages that are not templated, in content order, as the render writes them: known
    /// without the database, so their folders can be made while the snapshot is written (`makeFoldersAhead`).
    static func singlePageFiles(_ sources: [PageSource]) -> [String] {
        // By index: a `PageSource` taken whole is copied, every reference it holds retained.
        sources.indices.compactMap { index in
            pagesQuery(of: sources[index]) == nil ? PageInstance(sourceIndex: index, path: sources[index].route.path(), params: [:]).outputFile : nil
        }
    }

    /// Reads the pages of a templated file again, in chunks of at most `chunkSize`, leaving out the rows the plan
    /// rejected (an unsafe URL segment, a URL another page has): from the rows the plan kept (`PlannedRows`), or
    /// else from its query. `wanted` picks pages by URL before any is made.
    /// - Parameter timer: times the reading (its own thread) and the making of the pages as one `--timings` step.
    static func forEachChunk(of sourceIndex: Int, _ sources: [PageSource], plan: PagePlan, database: SiteDatabase,
                             timer: StepTimer = StepTimer(nil), wanted: (String) -> Bool = { _ in true },
                             _ body: ([PageInstance]) -> Void) {
        let source = sources[sourceIndex]
        guard let sql = source.frontMatter.pagesQuery else { return }
        let line = source.frontMatter.lines["pages"] ?? 1
        let step = "pages queries read again"
        var rowIndex = 0
        func handle(_ columns: [String], _ rows: some Sequence<[DataValue]>) {
            let pages = timer.measure(step) {
                var pages: [PageInstance] = []
                for row in rows {
                    defer { rowIndex += 1 }
                    guard case .success(let page) = instance(of: sourceIndex, source, columns: columns, row: row, rowIndex: rowIndex, line: line),
                          plan.owners[page.path] == PageOwner(sourceIndex: Int32(sourceIndex), row: Int32(rowIndex)), wanted(page.path)
                    else { continue }
                    pages.append(listed(page, source, row: Int32(rowIndex)))
                }
                return pages
            }
            if !pages.isEmpty { body(pages) }
        }
        if let planned = plan.plannedRows[sourceIndex] {
            for chunk in planned.chunks(of: chunkSize) { handle(planned.columns, chunk) }
            return
        }
        // The query ran without error in `plan`, on the same unchanging snapshot.
        _ = try? database.forEachChunk(sql, chunkSize: chunkSize, readerTimes: timer.reader(step)) { columns, rows in
            handle(columns, rows)
        }
    }

    /// A paginated page marked as its listing's first page. How many pages follow is known only once its rows
    /// are read, which the render stage does once for all of them (`PageWriter.renderAndWrite`).
    private static func listed(_ page: PageInstance, _ source: PageSource, row: Int32) -> PageInstance {
        guard let pagination = source.pagination else { return page }
        var listed = page
        listed.listing = ListingPosition(number: 1, pages: 1, firstPath: page.path, row: row, fromEnd: pagination.fromEnd)
        return listed
    }

    private static func missingParameter(_ source: PageSource, _ columns: [String]) -> String? {
        source.route.parameters.first { !columns.contains($0) }
    }

    /// The page one row of a `pages` query gives, or why it gives none.
    private static func instance(of sourceIndex: Int, _ source: PageSource, columns: [String], row: [DataValue],
                                 rowIndex: Int, line: Int) -> Result<PageInstance, Diagnostic> {
        var params: [String: DataValue] = [:]
        for (column, value) in zip(columns, row) where params[column] == nil { params[column] = value }
        var segments: [String: String] = [:]
        for name in source.route.parameters {
            let value = params[name]?.text ?? ""
            guard Route.isSafeSegment(value) else {
                return .failure(Diagnostic(
                    file: source.file, line: line,
                    message: "row \(rowIndex + 1) of the `pages` query gives \(name) = \(Diagnostic.quoted(value)), which is not a safe URL segment",
                    hint: "use only letters, digits, '-', '_', '.' and '~' (not starting with '.'); slugify(\(name)) in SQL makes one"))
            }
            segments[name] = value
        }
        return .success(PageInstance(sourceIndex: sourceIndex, path: source.route.path(with: segments), params: params))
    }
}

/// Turns a failed query into a diagnostic at the line SQLite points to, with a hint for the usual mistakes.
enum QueryDiagnostics {
    /// - Parameters:
    ///   - inline: the query sits on one front-matter line, so SQLite's own line is not added.
    ///   - kind: what the SQL is, for the message: a page's `query` or a site `view`.
    static func diagnostic(_ error: QueryError, queryName: String, file: String, line: Int, inline: Bool = false,
                           kind: String = "query") -> Diagnostic {
        let hint: String
        if error.message.hasPrefix(ViewError.parameters) {
            hint = "filter where the view is used: SELECT * FROM \(queryName) WHERE … = :name"
        } else if error.message == ViewError.notOneStatement {
            hint = "give each query a file of its own"
        } else if error.message == QueryError.notOneStatement {
            hint = "give each statement a ```sql block of its own, or remove the `;` after the first"
        } else if error.message == ViewError.empty {
            hint = "write one SELECT in it, or delete the file"
        } else if error.message.hasPrefix("no such column") {
            hint = "check the column names; `tally docs database` lists every table's columns"
        } else if error.message.hasPrefix("no such table") {
            hint = "the tables are listed in `tally docs database`; personal tables only hold published users' rows"
        } else if error.message.contains(" is not an IANA time zone name") {
            hint = "write the zone as an IANA name such as America/Los_Angeles, or leave it empty for the site's `timezone`; `tally check` names each users row with a bad one"
        } else if error.message.contains("read-only") || error.message.contains("readonly") {
            hint = "pages can only read the database: write a SELECT (WITH … SELECT and VALUES are read statements too)"
        } else {
            hint = "run the query with the sqlite3 shell to see what SQLite expects"
        }
        let located = inline ? line : line + (error.lineInQuery ?? 0)
        return Diagnostic(file: file, line: located, message: "\(error.message) (in \(kind) '\(queryName)')", hint: hint)
    }
}
