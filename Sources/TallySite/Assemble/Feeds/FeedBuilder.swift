import Foundation
import TallyFormat
import TallyMarkdown
import TallyStore

/// Makes the Atom feeds the config declares, from the rows of their queries or from the site's dated pages.
struct FeedBuilder {
    let config: SiteConfig
    /// The config file as diagnostics name it.
    let configFile: String
    let database: SiteDatabase
    let pages: FeedPages

    static let requiredColumns = ["title", "url", "updated"]
    static let optionalColumns = ["content", "summary", "author", "id"]

    func feed(_ definition: FeedDefinition) -> Result<AtomFeed, BuildFailure> {
        let selfURL = config.absoluteURL(for: definition.path) ?? definition.path
        let entries: Result<[AtomFeed.Entry], BuildFailure>
        switch definition.source {
        case .query(let sql, let line, let inline): entries = queryEntries(sql, line: line, inline: inline, definition: definition, selfURL: selfURL)
        case .pages: entries = .success(pages.entries(of: definition.path))
        }
        return entries.map { list in
            AtomFeed(title: definition.title, subtitle: definition.subtitle, selfURL: selfURL, siteURL: config.baseURL,
                     language: config.language, author: config.title, entries: Array(list.prefix(definition.limit ?? Int.max)))
        }
    }

    private func queryEntries(_ sql: String, line: Int, inline: Bool, definition: FeedDefinition,
                              selfURL: String) -> Result<[AtomFeed.Entry], BuildFailure> {
        let table: DataTable
        do {
            table = try database.run(sql)
        } catch {
            return .failure(BuildFailure([QueryDiagnostics.diagnostic(error, queryName: "feed \(definition.path)", file: configFile,
                                                                      line: line, inline: inline)]))
        }
        func problem(_ message: String, _ hint: String) -> Diagnostic {
            Diagnostic(file: configFile, line: line, message: message, hint: hint)
        }
        if let missing = Self.requiredColumns.first(where: { table.index(of: $0) == nil }) {
            return .failure(BuildFailure([problem(
                "the query of feed \(definition.path) returns no column `\(missing)`",
                "return title, url and updated (and optionally content, summary, author, id); it returns: \(table.columns.joined(separator: ", "))")]))
        }
        let column = Dictionary(uniqueKeysWithValues: (Self.requiredColumns + Self.optionalColumns).compactMap { name in
            table.index(of: name).map { (name, $0) }
        })
        let markdown = MarkdownRenderer(allowsRawHTML: false)
        let rewriter = SitePathRewriter(prefix: config.baseURL)
        var entries: [AtomFeed.Entry] = []
        var problems: [Diagnostic] = []
        var rowOfID: [String: Int] = [:]
        for (index, row) in table.rows.enumerated() {
            func text(_ name: String) -> String? {
                guard let position = column[name] else { return nil }
                let value = row[position].text
                return value.isEmpty ? nil : value
            }
            let rowName = "row \(index + 1) of the query of feed \(definition.path)"
            let url = text("url") ?? ""
            guard let link = absoluteLink(url) else {
                problems.append(problem("\(rowName) gives url = \(Diagnostic.quoted(url)), which is not a site path or an http(s) URL",
                                        "return a site path such as /users/ada/ or a full https:// URL"))
                continue
            }
            let updatedText = text("updated") ?? ""
            guard let updated = FeedTimestamp(updatedText, timezone: config.timezone) else {
                problems.append(problem("\(rowName) gives updated = \(Diagnostic.quoted(updatedText)), which is not an ISO 8601 date",
                                        "return a date such as 2024-03-05 or 2024-03-05T14:30:00Z"))
                continue
            }
            let id = text("id").map { selfURL + "#" + ($0.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? $0) } ?? link
            if let first = rowOfID[id] {
                problems.append(problem("\(rowName) gives the entry id \(id), already used by row \(first)",
                                        "return an `id` column that is unique for each row, or give each row its own url"))
                continue
            }
            rowOfID[id] = index + 1
            entries.append(AtomFeed.Entry(title: text("title") ?? "", link: link, id: id, updated: updated, author: text("author"),
                                          summary: text("summary"), contentHTML: text("content").map { rewriter.html(markdown.html($0)) }))
        }
        return problems.isEmpty ? .success(entries) : .failure(BuildFailure(problems))
    }

    /// An http(s) URL as it is, or a site path (`/users/ada/#post-3`) made absolute with the base URL.
    private func absoluteLink(_ url: String) -> String? {
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == " " }) else { return nil }
        let lower = url.lowercased()
        if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return url }
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return nil }
        return config.baseURL + (url.dropFirst().addingPercentEncoding(withAllowedCharacters: FeedBuilder.linkCharacters) ?? String(url.dropFirst()))
    }

    /// A path with its query and fragment: what `url` values may hold unencoded.
    private static let linkCharacters = CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "#%"))
}
