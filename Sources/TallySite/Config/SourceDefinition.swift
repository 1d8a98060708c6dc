import TallyFormat
import TallyImport
import Yams

/// One entry of the config's `sources:` list: files that every build imports into its published snapshot, as
/// `tally import` would import them into the database, but without ever writing the database file.
public struct SourceDefinition: Sendable, Equatable {
    public let options: ImportOptions
    /// Paths relative to the site root, as the config writes them.
    public let files: [String]
    /// The entry's place in the config, for problems that concern it as a whole.
    public let line: Int

    static let keys = ["format", "file", "files", "table", "user", "map", "set", "delimiter", "decimal_comma", "date_format",
                       "currency", "create_missing", "source", "unlisted", "replies", "replace"]
}

extension SourceDefinition {
    /// Reads the `sources:` value, reporting every problem at its line.
    static func parseList(_ value: Node, document: YAMLDocument) -> (sources: [SourceDefinition], problems: [Diagnostic]) {
        guard let sequence = value.sequence else {
            return ([], [document.error(value, "`sources` must be a list of sources, each with `format` and `file`",
                                        hint: "write `- {format: csv, file: data/gifts.csv, table: donations, user: ada}`; see `tally docs import`")])
        }
        var sources: [SourceDefinition] = []
        var problems: [Diagnostic] = []
        for entry in sequence {
            switch parse(entry, document: document) {
            case .success(let source): sources.append(source)
            case .failure(let failure): problems += failure.diagnostics
            }
        }
        return (sources, problems)
    }

    private static func parse(_ entry: Node, document: YAMLDocument) -> Result<SourceDefinition, BuildFailure> {
        guard let mapping = entry.mapping else {
            return .failure(BuildFailure([document.error(entry, "each `sources` entry must be a mapping with `format` and `file`",
                                                         hint: "write `- {format: csv, file: data/gifts.csv, table: donations, user: ada}`")]))
        }
        var problems: [Diagnostic] = []
        var options = ImportOptions(format: "")
        var files: [String] = []
        func wrong(_ node: Node, _ key: String, _ expected: String) {
            problems.append(document.error(node, "source `\(key)` must be \(expected)", hint: "see `tally docs import#sources`"))
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let text = value.scalar?.string
            switch key {
            case "format":
                guard let text, ImportFormats.names.contains(text) else {
                    let suggestion = NameSuggestion.nearest(to: text ?? "", among: ImportFormats.names).map { "did you mean `\($0)`? " } ?? ""
                    problems.append(document.error(value, "unknown source format `\(text ?? "")`",
                                                   hint: suggestion + "the formats are " + ImportFormats.names.joined(separator: ", ")))
                    continue
                }
                options.format = text
            case "file", "files":
                let list = text.map { [$0] } ?? value.sequence?.compactMap { $0.scalar?.string }
                guard let list, !list.isEmpty, list.count == (value.sequence?.count ?? 1) else { wrong(value, key, "a file path or a list of them"); continue }
                files += list
            case "map", "set":
                guard let pairs = value.mapping else { wrong(value, key, "a mapping, such as {Amount: amount, Date: donated_at}"); continue }
                for (name, target) in pairs {
                    guard let name = name.string, let target = target.scalar?.string else { wrong(value, key, "a mapping of names to names"); continue }
                    if key == "map" { options.map[name] = target } else { options.set[name] = target }
                }
            case "decimal_comma", "create_missing", "unlisted", "replies", "replace":
                guard let flag = value.bool else { wrong(value, key, "true or false"); continue }
                switch key {
                case "decimal_comma": options.decimalComma = flag
                case "create_missing": options.createMissing = flag
                case "unlisted": options.includeUnlisted = flag
                case "replace": options.replace = flag
                default: options.includeReplies = flag
                }
            case "delimiter":
                guard let byte = text.flatMap(ImportOptions.delimiter(named:)) else { wrong(value, key, "\",\", \";\" or tab"); continue }
                options.delimiter = byte
            case "table", "user", "date_format", "currency", "source":
                guard let text, !text.isEmpty else { wrong(value, key, "text"); continue }
                switch key {
                case "table": options.table = text
                case "user": options.user = text
                case "date_format": options.dateFormat = text
                case "currency": options.currency = text
                default: options.source = text
                }
            default:
                let suggestion = NameSuggestion.nearest(to: key, among: keys) ?? "file"
                problems.append(document.error(keyNode, "unknown source key `\(key)`",
                                               hint: "did you mean `\(suggestion)`? a source takes \(keys.joined(separator: ", "))"))
            }
        }
        if mapping["format"] == nil { problems.append(document.error(entry, "this source has no `format`", hint: "csv, json or mastodon")) }
        if mapping["file"] == nil, mapping["files"] == nil {
            problems.append(document.error(entry, "this source has no `file`", hint: "name the file to import, relative to the site"))
        }
        guard problems.isEmpty else { return .failure(BuildFailure(problems)) }
        return .success(SourceDefinition(options: options, files: files, line: document.line(of: entry)))
    }
}
