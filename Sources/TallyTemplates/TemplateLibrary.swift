import Mustache

/// The site's layouts and partials, by name: `templates/partials/nav.mustache` is `partials/nav`.
public struct TemplateLibrary: Sendable {
    var mustache = MustacheLibrary()
    /// The same templates compiled to escape for Markdown, for partials included from a page body: an HTML
    /// partial there would let a value such as `*NSYNC` or `[x](y)` turn into Markdown.
    var markdownMustache = MustacheLibrary()
    private(set) var templates: [String: PageTemplate] = [:]

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
