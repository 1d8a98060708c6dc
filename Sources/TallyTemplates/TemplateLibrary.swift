import Mustache

/// The site's layouts and partials, by name: `templates/partials/nav.mustache` is `partials/nav`.
public struct TemplateLibrary: Sendable {
    var mustache = MustacheLibrary()
    /// The same templates compiled to escape for Markdown, for partials included from a page body: an HTML
    /// partial there would let a value such as `*NSYNC` or `[x](y)` turn into Markdown.
    var markdownMustache = MustacheLibrary()
    private(set) var templates: [String: PageTemplate] = [:]
    /// The templates the compiled layer renders, and the names of those it left to swift-mustache.
    private(set) var compiled = CompiledPartials()
    private(set) var markdownCompiled = CompiledPartials()
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
        if let parsed = template.template {
            mustache.register(parsed, named: name)
            compiled.add(template.compiled, named: name)
        }
        if let parsed = markdown?.template {
            markdownMustache.register(parsed, named: name)
            markdownCompiled.add(markdown?.compiled, named: name)
        }
    }

    public func template(named name: String) -> PageTemplate? { templates[name] }

    public var names: [String] { templates.keys.sorted() }
}

/// A library's templates as the compiled layer renders them, by name.
struct CompiledPartials: Sendable {
    var templates: [String: CompiledTemplate] = [:]
    /// Templates that swift-mustache has and this layer could not compile: a page that includes one renders
    /// through swift-mustache.
    var uncompiled: Set<String> = []

    mutating func add(_ template: CompiledTemplate?, named name: String) {
        if let template {
            templates[name] = template
            uncompiled.remove(name)
        } else {
            templates[name] = nil
            uncompiled.insert(name)
        }
    }
}
