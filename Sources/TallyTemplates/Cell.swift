import Mustache
import TallyFormat

/// One value in a template's data: a database value or a front-matter scalar.
///
/// It renders as text and is escaped by the surrounding content type (Markdown or HTML), never parsed as a
/// template. In a section it counts as false when NULL, 0 or empty, so `{{#verified}}…{{/verified}}` works on
/// SQLite's integer booleans. Helpers are Mustache transforms: `{{money(amount_cents)}}`.
public struct Cell: MustacheCustomRenderable, MustacheTransformable, MustacheParent, Sendable, CustomStringConvertible {
    public let value: DataValue
    /// The ISO 4217 code the money helpers use for this value, taken from its row.
    public let currencyCode: String?
    /// The query column the value was read from, so that a helper's problem with it points at the tag that
    /// applied the helper to that column, not at the helper's first use.
    public let column: String?

    public init(_ value: DataValue, currencyCode: String? = nil, column: String? = nil) {
        self.value = value
        self.currencyCode = currencyCode
        self.column = column
    }

    public init(_ text: String) {
        self.init(.text(text))
    }

    public var renderText: String { value.text }
    public var isNull: Bool { !value.isTruthy }
    public var description: String { value.text }

    /// A value has no children: lookups inside `{{#value}}` fall through to the enclosing row and page.
    public func child(named: String) -> Any? { nil }

    public func transform(_ name: String) -> Any? {
        TemplateHelpers.apply(name, to: self)
    }
}

/// HTML that Tally produced and trusts (a rendered page body, a chart), inserted as is by `{{{content}}}`.
public struct HTMLFragment: MustacheCustomRenderable, Sendable {
    public let html: String
    public init(_ html: String) { self.html = html }
    public var renderText: String { html }
    public var isNull: Bool { html.isEmpty }
}
