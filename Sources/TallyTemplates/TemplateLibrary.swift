import Mustache

/// The site's layouts and partials, by name: `templates/partials/nav.mustache` is `partials/nav`.
public struct TemplateLibrary: Sendable {
    var mustache = MustacheLibrary()
    private(set) var templates: [String: PageTemplate] = [:]

    public init() {}

    /// Adds a compiled template under `name`. Layouts and partials come from `PageTemplate.html`, which always
    /// compiles, so swift-mustache can resolve them.
    public mutating func register(_ template: PageTemplate, named name: String) {
        templates[name] = template
        if let compiled = template.template { mustache.register(compiled, named: name) }
    }

    public func template(named name: String) -> PageTemplate? { templates[name] }

    public var names: [String] { templates.keys.sorted() }
}
