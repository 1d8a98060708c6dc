import TallyFormat
import TallyStore

/// One page to write: a content file plus, for a templated file, the row that gave it.
struct PageInstance: Sendable {
    let sourceIndex: Int
    /// URL path from the site root, such as "/orgs/amf/".
    let path: String
    /// The row of the `pages` query, bound as `:name` in the page's queries and shown as `params.name`.
    let params: [String: DataValue]

    /// The file this page is written to inside the output folder.
    /// `/` → `index.html`, `/orgs/amf/` → `orgs/amf/index.html`, `/404.html` → `404.html`.
    var outputFile: String {
        if path.hasSuffix(".html") { return String(path.dropFirst()) }
        return path == "/" ? "index.html" : String(path.dropFirst()) + "index.html"
    }
}

/// Turns page sources into page instances, running each templated page's `pages` query.
enum PageExpander {
    static func expand(_ sources: [PageSource], database: SiteDatabase) -> (pages: [PageInstance], problems: [Diagnostic]) {
        var pages: [PageInstance] = []
        var problems: [Diagnostic] = []
        var owners: [String: String] = [:]
        func add(_ page: PageInstance, file: String, line: Int, row: Int?) {
            if let owner = owners[page.path] {
                let what = row.map { "row \($0 + 1) of the `pages` query gives" } ?? "this page has"
                problems.append(Diagnostic(file: file, line: line, message: "\(what) the URL \(page.path), already used by \(owner)",
                                           hint: "every page needs its own URL; make the page column unique"))
                return
            }
            owners[page.path] = file
            pages.append(page)
        }
        for (index, source) in sources.enumerated() {
            guard source.route.isTemplated, let sql = source.frontMatter.pagesQuery else {
                add(PageInstance(sourceIndex: index, path: source.route.path(), params: [:]), file: source.file, line: 0, row: nil)
                continue
            }
            let line = source.frontMatter.lines["pages"] ?? 1
            let table: DataTable
            do {
                table = try database.run(sql)
            } catch {
                problems.append(QueryDiagnostics.diagnostic(error, queryName: "pages", file: source.file, line: line, inline: true))
                continue
            }
            let missing = source.route.parameters.filter { table.index(of: $0) == nil }
            guard missing.isEmpty else {
                problems.append(Diagnostic(file: source.file, line: line,
                                           message: "the `pages` query returns no column `\(missing[0])` for the URL segment [\(missing[0])]",
                                           hint: "select it, e.g. `SELECT \(missing[0]), … FROM …`; it returns: \(table.columns.joined(separator: ", "))"))
                continue
            }
            for (rowIndex, row) in table.rows.enumerated() {
                var params: [String: DataValue] = [:]
                for (column, value) in zip(table.columns, row) where params[column] == nil { params[column] = value }
                var segments: [String: String] = [:]
                var safe = true
                for name in source.route.parameters {
                    let value = params[name]?.text ?? ""
                    guard Route.isSafeSegment(value) else {
                        problems.append(Diagnostic(
                            file: source.file, line: line,
                            message: "row \(rowIndex + 1) of the `pages` query gives \(name) = \(quoted(value)), which is not a safe URL segment",
                            hint: "use only letters, digits, '-', '_', '.' and '~' (not starting with '.'); slugify(\(name)) in SQL makes one"))
                        safe = false
                        break
                    }
                    segments[name] = value
                }
                if safe {
                    add(PageInstance(sourceIndex: index, path: source.route.path(with: segments), params: params),
                        file: source.file, line: line, row: rowIndex)
                }
            }
        }
        return (pages, problems)
    }

    /// A value shown in a message: quoted, with control characters made visible and long values cut.
    static func quoted(_ value: String) -> String {
        var shown = ""
        for scalar in value.unicodeScalars.prefix(60) {
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return "'" + shown + (value.unicodeScalars.count > 60 ? "…" : "") + "'"
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
        } else if error.message == ViewError.empty {
            hint = "write one SELECT in it, or delete the file"
        } else if error.message.hasPrefix("no such column") {
            hint = "check the column names; docs/database.md lists every table's columns"
        } else if error.message.hasPrefix("no such table") {
            hint = "the tables are listed in docs/database.md; personal tables only hold published users' rows"
        } else if error.message.contains("read-only") || error.message.contains("readonly") {
            hint = "pages can only read the database: use SELECT"
        } else {
            hint = "run the query with the sqlite3 shell to see what SQLite expects"
        }
        let located = inline ? line : line + (error.lineInQuery ?? 0)
        return Diagnostic(file: file, line: located, message: "\(error.message) (in \(kind) '\(queryName)')", hint: hint)
    }
}
