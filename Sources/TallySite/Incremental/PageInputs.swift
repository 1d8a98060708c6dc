import Foundation
import TallyFormat
import TallyStore
import TallyTemplates

/// What the pages of this build depend on, as names → digests, for `IncrementalBuild` to compare with the last
/// build's `PageManifest`.
///
/// A page's HTML is made from its content file, its layout and the partials they name, its row of the `pages`
/// query, the rows its queries read, and what every page shares: the config, the options, the binary, the ids
/// the templates write (which headings' anchors avoid) and the breadcrumb titles. Those shared inputs are one
/// coarse digest each, where tracking which config key a page used is not worth it: a config edit is rare and
/// re-renders everything. Rows are tracked per table, from SQLite's authorizer: a page that reads a view depends
/// on the view's SQL and on the base tables below it.
struct PageInputs {
    struct SourceInputs {
        /// `content` → the file's digest, `template <name>` → the template file's, `table <name>` → the table's
        /// rows' (or a view's SQL's).
        var inputs: [String: String] = [:]
        /// Why every page of the file renders on every build, when nothing recorded can say it is unchanged.
        var alwaysRenders: String?
        /// The tables and views each of its queries reads, in query order: which queries a changed table concerns.
        var queryTables: [Set<String>] = []
    }

    /// `binary`, `options`, `config`, `template ids`, `titles` → digest.
    let global: [String: String]
    /// By source index, as `PageSource`s are.
    let sources: [SourceInputs]
    /// The queries of the site files (data files, feeds): each SQL → a digest of it and of the rows of every table it
    /// reads; missing when nothing recorded can say its rows are unchanged (as `alwaysRenders` for a page).
    var siteQueries: [String: String] = [:]

    /// - Parameter siteQueries: the SQL of the data files and of the feeds that run a query (`SiteFiles`).
    static func gather(options: BuildOptions, sources: [PageSource], templates: TemplateLibrary, templateFiles: [String: String],
                       database: SiteDatabase, titles: [String: String], siteQueries: [String] = []) -> PageInputs {
        // Each template file is read once per build, not once per page that uses it.
        var templateDigests: [String: String] = [:]
        func templateDigest(_ name: String) -> String {
            if let known = templateDigests[name] { return known }
            let digest = templateFiles[name].flatMap { fileDigest(options.resolve($0)) } ?? "missing"
            templateDigests[name] = digest
            return digest
        }
        var gathered = sources.map { source in
            var inputs = SourceInputs()
            // The loader digested the text it read; a source made otherwise (tests) is read here.
            inputs.inputs["content"] = source.contentDigest ?? fileDigest(options.resolve(source.file))
            for name in templatesUsed(by: source, in: templates) {
                inputs.inputs["template " + name] = templateDigest(name)
            }
            if inputs.inputs["content"] == nil { inputs.alwaysRenders = "its content file could not be read" }
            if source.queries.contains(where: { BuildStamp.isVolatile($0.sql) }) {
                inputs.alwaysRenders = "a query reads the clock or random numbers"
            }
            return inputs
        }
        // One list of every query, so the authorizer's connection opens once; split again by content file after.
        let pageQueries = sources.flatMap { $0.queries.map(\.sql) }
        let allReads = database.tablesRead(by: pageQueries + siteQueries)
        let perSource = zip(sources, Array(allReads.prefix(pageQueries.count)).chunked(by: sources.map(\.queries.count)))
        let digests = database.contentDigests(of: Set(allReads.flatMap { $0 ?? [] }))
        // A view that reads the clock makes every query that reads it do so.
        let volatileViews = Set(database.viewStatements().filter { BuildStamp.isVolatile($0.value) }.keys)
        func readsVolatileView(_ reads: [Set<String>?]) -> Bool { reads.contains { !($0 ?? []).isDisjoint(with: volatileViews) } }
        for (index, (_, reads)) in perSource.enumerated() {
            if readsVolatileView(reads) { gathered[index].alwaysRenders = "a query reads the clock or random numbers" }
            switch tableInputs(of: sources[index].queries.map(\.sql), reads: reads, digests: digests) {
            case .success(let tables):
                gathered[index].queryTables = reads.map { $0 ?? [] }
                gathered[index].inputs.merge(tables) { _, new in new }
            case .failure(let why):
                if reads.allSatisfy({ $0 != nil }) { gathered[index].queryTables = reads.map { $0 ?? [] } }
                gathered[index].alwaysRenders = why.reason
            }
        }
        var inputs = PageInputs(global: globalInputs(options, templates: templates, titles: titles), sources: gathered)
        for (sql, reads) in zip(siteQueries, allReads.dropFirst(pageQueries.count)) where !BuildStamp.isVolatile(sql) && !readsVolatileView([reads]) {
            guard case .success(let tables) = tableInputs(of: [sql], reads: [reads], digests: digests) else { continue }
            var digest = ContentDigest()
            digest.add(sql)
            for (table, rows) in tables.sorted(by: { $0.key < $1.key }) {
                digest.add(table)
                digest.add(rows)
            }
            inputs.siteQueries[sql] = digest.hex
        }
        return inputs
    }

    /// Why a file's queries have no inputs that could show them unchanged.
    struct Unknowable: Error {
        let reason: String
    }

    /// `table <name>` → the digest of each table and view `queries` read (`reads`, as `tablesRead` gave them).
    private static func tableInputs(of queries: [String], reads: [Set<String>?], digests: [String: String])
        -> Result<[String: String], Unknowable> {
        guard !reads.contains(where: { $0 == nil }) else { return .failure(Unknowable(reason: "a query does not compile")) }
        var inputs: [String: String] = [:]
        // A common table expression is the statement's own: `count(*)` over one is reported as a table read.
        let declared = Set(queries.flatMap { SQLTokens($0).commonTableNames })
        for table in reads.flatMap({ $0 ?? [] }) where digests[table] != nil || !declared.contains(table) {
            guard let digest = digests[table] ?? pureTableFunctions[table] else {
                return .failure(Unknowable(reason: "it reads `\(table)`, which has no digest"))
            }
            inputs["table " + table] = digest
        }
        return .success(inputs)
    }

    /// Table-valued functions whose rows depend only on their arguments, which the authorizer reports as tables.
    /// Any other name the snapshot lacks (`pragma_table_info`, say) renders its pages on every build.
    static let pureTableFunctions = ["json_each": "function", "json_tree": "function"]

    /// The layout and every partial or parent the body and the layout name, and those they name in turn.
    static func templatesUsed(by source: PageSource, in library: TemplateLibrary) -> Set<String> {
        var found: Set<String> = []
        var next = [source.frontMatter.layout ?? "default"] + source.body.referencedTemplates
        while let name = next.popLast() {
            guard found.insert(name).inserted else { continue }
            next += library.template(named: name)?.referencedTemplates ?? []
        }
        return found
    }

    private static func globalInputs(_ options: BuildOptions, templates: TemplateLibrary, titles: [String: String]) -> [String: String] {
        var digest = ContentDigest()
        for (path, title) in titles.sorted(by: { $0.key < $1.key }) {
            digest.add(path)
            digest.add(title)
        }
        return [
            "binary": ContentDigest.of(FileStamps.executable),
            "options": ContentDigest.of(options.outputSettings.joined(separator: "\n")),
            "config": fileDigest(options.resolve(options.configFile)) ?? "missing",
            "template-ids": ContentDigest.of(templates.literalIDs.sorted().joined(separator: "\n")),
            "titles": digest.hex,
        ]
    }

    static func fileDigest(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        var digest = ContentDigest()
        data.withUnsafeBytes { digest.add($0) }
        return digest.hex
    }

    /// The digest of nothing added, which `paramsDigest` and `resultsDigest` give every page without a row or a query
    /// (most of a Markdown site's), made once.
    static let emptyDigest = ContentDigest().hex

    /// A digest of a page's row of the `pages` query, the same for the same names and values in any order.
    static func paramsDigest(_ params: [String: DataValue]) -> String {
        if params.isEmpty { return emptyDigest }
        var digest = ContentDigest()
        for (name, value) in params.sorted(by: { $0.key < $1.key }) {
            digest.add(name)
            add(value, to: &digest)
        }
        return digest.hex
    }

    /// A digest of the rows a page's queries gave, by query name: with the same content file, templates and row of
    /// the `pages` query, the same rows make the same page.
    static func resultsDigest(_ tables: [String: DataTable]) -> String {
        if tables.isEmpty { return emptyDigest }
        var digest = ContentDigest()
        for (name, table) in tables.sorted(by: { $0.key < $1.key }) {
            digest.add(name)
            digest.add(UInt64(table.columns.count))
            for column in table.columns { digest.add(column) }
            digest.add(UInt64(table.rows.count))
            for row in table.rows { for value in row { add(value, to: &digest) } }
        }
        return digest.hex
    }

    private static func add(_ value: DataValue, to digest: inout ContentDigest) {
        switch value {
        case .null: digest.add(UInt8(0))
        case .integer(let number): digest.add(UInt8(1)); digest.add(UInt64(bitPattern: number))
        case .real(let number): digest.add(UInt8(2)); digest.add(number.bitPattern)
        case .text(let text): digest.add(UInt8(3)); digest.add(text)
        }
    }
}

private extension Array {
    /// The elements in consecutive groups of the given sizes.
    func chunked(by sizes: [Int]) -> [[Element]] {
        var start = 0
        return sizes.map { size in
            defer { start += size }
            return Array(self[start..<start + size])
        }
    }
}
