import TallyCharts
import TallyFormat
import TallyMarkdown
import TallyTemplates
import Yams

/// Reads the YAML of a ```` ```chart ```` or ```` ```table ```` block into a `PageBlock`, reporting mistakes at the
/// line of the key that has them.
struct PageBlockParser {
    let file: String
    /// Names of the page's queries, which `data:` must name.
    let queryNames: [String]

    /// The info words that start a block: ```` ```chart ```` and ```` ```table ````.
    static let infoWords: Set<Substring> = ["chart", "table"]

    /// What is wrong with a block: usually one problem, but every bad key of a chart block at once.
    struct Problems: Error {
        let all: [Diagnostic]
    }

    /// - Parameter fenceLine: the opening fence's line in the content file.
    func parse(_ block: FencedCodeBlock, fenceLine: Int) -> Result<PageBlock, Problems> {
        var more: [Diagnostic] = []
        return parseBlock(block, fenceLine: fenceLine, more: &more).mapError { Problems(all: [$0] + more) }
    }

    /// `more` collects the problems after the first, where the block has several of the same kind.
    private func parseBlock(_ block: FencedCodeBlock, fenceLine: Int, more: inout [Diagnostic]) -> Result<PageBlock, Diagnostic> {
        let isChart = block.infoWords.first == "chart"
        let kindName = isChart ? "chart" : "table"
        guard block.infoWords.count == 1 else {
            return .failure(Diagnostic(file: file, line: fenceLine, message: "a \(kindName) block takes no name after ```\(kindName)",
                                       hint: "name its query inside the block: `data: gifts`"))
        }
        let document: YAMLDocument
        switch YAMLDocument.parse(block.code, file: file, lineOffset: fenceLine) {
        case .success(let parsed): document = parsed
        case .failure(let problem): return .failure(problem)
        }
        guard case .success(let pairs) = document.pairs(), !pairs.isEmpty else {
            return .failure(Diagnostic(file: file, line: fenceLine, message: "a \(kindName) block holds `key: value` lines",
                                       hint: isChart ? "e.g. `type: bar`, `data: gifts`, `x: year`, `y: total_cents`"
                                                     : "e.g. `data: gifts`, `columns: [donated_on, amount_cents]`"))
        }
        var keyLines: [String: Int] = [:]
        for pair in pairs { keyLines[pair.key] = document.line(of: pair.keyNode) }
        let values = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })

        let query: String
        switch requiredQuery(values["data"], keyLine: keyLines["data"], fenceLine: fenceLine, kindName: kindName) {
        case .success(let name): query = name
        case .failure(let problem): return .failure(problem)
        }
        var id: String?
        if let node = values["id"] {
            guard let text = node.scalar?.string, ContentLoader.isValidName(text) else {
                return .failure(document.error(node, "`id` must be a name of lowercase letters, digits and _",
                                               hint: "the layout then shows the block with {{{charts.<id>}}}"))
            }
            id = text
        }
        let kind: PageBlock.Kind
        if isChart {
            switch chartSpec(values, keyLines: keyLines, fenceLine: fenceLine, more: &more) {
            case .success(let spec): kind = .chart(spec)
            case .failure(let problem): return .failure(problem)
            }
        } else {
            switch TableSpecReader(document: document).read(pairs) {
            case .success(let spec): kind = .table(spec)
            case .failure(let problem): return .failure(problem)
            }
        }
        var titleTemplate: PageTemplate?
        if let title = values["title"]?.scalar?.string, title.contains("{{") {
            do {
                titleTemplate = try PageTemplate.plainText(title)
            } catch {
                return .failure(Diagnostic(file: file, line: keyLines["title"] ?? fenceLine, message: "in `title`: " + error.message,
                                           hint: error.hint))
            }
        }
        return .success(PageBlock(kind: kind, query: query, id: id, line: fenceLine, keyLines: keyLines, titleTemplate: titleTemplate))
    }

    private func requiredQuery(_ node: Node?, keyLine: Int?, fenceLine: Int, kindName: String) -> Result<String, Diagnostic> {
        guard let node else {
            return .failure(Diagnostic(file: file, line: fenceLine, message: "a \(kindName) block needs `data`, the query it shows",
                                       hint: queryHint))
        }
        guard let name = node.scalar?.string, queryNames.contains(name) else {
            let shown = node.scalar?.string ?? "…"
            return .failure(Diagnostic(file: file, line: keyLine ?? fenceLine, message: "no query named `\(shown)` on this page",
                                       hint: queryHint))
        }
        return .success(name)
    }

    private var queryHint: String {
        queryNames.isEmpty ? "add a ```sql NAME block to this page and write `data: NAME`"
                           : "queries on this page: " + queryNames.joined(separator: ", ")
    }

    private func chartSpec(_ values: [String: Node], keyLines: [String: Int], fenceLine: Int,
                           more: inout [Diagnostic]) -> Result<ChartSpec, Diagnostic> {
        var fields: [String: SpecValue] = [:]
        for (key, node) in values where key != "id" {
            guard let value = key == "headers" ? Self.specMapping(node) : Self.specValue(node) else {
                return .failure(Diagnostic(file: file, line: keyLines[key] ?? fenceLine, message: "`\(key)` cannot be a mapping",
                                           hint: "write a single value or a list such as [income, spending]"))
            }
            fields[key] = value
        }
        func located(_ error: ChartSpecError) -> Diagnostic {
            Diagnostic(file: file, line: keyLines[error.key ?? ""] ?? fenceLine, message: error.message, hint: error.hint)
        }
        if case .string(let type)? = fields["type"], let kind = ChartKind(rawValue: type.lowercased()) {
            let keyProblems = ChartSpec.keyProblems(in: fields.keys, kind: kind).map(located)
                .sorted { $0.line < $1.line }
            if let first = keyProblems.first {
                more = Array(keyProblems.dropFirst())
                return .failure(first)
            }
        }
        do throws(ChartSpecError) {
            return .success(try ChartSpec(fields: fields))
        } catch {
            return .failure(located(error))
        }
    }

    /// A YAML mapping as a chart field, such as `headers: {given_cents: Given}`; any other value as `specValue` reads it.
    static func specMapping(_ node: Node) -> SpecValue? {
        guard let mapping = node.mapping else { return specValue(node) }
        var pairs: [String: SpecValue] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string, let item = specValue(value) else { return nil }
            pairs[name] = item
        }
        return .mapping(pairs)
    }

    /// A YAML node as a chart field: plain scalars that YAML reads as booleans or numbers become them.
    static func specValue(_ node: Node) -> SpecValue? {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let flag = node.bool { return .bool(flag) }
                if let integer = node.int { return .number(Double(integer)) }
                if let real = node.float { return .number(real) }
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            var items: [SpecValue] = []
            for item in sequence {
                guard let value = specValue(item) else { return nil }
                items.append(value)
            }
            return .list(items)
        default:
            return nil
        }
    }
}
