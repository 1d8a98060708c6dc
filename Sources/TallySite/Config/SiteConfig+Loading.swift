import Foundation
import TallyFormat
import TallyStore
import Yams

extension SiteConfig {
    /// Reads the config file; every problem is reported with its line, and unknown keys are errors (typos).
    static func load(path: String, displayPath: String) -> Result<SiteConfig, BuildFailure> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(BuildFailure([Diagnostic(file: displayPath, message: "cannot read the site config",
                                                     hint: "create it with `tally init`, or pass --config FILE")]))
        }
        let document: YAMLDocument
        switch YAMLDocument.parse(text, file: displayPath) {
        case .success(let parsed): document = parsed
        case .failure(let diagnostic): return .failure(BuildFailure([diagnostic]))
        }
        var config = SiteConfig()
        var problems: [Diagnostic] = []
        let pairs: [(key: String, keyNode: Node, value: Node)]
        switch document.pairs() {
        case .success(let found): pairs = found
        case .failure(let diagnostic): return .failure(BuildFailure([diagnostic]))
        }
        for (key, keyNode, value) in pairs {
            if key == "feeds" {
                // Feeds are a list of mappings, each checked on its own, so one config can report several problems.
                let parsed = FeedDefinition.parseList(value, document: document)
                config.feeds = parsed.feeds
                problems += parsed.problems
            } else if key == "sources" {
                let parsed = SourceDefinition.parseList(value, document: document)
                config.sources = parsed.sources
                problems += parsed.problems
            } else if let problem = config.apply(key: key, keyNode: keyNode, value: value, document: document) {
                problems.append(problem)
            }
        }
        return problems.isEmpty ? .success(config) : .failure(BuildFailure(problems))
    }

    static let keys = ["title", "description", "base_url", "language", "database", "timezone", "currency", "locale", "raw_html",
                       "publish_users", "private_columns", "nav", "feeds", "sources", "content_dir", "templates_dir", "static_dir", "views_dir",
                       "output_dir"]

    /// What `base_url` and `--base-url` accept, for their diagnostics.
    static let baseURLExpectation = "an absolute URL such as https://example.org/ or a path such as /repo/"

    /// `text` with a final "/" when it is an http(s) URL or a site path; nil otherwise.
    static func normalizedBaseURL(_ text: String) -> String? {
        guard text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("/") else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    private mutating func apply(key: String, keyNode: Node, value: Node, document: YAMLDocument) -> Diagnostic? {
        func text() -> String? { value.scalar?.string }
        func stringList() -> [String]? {
            if let scalar = value.scalar { return scalar.string.isEmpty ? [] : [scalar.string] }
            guard let sequence = value.sequence else { return nil }
            let strings = sequence.compactMap { $0.scalar?.string }
            return strings.count == sequence.count ? strings : nil
        }
        func wrong(_ expected: String) -> Diagnostic {
            document.error(value, "`\(key)` must be \(expected)", hint: "see `tally docs config` for every key")
        }
        switch key {
        case "title": guard let text = text() else { return wrong("text") }; title = text
        case "description": guard let text = text() else { return wrong("text") }; description = text
        case "base_url":
            guard let text = text(), let url = SiteConfig.normalizedBaseURL(text) else { return wrong(SiteConfig.baseURLExpectation) }
            baseURL = url
        case "language": guard let text = text() else { return wrong("a language tag such as en") }; language = text
        case "database": guard let text = text(), !text.isEmpty else { return wrong("a file path") }; database = text
        case "timezone":
            guard let text = text(), let zone = TimeZone(identifier: text) else {
                return wrong("an IANA timezone name such as America/New_York or UTC")
            }
            timezone = zone
        case "currency":
            guard let text = text(), let found = Currency.lookup(text) else { return wrong("an ISO 4217 code such as USD") }
            currency = found
        case "locale":
            guard let text = text() else { return wrong("a locale such as de-DE") }
            guard let found = FormatLocale.named(text) else {
                let unknown = FormatLocale.unknown(text)
                return document.error(value, "`locale`: " + unknown.message, hint: unknown.hint)
            }
            locale = found
        case "raw_html": guard let flag = value.bool else { return wrong("true or false") }; rawHTML = flag
        case "publish_users":
            guard let list = stringList() else { return wrong("a list of usernames") }
            publishedUsers = list
            publishedUsersLine = document.line(of: keyNode)
        case "private_columns":
            guard let list = stringList() else { return wrong("a list of table.column names") }
            var columns: [PublicationPolicy.PrivateColumn] = []
            for item in list {
                let parts = item.split(separator: ".")
                guard parts.count == 2 else { return wrong("a list of table.column names, such as users.phone") }
                columns.append(.init(table: String(parts[0]), column: String(parts[1])))
            }
            privateColumns = columns
        case "nav":
            guard let sequence = value.sequence else { return wrong("a list of {title, url} entries") }
            var items: [NavigationItem] = []
            for entry in sequence {
                guard let title = entry.mapping?["title"]?.string, let url = entry.mapping?["url"]?.string else {
                    return document.error(entry, "each `nav` entry needs `title` and `url`", hint: "write `- {title: Directory, url: /orgs/}`")
                }
                items.append(NavigationItem(title: title, url: url))
            }
            navigation = items
        case "content_dir", "templates_dir", "static_dir", "views_dir", "output_dir":
            guard let text = text(), !text.isEmpty else { return wrong("a folder path") }
            switch key {
            case "content_dir": contentDirectory = text
            case "templates_dir": templatesDirectory = text
            case "static_dir": staticDirectory = text
            case "views_dir": viewsDirectory = text
            default: outputDirectory = text
            }
        default:
            let suggestion = NameSuggestion.nearest(to: key, among: SiteConfig.keys) ?? "title"
            return document.error(keyNode, "unknown config key `\(key)`", hint: "did you mean `\(suggestion)`? see `tally docs config`")
        }
        return nil
    }
}
