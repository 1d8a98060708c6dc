import TallyFormat
import Yams

/// YAML parsed with line numbers kept, for front matter and the site config.
struct YAMLDocument {
    let root: Node?
    /// Added to Yams' 1-based lines to get lines in the containing file.
    let lineOffset: Int
    let file: String

    /// Parses `text`; a syntax error becomes a diagnostic at the right line of `file`.
    static func parse(_ text: String, file: String, lineOffset: Int = 0) -> Result<YAMLDocument, Diagnostic> {
        do {
            // The encoding is given because Yams' default reads the whole process environment on every call.
            let root = try Yams.compose(yaml: text, resolver, .default, .utf8)
            return .success(YAMLDocument(root: root, lineOffset: lineOffset, file: file))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, in: text, file: file, lineOffset: lineOffset))
        } catch {
            return .failure(Diagnostic(file: file, line: lineOffset + 1, message: "cannot read YAML: \(error)",
                                       hint: "check the YAML syntax"))
        }
    }

    /// Only the rule for booleans, the one tag Tally's reading depends on (Yams' `Bool` refuses a scalar tagged
    /// `str`, so `draft: "yes"` stays text). Numbers are read from the text whatever their tag, and dates and
    /// nulls are Tally's own to parse. Each rule is a regular expression run on every plain scalar, keys
    /// included (Yams resolves each key's tag to check for duplicates): 7 rules cost 3.5 % of a 10,000-page build.
    static let resolver = Resolver.basic.appending(Resolver.Rule.bool)

    /// The line in the containing file of a node.
    func line(of node: Node) -> Int { (node.mark?.line ?? 1) + lineOffset }

    func error(_ node: Node, _ message: String, hint: String) -> Diagnostic {
        Diagnostic(file: file, line: line(of: node), column: node.mark?.column ?? 1, message: message, hint: hint)
    }

    /// The top-level mapping's pairs with string keys, in file order.
    func pairs() -> Result<[(key: String, keyNode: Node, value: Node)], Diagnostic> {
        guard let root else { return .success([]) }
        guard let mapping = root.mapping else {
            return .failure(error(root, "expected a mapping of `key: value` lines", hint: "write one `key: value` per line"))
        }
        return .success(mapping.map { (key: $0.key.string ?? "", keyNode: $0.key, value: $0.value) })
    }

    private static func diagnostic(for error: YamlError, in text: String, file: String, lineOffset: Int) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            // A quote or bracket that is never closed runs to the end of the text, where Yams notices; the line to
            // fix is where it started, which Yams gives as the context's mark.
            if let context, context.mark.line <= mark.line, isAtEnd(mark, of: text) {
                if context.text.contains("quoted scalar") {
                    return Diagnostic(file: file, line: context.mark.line + lineOffset, column: context.mark.column,
                                      message: "invalid YAML: a quoted value that starts here is never closed",
                                      hint: "end it with the same quote it starts with, and write a quote inside it as '' in '…' or \\\" in \"…\"")
                }
                return Diagnostic(file: file, line: context.mark.line + lineOffset, column: context.mark.column,
                                  message: "invalid YAML: \(detail)", hint: "check that what starts on this line is closed")
            }
            return Diagnostic(file: file, line: mark.line + lineOffset, column: mark.column,
                              message: "invalid YAML: \(detail)", hint: "check indentation, colons and quotes on this line")
        default:
            return Diagnostic(file: file, line: lineOffset + 1, message: "invalid YAML: \(error)", hint: "check the YAML syntax")
        }
    }

    /// Whether `mark` (1-based, as Yams counts) is past the last character of `text`, trailing blank lines aside.
    private static func isAtEnd(_ mark: Mark, of text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.lastIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else { return true }
        return mark.line > last + 1 || (mark.line == last + 1 && mark.column > lines[last].count)
    }
}
