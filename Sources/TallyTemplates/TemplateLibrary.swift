import Mustache

/// The site's layouts and partials, by name: `templates/partials/nav.mustache` is `partials/nav`.
public struct TemplateLibrary: Sendable {
    var mustache = MustacheLibrary()
    /// The same templates compiled to escape for Markdown, for partials included from a page body: an HTML
    /// partial there would let a value such as `*NSYNC` or `[x](y)` turn into Markdown.
    var markdownMustache = MustacheLibrary()
    private(set) var templates: [String: PageTemplate] = [:]
    /// The ids the templates write as literal text (`<main id="main">`), which a page's heading ids must not reuse.
    public private(set) var literalIDs: Set<String> = []

    /// Records the literal `id="…"` values of a template's text; an id made by a tag (`id="{{x}}"`) is skipped.
    public mutating func noteLiteralIDs(in text: String) {
        var rest = text[...]
        while let start = rest.range(of: " id=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let value = rest[..<end]
            if !value.isEmpty, !value.contains("{{") { literalIDs.insert(String(value)) }
            rest = rest[end...].dropFirst()
        }
    }

    public init() {}

    /// Adds a compiled template under `name`; `markdown` is its Markdown-escaping copy, when it has one.
    /// Layouts and partials come from `PageTemplate.html`, which always compiles, so swift-mustache can resolve them.
    public mutating func register(_ template: PageTemplate, markdown: PageTemplate? = nil, named name: String) {
        templates[name] = template
        if let compiled = template.template { mustache.register(compiled, named: name) }
        if let compiled = markdown?.template { markdownMustache.register(compiled, named: name) }
    }

    public func template(named name: String) -> PageTemplate? { templates[name] }

    public var names: [String] { templates.keys.sorted() }
}
