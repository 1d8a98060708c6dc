import Foundation
import TallyFormat
import TallyMarkdown
import TallyStore
import TallyTemplates

/// Renders one page: its queries, then Mustache over the Markdown body, then cmark-gfm, then the layout.
struct PageRenderer: Sendable {
    let config: SiteConfig
    let sources: [PageSource]
    let database: SiteDatabase
    let templates: TemplateLibrary
    let templateFiles: [String: String]
    let site: MapContext
    let formatSettings: FormatSettings
    /// Letters and digits unique to this build, so no database value can forge a placeholder.
    let placeholderSeed: String
    /// Every page's title that is known before its queries run, by URL path, for breadcrumbs.
    var titles: [String: String] = [:]

    /// - Parameter listing: for a page of a paginated listing, the results of the other queries of its file, read
    ///   once for all its pages by `listingTables(of:)` (their parameters are the listing's, the same on every page),
    ///   and this page's rows of the paginated one. Nil for any other page.
    /// - Parameter queried: results of the page's queries already run with its parameters (an incremental build's
    ///   rows check), by query name, so they do not run twice.
    func render(_ page: PageInstance, listing: ListingPage? = nil,
                queried: [String: DataTable] = [:]) -> (page: RenderedPage?, problems: [Diagnostic]) {
        let source = sources[page.sourceIndex]
        var problems: [Diagnostic] = []
        // Strict in the page's own file, templated or not: a file without a `pages:` query has no params at all.
        var data: [String: TemplateValue] = ["site": .map(site), "params": .map(paramsContext(page.params, strict: true))]
        var paginator: Paginator?
        if source.pagination != nil, let position = page.listing, let listing {
            paginator = Paginator(position: position, size: listing.shared.size, rows: listing.rows, total: listing.total)
        }
        // Null on other pages, so a shared layout can test `{{#paginator.paged}}` everywhere.
        data["paginator"] = paginator.map { .map($0.context) } ?? .cell(Cell(.null))
        var tables: [String: DataTable] = [:]
        // A listing's tables were read once for all its pages, and the incremental build's rows check may have read a
        // page's rows already (`queried`); the page's other queries run together, on one connection.
        func knownTable(_ query: PageQuery) -> DataTable? {
            if let paginator, query.name == source.pagination?.query { return paginator.rows }
            return listing?.shared.tables[query.name] ?? queried[query.name]
        }
        let own = source.queries.filter { knownTable($0) == nil }
        var ownResults = database.run(own.map(\.sql), parameters: page.params).makeIterator()
        for query in source.queries {
            let result = knownTable(query).map { .success($0) } ?? ownResults.next() ?? .success(DataTable(columns: [], rows: []))
            switch result {
            case .success(let table):
                tables[query.name] = table
                data[query.name] = .table(TableContext(table, name: query.name))
            case .failure(let error):
                problems.append(QueryDiagnostics.diagnostic(error, queryName: query.name, file: source.file, line: query.line))
            }
        }
        guard problems.isEmpty else { return (nil, problems) }

        let settings = pageSettings(source)
        let bodySession = RenderSession(settings: settings, placeholderSeed: placeholderSeed)
        let titleSession = RenderSession(settings: settings, placeholderSeed: placeholderSeed)
        let descriptionSession = RenderSession(settings: settings, placeholderSeed: placeholderSeed)
        let pageContext = PageContext.make(source: source, page: page, data: data, config: config, titles: titles,
                                           titleSession: titleSession, descriptionSession: descriptionSession)
        data["page"] = .map(pageContext.context)
        // A typo in a templated title would blank the <title> and <h1> of every page it makes: report it at its key.
        // `page` is what the title and description help make, so they are rendered without it: never suggest it.
        var titleData = data
        titleData["page"] = nil
        for (session, template, key) in [(titleSession, source.title, "title"), (descriptionSession, source.description, "description")] {
            guard let template else { continue }
            problems += diagnostics(of: session, template: template, file: source.file, lineOffset: 0, source: source, data: titleData)
                .map { found in
                    // The body's hint suggests page.*, which a title cannot read; keep only its "did you mean".
                    var hint = found.hint
                    if found.message.hasPrefix("unknown name `"), !found.message.contains(".") {
                        let suggestion = hint.hasPrefix("did you mean") ? String(hint.prefix { $0 != "?" }) + "? " : ""
                        hint = suggestion + "a `\(key)` can use params.* (a templated page's row), site.* and this page's queries, "
                            + "but not page.*, which it is part of"
                    }
                    return Diagnostic(file: found.file, line: source.frontMatter.lines[key] ?? 1, message: "in `\(key)`: " + found.message, hint: hint)
                }
        }
        // Blocks draw after `page` exists, so a templated title can use it; the body sees their placeholders.
        let blockRoot = MapContext(typed: data, isRoot: true)
        var namedCharts: [String: TemplateValue] = [:]
        for (index, block) in source.blocks.enumerated() {
            guard let table = tables[block.query] else { continue }
            let title = block.titleTemplate.map { template in bodySession.run { template.render(blockRoot, library: nil) } }
            switch bodySession.run({ block.draw(from: table, number: index + 1, title: title, file: source.file, locale: settings.locale) }) {
            case .success(let html):
                if let id = block.id {
                    namedCharts[id] = .html(HTMLFragment(html))
                } else {
                    data[PageBlock.namePrefix + String(index + 1)] = .cell(Cell(.text(bodySession.placeholder(for: html))))
                }
            case .failure(let problem):
                problems.append(problem)
                data[PageBlock.namePrefix + String(index + 1)] = .cell(Cell(.null))
            }
        }
        data["charts"] = .map(MapContext(typed: namedCharts))
        // A query named toc keeps its name; otherwise {{toc}} lists the headings, known after cmark-gfm.
        if data["toc"] == nil { data["toc"] = .cell(Cell(.text(bodySession.placeholder(for: TableOfContents.marker)))) }
        let root = MapContext(typed: data, isRoot: true)

        let markdown = bodySession.run { source.body.render(root, library: templates) }
        problems += diagnostics(of: bodySession, template: source.body, file: source.file, lineOffset: source.bodyLine - 1,
                                source: source, data: data)
        let bodyHTML = TableOfContents.addingAnchors(
            to: bodySession.substitutePlaceholders(in: MarkdownRenderer(allowsRawHTML: config.rawHTML, focusableScrollBoxes: true).html(markdown)),
            taken: templates.literalIDs)

        let layoutName = source.frontMatter.layout ?? "default"
        guard let layout = templates.template(named: layoutName) else {
            // A layout file that failed to compile has its own diagnostic already.
            if templateFiles[layoutName] != nil { return (nil, problems) }
            // `layout: bill.mustache` names the file, not the layout: say so rather than suggest bill.mustache.mustache.
            let bare = layoutName.hasSuffix(".mustache") ? String(layoutName.dropLast(".mustache".count)) : nil
            let hint = bare.map { "write `layout: \($0)`: a layout is named without .mustache" }
                ?? "create \(config.templatesDirectory)/\(layoutName).mustache"
            problems.append(Diagnostic(file: source.file, line: source.frontMatter.lines["layout"] ?? 1,
                                       message: "no layout named `\(layoutName)`",
                                       hint: hint + "; layouts here: \(templates.names.joined(separator: ", "))"))
            return (nil, problems)
        }
        var layoutData = data
        layoutData["content"] = .html(HTMLFragment(bodyHTML))
        // A layout serves pages with other rows, or none (`{{#params.sort}}` on /orgs/ and /orgs/by/…/).
        layoutData["params"] = .map(paramsContext(page.params, strict: false))
        let layoutSession = RenderSession(settings: settings, placeholderSeed: placeholderSeed)
        let html = layoutSession.run { layout.renderBytes(MapContext(typed: layoutData, isRoot: true), library: templates) }
        problems += diagnostics(of: layoutSession, template: layout, file: templateFiles[layoutName] ?? layoutName, lineOffset: 0,
                                source: nil, data: layoutData)
        guard !problems.hasErrors else { return (nil, problems) }
        let summary = PageSummary(path: page.path, title: pageContext.title, description: pageContext.description,
                                  date: source.frontMatter.date)
        var rendered = RenderedPage(outputFile: page.outputFile, html: layoutSession.substitutePlaceholders(in: html), bodyHTML: bodyHTML,
                                    summary: summary)
        rendered.downloads = Self.downloads(of: source, tables: tables, beside: rendered.outputFile)
        rendered.queryResults = tables
        return (rendered, problems)
    }

    /// The site's format settings, with the page's own `locale` when its front matter names one.
    private func pageSettings(_ source: PageSource) -> FormatSettings {
        var settings = formatSettings
        if let locale = source.frontMatter.locale { settings.locale = locale }
        return settings
    }

    /// - Parameter strict: records a key the row lacks as a typo, as in `{{params.nmae}}`: for a templated page's own file,
    ///   whose `pages` query gives the row.
    private func paramsContext(_ params: [String: DataValue], strict: Bool) -> MapContext {
        MapContext(typed: params.mapValues { .cell(Cell($0)) }, strictName: strict ? "params" : nil)
    }

    /// A query result's columns, or with `orKeys` a map's keys: the names a typo of a key may be close to.
    private static func columns(of value: TemplateValue?, orKeys: Bool = false) -> [String] {
        switch value {
        case .table(let table): table.columns
        case .map(let map) where orKeys: map.keys
        default: []
        }
    }

    /// Unknown names and keys and unusable values met while rendering, located at the tag that used them.
    /// - Parameter data: the root the template rendered with, whose names and query columns a typo may be close to.
    private func diagnostics(of session: RenderSession, template: PageTemplate, file: String, lineOffset: Int,
                             source: PageSource?, data: [String: TemplateValue]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let missingNames = session.missingNames
        if !missingNames.isEmpty {
            let queries = source.map { $0.queries.map(\.name) } ?? []
            // Inside {{#gifts}}, a misspelt column is looked up at the root last, so columns are candidates too.
            let names = data.keys.sorted()
            let candidates = names + names.flatMap { Self.columns(of: data[$0]) }
            for name in missingNames {
                let location = template.firstUse(of: name)
                var hint = queries.isEmpty
                    ? "define it with a ```sql \(name) block, or read front matter as page.\(name)"
                    : "queries on this page: \(queries.joined(separator: ", ")); front matter keys are under page.*"
                if let close = NameSuggestion.closest(to: name, among: candidates) { hint = "did you mean `\(close)`? " + hint }
                found.append(Diagnostic(file: file, line: (location?.line ?? 1) + lineOffset, column: location?.column ?? 1,
                                        message: "unknown name `\(name)`", hint: hint))
            }
        }
        for missing in session.missingKeys {
            let location = template.firstUse(of: missing.name, key: missing.key)
            let columns = Self.columns(of: data[missing.name], orKeys: true)
            var problem = UnknownKeys.diagnostic(name: missing.name, key: missing.key, known: columns, file: file,
                                                 line: (location?.line ?? 1) + lineOffset, column: location?.column ?? 1)
            if missing.name == "params", columns.isEmpty {
                problem = Diagnostic(file: problem.file, line: problem.line, column: problem.column, message: problem.message,
                                     hint: "this page is not templated, so it has no params: only a file named like [slug].md, "
                                         + "with a `pages:` query, gives each page its row as params.*")
            }
            found.append(problem)
        }
        for problem in session.problems {
            let location = template.firstUse(ofHelper: problem.helper, argument: problem.column)
            found.append(Diagnostic(file: file, line: (location?.line ?? 1) + lineOffset, column: location?.column ?? 1,
                                    message: "\(problem.helper): \(Diagnostic.quoted(problem.value)) \(problem.message)",
                                    hint: "fix the value in the database, or select a different column"))
        }
        return found
    }
}

extension PageRenderer {
    /// The results of a paginated page's queries but the one it splits, for all the pages of its listing; nil when
    /// the page is not paginated or a query fails (rendering the page then reports the error at the query).
    /// The split query's rows are read a window at a time as the pages render (`PageWriter+Listings`).
    func listingTables(of page: PageInstance) -> ListingTables? {
        let source = sources[page.sourceIndex]
        guard page.listing != nil, let pagination = source.pagination,
              let paginated = source.queries.first(where: { $0.name == pagination.query }) else { return nil }
        var tables: [String: DataTable] = [:]
        let shared = source.queries.filter { $0.name != pagination.query }
        for (query, result) in zip(shared, database.run(shared.map(\.sql), parameters: page.params)) {
            // A query that fails is run again by each page, which reports it at its line.
            guard case .success(let table) = result else { return nil }
            tables[query.name] = table
        }
        return ListingTables(tables: tables, paginated: paginated, size: pagination.size,
                             firstPageOnly: Set(shared.filter(\.firstPageOnly).map(\.name)))
    }

    /// The titles breadcrumbs need, of `pages` (those that are another page's ancestor), when known without a
    /// query: front-matter titles, and templated ones that only use `params` and `site`, as `title: "{{params.name}}"`.
    /// A title that needs a query is left out; its crumb reads the URL.
    func titlesKnownBeforeQueries(_ pages: [PageInstance]) -> [String: String] {
        var titles: [String: String] = [:]
        for page in pages {
            let source = sources[page.sourceIndex]
            guard let template = source.title else {
                if let title = source.frontMatter.title { titles[page.path] = title }
                continue
            }
            let session = RenderSession(settings: pageSettings(source), placeholderSeed: placeholderSeed)
            let root = MapContext(typed: ["site": .map(site), "params": .map(paramsContext(page.params, strict: false))], isRoot: true)
            let title = session.run { template.render(root, library: nil) }
            if session.missingNames.isEmpty && session.problems.isEmpty { titles[page.path] = title }
        }
        return titles
    }
}
