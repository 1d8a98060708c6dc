import Mustache

/// A template compiled from swift-mustache's parsed tokens into Tally's own tree of nodes, rendered against
/// Tally's value types (`TemplateValue`) into one byte buffer.
///
/// swift-mustache parses; this layer only renders, with the library's semantics: the same lookups up the
/// context stack, sections, inverted sections, partials with indentation, parents and blocks, content types.
/// What it cannot render the same way (a lambda, a template as a value, a dynamic partial) makes the render
/// throw `Unsupported`, and the caller renders through swift-mustache instead.
struct CompiledTemplate: Sendable {
    /// Thrown for a template or value this layer leaves to swift-mustache.
    struct Unsupported: Error {}

    indirect enum Node: Sendable {
        case text([UInt8])
        case value(CompiledName, transforms: [String], escaped: Bool)
        case section(CompiledName, transforms: [String], body: CompiledTemplate, inverted: Bool)
        case partial(String, indentation: String?, overrides: [String: CompiledTemplate]?)
        case block(String, default: CompiledTemplate, indentation: String?)
        case contentType(Escaper)
    }

    let nodes: [Node]

    /// Compiles every token, or returns nil when one of them is left to swift-mustache.
    init?(_ template: MustacheTemplate) {
        var nodes: [Node] = []
        nodes.reserveCapacity(template.tokens.count)
        for token in template.tokens {
            guard let node = CompiledTemplate.node(for: token) else { return nil }
            nodes.append(node)
        }
        self.nodes = nodes
    }

    private static func node(for token: MustacheTemplate.Token) -> Node? {
        switch token {
        case .text(let text): return .text(Array(text.utf8))
        case .variable(let name, let transforms): return .value(CompiledName(name), transforms: transforms, escaped: true)
        case .unescapedVariable(let name, let transforms): return .value(CompiledName(name), transforms: transforms, escaped: false)
        case .section(let name, let transforms, let body):
            return CompiledTemplate(body).map { .section(CompiledName(name), transforms: transforms, body: $0, inverted: false) }
        case .invertedSection(let name, let transforms, let body):
            return CompiledTemplate(body).map { .section(CompiledName(name), transforms: transforms, body: $0, inverted: true) }
        case .partial(let name, let indentation, let overrides):
            guard let overrides else { return .partial(name, indentation: indentation, overrides: nil) }
            var compiled: [String: CompiledTemplate] = [:]
            for (block, template) in overrides {
                guard let override = CompiledTemplate(template) else { return nil }
                compiled[block] = override
            }
            return .partial(name, indentation: indentation, overrides: compiled)
        case .blockExpansion(let name, let defaultBody, let indentation):
            return CompiledTemplate(defaultBody).map { .block(name, default: $0, indentation: indentation) }
        case .contentType(let contentType): return .contentType(Escaper(contentType))
        case .dynamicNamePartial, .blockDefinition: return nil
        }
    }
}

/// How `{{value}}` escapes: Tally's content types write bytes straight into the page; any other content type is
/// asked for its `String`.
enum Escaper: Sendable {
    case markdown
    case html
    case other(any MustacheContentType)

    init(_ contentType: any MustacheContentType) {
        switch contentType {
        case is TemplateContentType.MarkdownContent: self = .markdown
        case is TemplateContentType.HTMLContent: self = .html
        default: self = .other(contentType)
        }
    }

    /// swift-mustache's default, which a render and every partial start with.
    static let mustacheDefault = Escaper.other(MustacheContentTypes.get("HTML") ?? TemplateContentType.HTMLContent())

    func append(_ text: String, to output: inout [UInt8]) {
        switch self {
        case .markdown: appendMarkdownEscaped(text, to: &output)
        case .html: appendHTMLEscaped(text, to: &output)
        case .other(let contentType): output.append(contentsOf: contentType.escapeText(text).utf8)
        }
    }
}
