import Foundation
import TallyFormat
import TallyStore

/// Loads `views/*.sql`: queries a site defines once and its pages reuse, created as SQL views in the published
/// snapshot. The file name is the view's name: `views/org_cards.sql` → `SELECT * FROM org_cards`.
enum ViewLoader {
    static let suffix = ".sql"

    static func load(root: URL, directory: String) -> (views: [SiteView], problems: [Diagnostic]) {
        var views: [SiteView] = []
        var problems: [Diagnostic] = []
        let folder = root.appendingPathComponent(directory)
        let listed = SourceFiles.list(in: folder, withSuffix: suffix, shownAs: directory)
        problems += listed.problems
        for relativePath in listed.paths {
            let name = String(relativePath.dropLast(suffix.count))
            let file = directory + "/" + relativePath
            guard ContentLoader.isValidName(name), !name.hasPrefix("sqlite_") else {
                problems.append(Diagnostic(file: file, message: "`\(name)` cannot name a view",
                                           hint: "name the file with lowercase letters, digits and _, directly in \(directory)/, e.g. \(directory)/org_cards.sql"))
                continue
            }
            guard let sql = try? String(contentsOf: folder.appendingPathComponent(relativePath), encoding: .utf8) else {
                problems.append(Diagnostic(file: file, message: "cannot read file as UTF-8 text", hint: "save it as UTF-8"))
                continue
            }
            switch ViewDirectives.read(sql) {
            case .success(let directives):
                views.append(SiteView(name: name, sql: sql, materialize: directives.materialize, indexes: directives.indexes))
            case .failure(let problem):
                problems.append(Diagnostic(file: file, line: problem.line + 1, message: problem.message, hint: ViewDirectives.hint))
            }
        }
        return (views, problems)
    }

    /// A view that could not be created, located in its file like a page query's error.
    static func diagnostic(_ error: ViewError, directory: String) -> Diagnostic {
        let file = directory + "/" + error.view + suffix
        switch error.reason {
        case .query(let query):
            return QueryDiagnostics.diagnostic(query, queryName: error.view, file: file, line: 1, kind: "view")
        case .nameTaken:
            return Diagnostic(file: file, message: "`\(error.view)` is already the name of a table in the database, so a view cannot take it",
                              hint: "rename the file; `tally docs database` lists the contract's tables, and Tally adds site_pages and site_page_tags")
        case .cycle(let names, let line):
            return Diagnostic(file: file, line: 1 + (line ?? 0),
                              message: "view `\(error.view)` uses itself: \(names.joined(separator: " → "))",
                              hint: "views may use other views, but not in a loop; move what they share into a view of its own")
        case .usesBrokenView(let other, let line):
            return Diagnostic(file: file, line: 1 + (line ?? 0), message: "view `\(error.view)` uses view `\(other)`, which could not be created",
                              hint: "fix the error reported for \(directory)/\(other)\(suffix) first")
        }
    }
}
