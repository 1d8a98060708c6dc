import Mustache

/// A template that cannot be used, located in its source file.
public struct TemplateError: Error, Equatable, Sendable {
    /// 1-based line and column in the template's own text.
    public let line: Int
    public let column: Int
    public let message: String
    public let hint: String

    public init(line: Int, column: Int, message: String, hint: String) {
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// Translates swift-mustache's parser error; `linesBefore` is how many lines Tally put in front of the template.
    init(_ error: MustacheTemplate.ParserError, linesBefore: Int) {
        let (message, hint) = TemplateError.describe(error.error)
        self.init(line: max(1, error.context.lineNumber - linesBefore), column: error.context.columnNumber, message: message, hint: hint)
    }

    private static func describe(_ error: any Error) -> (String, String) {
        guard let error = error as? MustacheTemplate.Error else { return ("cannot parse template: \(error)", "check the {{ }} tags on this line") }
        switch error {
        case .sectionCloseNameIncorrect:
            return ("section closed with a different name than it was opened with", "close {{#name}} with {{/name}}")
        case .unfinishedName:
            return ("unfinished tag", "end the tag with }} (or }}} for a triple mustache)")
        case .expectedSectionEnd:
            return ("a section is never closed", "add {{/name}} for every {{#name}} and {{^name}}")
        case .invalidSetDelimiter:
            return ("invalid set-delimiter tag", "write it as {{=<% %>=}}")
        case .transformAppliedToInheritanceSection:
            return ("a helper cannot apply to a block", "remove the helper from the {{$block}} tag")
        case .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return ("only {{$block}} overrides may stand inside {{<parent}}", "move other content into a {{$block}} override")
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable:
            return ("unknown pragma", "Tally sets the content type itself; remove the {{% … }} tag")
        }
    }
}
