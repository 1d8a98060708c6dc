import Mustache
import TallyFormat

/// A compiled template: a page body (Markdown) or a layout (HTML), parsed once and rendered for many pages.
public struct PageTemplate: Sendable {
    /// The compiled template, or nil for a page body or title without a single tag, which renders as its
    /// own text: most Markdown pages have no tags, and swift-mustache's parser walks text by Character.
    let template: MustacheTemplate?
    /// The same template compiled into Tally's own nodes, or nil when a tag is one the compiled layer leaves to
    /// swift-mustache (a dynamic partial).
    let compiled: CompiledTemplate?
    private let plainText: String
    /// Every tag, for checking partials against the library and locating names in diagnostics.
    let tags: [TemplateTag]
    /// A Markdown body resolves partials from the library's Markdown-escaping copies.
    var isMarkdown = false

    /// Compiles a Markdown page body. Values are escaped for Markdown and HTML; unescaped tags are refused
    /// because a page body never needs them (`{{markdown(x)}}` and charts are inserted safely).
    public static func markdown(_ text: String) throws(TemplateError) -> PageTemplate {
        let tags = TemplateTag.scan(text)
        try checkHelpers(tags)
        if let unescaped = tags.first(where: { $0.kind == .unescaped }) {
            throw TemplateError(line: unescaped.line, column: unescaped.column,
                                message: "unescaped tag '{{{\(unescaped.name)}}}' is not allowed in Markdown content",
                                hint: "use {{\(unescaped.name)}}: values are escaped; use {{markdown(\(unescaped.name))}} to render Markdown from the database")
        }
        guard !tags.isEmpty else { return PageTemplate(template: nil, compiled: nil, plainText: text, tags: []) }
        var template = try compile(text, pragma: TemplateContentType.markdownPragma, tags: tags)
        template.isMarkdown = true
        return template
    }

    /// Names whose values are HTML that Tally made and trusts, so a layout may insert them with `{{{…}}}`.
    static func isTrustedHTML(_ name: String) -> Bool { name == "content" || name.hasPrefix("charts.") }

    /// Compiles an HTML layout or partial. `{{x}}` escapes for HTML; `{{{content}}}` and `{{{charts.NAME}}}` insert
    /// HTML that Tally made. Any other unescaped tag is refused: it could insert a database value as markup.
    public static func html(_ text: String) throws(TemplateError) -> PageTemplate {
        let tags = TemplateTag.scan(text)
        try checkHelpers(tags)
        if let unescaped = tags.first(where: { $0.kind == .unescaped && !isTrustedHTML($0.name) }) {
            throw TemplateError(line: unescaped.line, column: unescaped.column,
                                message: "unescaped tag '{{{\(unescaped.name)}}}' would insert its value as HTML",
                                hint: "use {{\(unescaped.name)}} so the value is escaped; only {{{content}}} and {{{charts.NAME}}} hold HTML that Tally made")
        }
        return try compile(text, pragma: TemplateContentType.htmlPragma, tags: tags)
    }

    /// Compiles plain text such as a front-matter title: values are inserted unescaped, for escaping later.
    public static func plainText(_ text: String) throws(TemplateError) -> PageTemplate {
        guard TemplateTag.mayHaveTags(text) else { return PageTemplate(template: nil, compiled: nil, plainText: text, tags: []) }
        let tags = TemplateTag.scan(text)
        try checkHelpers(tags)
        // The tags are kept so that what a title reads (`site.titel`) is checked like a body's.
        return try compile(text, pragma: "{{% CONTENT_TYPE: TEXT }}", tags: tags)
    }

    /// A helper name that nothing defines, such as `{{mony(total_cents)}}`, is an error where it is written:
    /// swift-mustache would render it as an empty string.
    static func checkHelpers(_ tags: [TemplateTag]) throws(TemplateError) {
        for tag in tags where tag.kind != .partial && tag.kind != .parent {
            for helper in tag.helperNames where !TemplateHelpers.names.contains(helper) {
                let suggestion = NameSuggestion.closest(to: helper, among: TemplateHelpers.names.sorted()).map { "did you mean `\($0)`? " } ?? ""
                throw TemplateError(line: tag.line, column: tag.column, message: "unknown helper `\(helper)`",
                                    hint: suggestion + "`tally docs content#helpers` lists the helpers")
            }
        }
    }

    private static func compile(_ text: String, pragma: String, tags: [TemplateTag]) throws(TemplateError) -> PageTemplate {
        _ = TemplateContentType.registered
        do {
            let template = try MustacheTemplate(string: pragma + "\n" + text)
            return PageTemplate(template: template, compiled: CompiledTemplate(template), plainText: "", tags: tags)
        } catch let error as MustacheTemplate.ParserError {
            // swift-mustache reports an unclosed section at the end of the text; point at its opening tag instead.
            if case .expectedSectionEnd = error.error as? MustacheTemplate.Error, let open = TemplateTag.firstUnclosedSection(in: tags) {
                throw TemplateError(line: open.line, column: open.column, message: "section `\(open.rootName)` is never closed",
                                    hint: "add {{/\(open.rootName)}} after its content")
            }
            throw TemplateError(error, linesBefore: 1)
        } catch {
            throw TemplateError(line: 1, column: 1, message: "cannot parse template: \(error)", hint: "check the {{ }} tags")
        }
    }

    /// Renders with `data` as the root, resolving partials from `library`.
    public func render(_ data: MapContext, library: TemplateLibrary?) -> String {
        guard template != nil else { return plainText }
        return String(decoding: renderBytes(data, library: library), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, for a page's layout, whose text is written as it is: made a `String`, its bytes were
    /// checked as UTF-8 (35,000 instructions a Markdown page) though every piece of them came from a `String`.
    public func renderBytes(_ data: MapContext, library: TemplateLibrary?) -> [UInt8] {
        guard let template else { return Array(plainText.utf8) }
        if let compiled {
            let session = RenderSession.current, checkpoint = session?.checkpoint
            let partials = (isMarkdown ? library?.markdownCompiled : library?.compiled) ?? CompiledPartials()
            var renderer = CompiledRenderer(root: .map(data), partials: partials.templates, uncompiled: partials.uncompiled)
            do {
                try renderer.render(compiled, scope: .init(escaper: .mustacheDefault))
                return renderer.output
            } catch {
                // A value only swift-mustache renders (a lambda, a template): start over there, forgetting what
                // this attempt recorded.
                if let session, let checkpoint { session.rollBack(to: checkpoint) }
            }
        }
        return Array(template.render(data, library: isMarkdown ? library?.markdownMustache : library?.mustache).utf8)
    }

    /// The partials and parent layouts this template names, used or not on a given render: what an incremental
    /// build takes a page's output to depend on.
    public var referencedTemplates: [String] {
        tags.filter { $0.kind == .partial || $0.kind == .parent }.map(\.name)
    }

    /// Partials and parent layouts this template names that `library` does not have.
    public func missingReferences(in library: TemplateLibrary) -> [(name: String, line: Int, column: Int)] {
        tags.filter { ($0.kind == .partial || $0.kind == .parent) && library.mustache.getTemplate(named: $0.name) == nil }
            .map { ($0.name, $0.line, $0.column) }
    }

    /// Where the template first uses `name` as a value or section (`{{name}}`, `{{#name}}`, `{{money(name)}}`),
    /// or, given `key`, first reads that key of it (`{{name.key}}`).
    public func firstUse(of name: String, key: String? = nil) -> (line: Int, column: Int)? {
        tags.first { $0.kind == .other && $0.rootName == name && (key == nil || $0.key == key) }.map { ($0.line, $0.column) }
    }

    /// Every key the template reads of `name` with a dot (`{{page.title}}`, `{{#page.tags}}`, `{{date(page.date)}}`),
    /// where it does, in order.
    public func keysRead(of name: String) -> [(key: String, line: Int, column: Int)] {
        tags.compactMap { tag in
            // Closing tags repeat their opening tag; comments and delimiter changes read nothing.
            guard tag.kind == .other, let sigil = tag.name.first, !"/!=$".contains(sigil),
                  tag.rootName == name, let key = tag.key else { return nil }
            return (key, tag.line, tag.column)
        }
    }

    /// Whether the template may read key `key` of `name`: with a dot (`{{name.key}}`), or through `name` itself,
    /// whose keys a section over it reaches (`{{#name}}…{{key}}…{{/name}}`).
    public func mayRead(_ key: String, of name: String) -> Bool {
        tags.contains { tag in
            guard tag.kind == .other, let sigil = tag.name.first, !"/!=$".contains(sigil), tag.rootName == name else { return false }
            return tag.key == nil || tag.key == key
        }
    }

    /// Where the template first applies the helper `helper`, as in `{{date(x)}}`: to the column `argument` when
    /// given and some tag does (`{{money(total_cents)}}`, `{{money(gifts.total_cents)}}`), else to anything.
    public func firstUse(ofHelper helper: String, argument: String? = nil) -> (line: Int, column: Int)? {
        let uses = tags.filter { $0.kind == .other && $0.name.contains(helper + "(") }
        let onArgument = argument.flatMap { name in
            uses.first { $0.name.contains(helper + "(" + name + ")") || $0.name.contains("." + name + ")") }
        }
        return (onArgument ?? uses.first).map { ($0.line, $0.column) }
    }
}
