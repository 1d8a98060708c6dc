import TallyFormat
import TallyTemplates
import Yams

/// A content file's YAML front matter: the keys Tally knows, plus any of the user's own under `page.*`.
struct FrontMatter: Sendable {
    var title: String?
    var description: String?
    var layout: String?
    var date: String?
    var draft = false
    var weight = 0
    var tags: [String] = []
    /// False leaves the page out of `sitemap.xml`.
    var sitemap = true
    /// For a templated page (`[slug].md`): the query whose rows each give one page.
    var pagesQuery: String?
    /// The query whose rows are split into pages (`paginate: orgs`), and how many a page shows (`per_page: 24`).
    var paginate: String?
    var perPage: Int?
    /// `paginate_from: end`: the listing's pages are numbered from the last row of its query (`Pagination.fromEnd`).
    var paginateFrom: String?
    /// How this page writes numbers, money and dates, when not as the site does (`locale: de-DE`).
    var locale: FormatLocale?
    /// The user's own keys, converted to template values.
    var extra: [String: TemplateValue] = [:]
    /// Line of each key in the content file, for error messages.
    var lines: [String: Int] = [:]

    static let knownKeys: Set = ["title", "description", "layout", "date", "draft", "weight", "tags", "sitemap", "pages", "paginate", "per_page",
                                "paginate_from", "locale"]

    static func parse(_ yaml: String, file: String, lineOffset: Int) -> Result<FrontMatter, BuildFailure> {
        let pairs: [FrontMatterPair]
        if let plainest = FrontMatterLines.pairs(yaml) {
            pairs = plainest
        } else if let simple = FrontMatterEvents.pairs(yaml) {
            pairs = simple
        } else {
            switch composedPairs(yaml, file: file, lineOffset: lineOffset) {
            case .success(let found): pairs = found
            case .failure(let diagnostic): return .failure(BuildFailure([diagnostic]))
            }
        }
        var matter = FrontMatter()
        var problems: [Diagnostic] = []
        for pair in pairs {
            let (key, value) = (pair.key, pair.value)
            matter.lines[key] = pair.keyLine + lineOffset
            func located(_ message: String, hint: String) -> Diagnostic {
                Diagnostic(file: file, line: pair.valueLine + lineOffset, column: pair.valueColumn, message: message, hint: hint)
            }
            func wrong(_ expected: String) {
                problems.append(located("front matter `\(key)` must be \(expected)", hint: "see `tally docs content`"))
            }
            switch key {
            case "title": if let text = value.scalar?.string { matter.title = text } else { wrong("text") }
            case "description": if let text = value.scalar?.string { matter.description = text } else { wrong("text") }
            case "layout": if let text = value.scalar?.string { matter.layout = text } else { wrong("a template name") }
            case "date":
                if let text = value.scalar?.string, ISODate(text) != nil { matter.date = text } else { wrong("an ISO 8601 date such as 2024-03-05") }
            case "draft": if let flag = value.bool { matter.draft = flag } else { wrong("true or false") }
            case "sitemap": if let flag = value.bool { matter.sitemap = flag } else { wrong("true or false") }
            case "weight": if let number = value.int { matter.weight = number } else { wrong("a whole number") }
            case "tags":
                if let list = value.sequence?.compactMap({ $0.scalar?.string }), list.count == value.sequence?.count {
                    matter.tags = list
                } else if let single = value.scalar?.string {
                    matter.tags = [single]
                } else { wrong("a list of tags") }
            case "pages": if let text = value.scalar?.string { matter.pagesQuery = text } else { wrong("an SQL query") }
            case "paginate": if let text = value.scalar?.string, !text.isEmpty { matter.paginate = text } else { wrong("the name of a query on this page") }
            case "locale":
                guard let text = value.scalar?.string else { wrong("a locale such as de-DE"); continue }
                guard let locale = FormatLocale.named(text) else {
                    let unknown = FormatLocale.unknown(text)
                    problems.append(located("front matter `locale`: " + unknown.message, hint: unknown.hint))
                    continue
                }
                matter.locale = locale
            case "per_page": if let number = value.int, number > 0 { matter.perPage = number } else { wrong("a whole number above 0") }
            case "paginate_from":
                if let text = value.scalar?.string, ["start", "end"].contains(text) { matter.paginateFrom = text } else { wrong("`start` or `end`") }
            default: matter.extra[key] = templateValue(value)
            }
        }
        return problems.isEmpty ? .success(matter) : .failure(BuildFailure(problems))
    }

    /// The pairs of text that `FrontMatterEvents` leaves to Yams: anything but plain keys and scalar or list values.
    static func composedPairs(_ yaml: String, file: String, lineOffset: Int) -> Result<[FrontMatterPair], Diagnostic> {
        let document: YAMLDocument
        switch YAMLDocument.parse(yaml, file: file, lineOffset: lineOffset) {
        case .success(let parsed): document = parsed
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        return document.pairs().map { pairs in
            pairs.map { pair in
                FrontMatterPair(key: pair.key, keyLine: pair.keyNode.mark?.line ?? 1, value: pair.value,
                                valueLine: pair.value.mark?.line ?? 1, valueColumn: pair.value.mark?.column ?? 1)
            }
        }
    }

    /// A YAML node as template data, typed once as the file loads: scalars become cells, sequences lists,
    /// mappings `MapContext`s.
    static func templateValue(_ node: Node) -> TemplateValue {
        switch node {
        case .scalar(let scalar):
            if let flag = node.bool, scalar.style == .plain { return .bool(flag) }
            if let integer = node.int, scalar.style == .plain { return .cell(Cell(.integer(Int64(integer)))) }
            if let real = node.float, scalar.style == .plain { return .cell(Cell(.real(real))) }
            return .cell(Cell(scalar.string))
        case .sequence(let sequence): return .list(sequence.map { templateValue($0) })
        case .mapping(let mapping):
            var values: [String: TemplateValue] = [:]
            for (key, value) in mapping { values[key.string ?? ""] = templateValue(value) }
            return .map(MapContext(typed: values))
        case .alias: return .cell(Cell(.null))
        }
    }
}
