import Mustache

/// The site's layouts and partials, by name: `templates/partials/nav.mustache` is `partials/nav`.
public struct TemplateLibrary: Sendable {
    var mustache = MustacheLibrary()
    private(set) var templates: [String: PageTemplate] = [:]

    public init() {}

    /// Adds a compiled template under `name`.
    public mutating func register(_ template: PageTemplate, named name: String) {
        templates[name] = template
        mustache.register(template.template, named: name)
    }

    public func template(named name: String) -> PageTemplate? { templates[name] }

    public var names: [String] { templates.keys.sorted() }
}
