import TallyFormat
import Yams

/// One entry of the config's `feeds:` list: an Atom feed written to `path`, listing database rows or dated pages.
public struct FeedDefinition: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// SQL returning `title`, `url` and `updated`, and optionally `content`, `summary`, `author` and `id`.
        /// `line` is the query's first line in the config; `inline` when the query is not a `|` block.
        case query(sql: String, line: Int, inline: Bool)
        /// Content pages that have a `date` in their front matter, at or below this site path, newest first.
        case pages(under: String)
    }

    public let title: String
    /// Site path of the feed file, such as `/feeds/posts.xml`.
    public let path: String
    public let subtitle: String?
    public let source: Source
    /// At most this many entries (the newest for `pages`, the first rows for `query`).
    public let limit: Int?
    /// Line and column of the entry in the config file, for diagnostics about the whole feed.
    public let line: Int
    public let column: Int

    static let keys = ["title", "path", "subtitle", "query", "pages", "limit"]

    /// The feed's query; nil for a feed of pages.
    var query: String? {
        if case .query(let sql, _, _) = source { sql } else { nil }
    }
}

extension FeedDefinition {
    /// Reads the `feeds:` value, reporting every problem at its line.
    static func parseList(_ value: Node, document: YAMLDocument) -> (feeds: [FeedDefinition], problems: [Diagnostic]) {
        guard let sequence = value.sequence else {
            return ([], [document.error(value, "`feeds` must be a list of feeds, each with `title`, `path` and `query` or `pages`",
                                        hint: "write `- {title: Updates, path: /feeds/updates.xml, pages: /}`; see `tally docs config#feeds`")])
        }
        var feeds: [FeedDefinition] = []
        var problems: [Diagnostic] = []
        for entry in sequence {
            switch parse(entry, document: document) {
            case .success(let feed):
                if feeds.contains(where: { $0.path == feed.path }) {
                    problems.append(document.error(entry, "another feed is already written to \(feed.path)",
                                                   hint: "give each feed its own `path`"))
                } else {
                    feeds.append(feed)
                }
            case .failure(let failure): problems += failure.diagnostics
            }
        }
        return (feeds, problems)
    }

    private static func parse(_ entry: Node, document: YAMLDocument) -> Result<FeedDefinition, BuildFailure> {
        guard let mapping = entry.mapping else {
            return .failure(BuildFailure([document.error(entry, "each `feeds` entry must be a mapping with `title`, `path` and `query` or `pages`",
                                                         hint: "write `- {title: Updates, path: /feeds/updates.xml, pages: /}`")]))
        }
        var problems: [Diagnostic] = []
        var text: [String: (value: String, node: Node)] = [:]
        var present: Set<String> = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            present.insert(key)
            guard keys.contains(key) else {
                let suggestion = NameSuggestion.nearest(to: key, among: keys) ?? "title"
                problems.append(document.error(keyNode, "unknown feed key `\(key)`",
                                               hint: "did you mean `\(suggestion)`? a feed takes \(keys.joined(separator: ", "))"))
                continue
            }
            guard let scalar = value.scalar else {
                problems.append(document.error(value, "feed `\(key)` must be text", hint: "see `tally docs config#feeds`"))
                continue
            }
            text[key] = (scalar.string, value)
        }
        for required in ["title", "path"] where !present.contains(required) {
            problems.append(document.error(entry, "this feed has no `\(required)`", hint: "every feed needs a `title` and a `path`"))
        }
        if present.contains("query") == present.contains("pages") {
            problems.append(document.error(entry, "a feed needs exactly one of `query` or `pages`",
                                           hint: "`query:` lists database rows; `pages: /` lists content pages that have a `date`"))
        }
        if let (path, node) = text["path"], !isFeedPath(path) {
            problems.append(document.error(node, "feed `path` must be a file path in the site, such as /feeds/posts.xml",
                                           hint: "start with /, end with a file name, and use only letters, digits, '-', '_', '.' and '~' in each part"))
        }
        if let (under, node) = text["pages"], !(under.hasPrefix("/") && under.hasSuffix("/")) {
            problems.append(document.error(node, "feed `pages` must be a site path ending in /, such as / or /news/",
                                           hint: "the feed lists the pages at or below that path that have a `date`"))
        }
        var limit: Int?
        if let (value, node) = text["limit"] {
            if let number = Int(value), number > 0 { limit = number } else {
                problems.append(document.error(node, "feed `limit` must be a whole number above 0", hint: "leave it out to list every entry"))
            }
        }
        guard problems.isEmpty, let title = text["title"]?.value, let path = text["path"]?.value else {
            return .failure(BuildFailure(problems))
        }
        let source: Source
        if let (sql, node) = text["query"] {
            // A `|` block starts on the line after its indicator, so SQLite's line numbers map onto the config's.
            let isBlock = node.scalar?.style == .literal
            source = .query(sql: sql, line: document.line(of: node) + (isBlock ? 1 : 0), inline: !isBlock)
        } else {
            source = .pages(under: text["pages"]?.value ?? "/")
        }
        return .success(FeedDefinition(title: title, path: path, subtitle: text["subtitle"]?.value, source: source,
                                       limit: limit, line: document.line(of: entry), column: entry.mark?.column ?? 1))
    }

    /// "/feeds/posts.xml": safe segments, the last one a file name.
    static func isFeedPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.hasSuffix("/") else { return false }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { Route.isSafeSegment(String($0)) }
    }
}
