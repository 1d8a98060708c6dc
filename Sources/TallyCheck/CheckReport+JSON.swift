import Foundation
import TallySite

extension CheckReport {
    /// The report for machines, as docs/cli.md documents it:
    /// `{"internal_links": N, "pages": N, "problems": [{"column", "count", "file", "hint", "kind", "line", "message", "severity", "source"}]}`.
    /// Keys are sorted; `line`, `column` and `source` are null when unknown.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(pages: pages, internalLinks: internalLinks, problems: problems.map(Entry.init))
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private struct Document: Encodable {
        let pages: Int
        let internalLinks: Int
        let problems: [Entry]

        enum CodingKeys: String, CodingKey {
            case pages, problems
            case internalLinks = "internal_links"
        }
    }

    private struct Entry: Encodable {
        let file: String
        let line: Int?
        let column: Int?
        let severity: String
        let kind: String
        let message: String
        let hint: String
        let source: String?
        let count: Int

        init(_ problem: CheckProblem) {
            let diagnostic = problem.diagnostic
            file = diagnostic.file
            line = diagnostic.line > 0 ? diagnostic.line : nil
            column = diagnostic.line > 0 ? diagnostic.column : nil
            severity = diagnostic.severity.rawValue
            kind = problem.kind.rawValue
            message = diagnostic.message
            hint = diagnostic.hint
            source = problem.source
            count = problem.count
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(severity, forKey: .severity)
            try container.encode(kind, forKey: .kind)
            try container.encode(message, forKey: .message)
            try container.encode(hint, forKey: .hint)
            try container.encode(source, forKey: .source)
            try container.encode(count, forKey: .count)
        }

        enum CodingKeys: String, CodingKey { case file, line, column, severity, kind, message, hint, source, count }
    }
}
