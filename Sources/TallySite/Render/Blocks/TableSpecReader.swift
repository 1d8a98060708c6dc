import TallyFormat
import Yams

/// Reads a ```` ```table ```` block's keys into a `TableSpec`.
struct TableSpecReader {
    let document: YAMLDocument

    func read(_ pairs: [(key: String, keyNode: Node, value: Node)]) -> Result<TableSpec, Diagnostic> {
        var spec = TableSpec()
        for (key, keyNode, value) in pairs {
            switch key {
            case "data", "id":
                continue
            case "title":
                guard let text = value.scalar?.string else { return .failure(wrong(value, key, "text")) }
                spec.title = text
            case "csv":
                guard let flag = value.bool else { return .failure(wrong(value, key, "true or false")) }
                spec.csv = flag
            case "columns":
                guard let names = strings(value) else { return .failure(wrong(value, key, "a list of column names, e.g. [name, amount_cents]")) }
                spec.columns = names
            case "headers":
                guard let pairs = stringPairs(value) else { return .failure(wrong(value, key, "a mapping of column: header text")) }
                spec.headers = pairs
            case "formats":
                guard let pairs = stringPairs(value) else { return .failure(wrong(value, key, "a mapping of column: format")) }
                for (column, name) in pairs {
                    guard let format = TableSpec.ColumnFormat(rawValue: name) else {
                        let formats = TableSpec.ColumnFormat.allCases.map(\.rawValue).joined(separator: ", ")
                        return .failure(document.error(value, "unknown format `\(name)` for column `\(column)`", hint: "formats: \(formats)"))
                    }
                    spec.formats[column] = format
                }
            default:
                let suggestion = NameSuggestion.nearest(to: key, among: TableSpec.keys) ?? "data"
                return .failure(document.error(keyNode, "unknown key `\(key)` in table block",
                                               hint: "did you mean `\(suggestion)`? Keys: " + TableSpec.keys.joined(separator: ", ")))
            }
        }
        return .success(spec)
    }

    private func wrong(_ node: Node, _ key: String, _ expected: String) -> Diagnostic {
        document.error(node, "`\(key)` must be \(expected)", hint: "see `tally docs charts#table-blocks`")
    }

    /// A list of names, or one name on its own.
    private func strings(_ node: Node) -> [String]? {
        if let single = node.scalar?.string { return [single] }
        guard let sequence = node.sequence else { return nil }
        let names = sequence.compactMap { $0.scalar?.string }
        return names.count == sequence.count ? names : nil
    }

    private func stringPairs(_ node: Node) -> [String: String]? {
        guard let mapping = node.mapping else { return nil }
        var result: [String: String] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string, let text = value.scalar?.string else { return nil }
            result[name] = text
        }
        return result
    }
}
