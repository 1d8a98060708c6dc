import Mustache

/// A template value, typed when it is made: the site builds its maps from these cases (`site` once per build,
/// `page`, the root and `params` once per page, front matter once per file), so the compiled layer switches on a
/// tag at each lookup instead of asking `Any` a chain of casts. A value that is not one of Tally's own types stays
/// `Any` (`other`), asked what swift-mustache would ask it.
///
/// `@unchecked Sendable`: the site makes values of Sendable types only; an `other` met during a render (a
/// reflected child, a transform's result, a spec test's JSON) lives on that render's stack.
public enum TemplateValue: @unchecked Sendable {
    case cell(Cell)
    case row(RowContext)
    case table(TableContext)
    case map(MapContext)
    /// An array (`page.tags`, `nav`, `site.feeds`, a front-matter sequence), iterated in place by a section.
    case list([TemplateValue])
    case html(HTMLFragment)
    case bool(Bool)
    case other(Any)

    /// Classifies a value that arrives as `Any` (a helper's result, swift-mustache's test data), most frequent first.
    init(_ value: Any) {
        if let cell = value as? Cell {
            self = .cell(cell)
        } else if let map = value as? MapContext {
            self = .map(map)
        } else if let table = value as? TableContext {
            self = .table(table)
        } else if let html = value as? HTMLFragment {
            self = .html(html)
        } else if let row = value as? RowContext {
            self = .row(row)
        } else if type(of: value) == Bool.self, let flag = value as? Bool {
            self = .bool(flag)
        } else if let array = value as? [Any] {
            self = .list(array.map(TemplateValue.init))
        } else {
            self = .other(value)
        }
    }

    /// The value as swift-mustache would hold it, for the rare question only `Any` can answer.
    var boxed: Any {
        switch self {
        case .cell(let cell): cell
        case .row(let row): row
        case .table(let table): table
        case .map(let map): map
        case .list(let elements): elements.map(\.boxed)
        case .html(let html): html
        case .bool(let flag): flag
        case .other(let value): value
        }
    }

    /// The child `name`, as swift-mustache's stack entry finds it: asked of a `MustacheParent`, else read by
    /// reflection (a custom representation stands in for the value first). A row finds its column by `number`
    /// (`NameNumbers`).
    func child(named name: String, number: Int) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
        switch self {
        case .cell: return nil
        case .row(let row): return row.cell(atColumn: row.storage.column(named: name, number: number), named: name).map(TemplateValue.cell)
        case .table(let table): return table.cell(atColumn: table.storage.column(named: name, number: number), named: name).map(TemplateValue.cell)
        case .map(let map): return map.entry(named: name)
        case .list: return try TemplateValue.other(boxed).child(named: name, number: number)
        case .html, .bool: return TemplateValue.reflectedChild(of: boxed, named: name)
        case .other(let value):
            if value is MustacheLambda { throw CompiledTemplate.Unsupported() }
            var represented: Any? = value
            if let custom = value as? MustacheCustomRepresentation { represented = custom.representation }
            guard let represented else { return nil }
            if let parent = represented as? MustacheParent { return parent.child(named: name).map(TemplateValue.init) }
            return TemplateValue.reflectedChild(of: represented, named: name)
        }
    }

    /// A stored property read by `Mirror`, an optional unwrapped: swift-mustache's lookup in a plain value.
    private static func reflectedChild(of value: Any, named name: String) -> TemplateValue? {
        guard let found = Mirror(reflecting: value).children.first(where: { $0.label == name })?.value else { return nil }
        let mirror = Mirror(reflecting: found)
        guard mirror.displayStyle == .optional else { return TemplateValue(found) }
        return mirror.children.first.map { TemplateValue($0.value) }
    }

    /// What a value found by a lookup stands for: its custom representation, if it has one (nil for `NSNull`).
    var represented: TemplateValue? {
        guard case .other(let value) = self, let custom = value as? MustacheCustomRepresentation else { return self }
        return custom.representation.map(TemplateValue.init)
    }

    /// `name(value)`: Tally's helpers on a cell and a query result, swift-mustache's transforms on anything else.
    func transformed(_ name: String) -> TemplateValue? {
        switch self {
        case .cell(let cell): return TemplateHelpers.apply(name, to: cell).map(TemplateValue.cell)
        case .table(let table): return table.transformedValue(name)
        case .row, .map, .html, .bool: return nil
        case .list: return TemplateValue.other(boxed).transformed(name)
        case .other(let value):
            return (value as? MustacheTransformable)?.transform(name).map(TemplateValue.init)
        }
    }
}

/// Lets a value of unknown type be asked whether it is an `Optional`, to print what it wraps as swift-mustache does.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self }
}

extension TemplateValue {
    /// The text `{{value}}` shows, before escaping.
    func text() throws(CompiledTemplate.Unsupported) -> String {
        switch self {
        case .cell(let cell): return cell.value.text
        case .html(let html): return html.html
        case .row, .table, .map, .bool: return String(describing: boxed)
        case .list: return try TemplateValue.other(boxed).text()
        case .other(let value):
            if value is MustacheLambda || value is MustacheTemplate { throw CompiledTemplate.Unsupported() }
            if let renderable = value as? MustacheCustomRenderable { return renderable.renderText }
            if let optional = value as? OptionalValue, let wrapped = optional.wrappedValue { return String(describing: wrapped) }
            return String(describing: value)
        }
    }

    /// Whether a section on this value is skipped as empty: a NULL cell, empty HTML, a custom renderable's null.
    var isNull: Bool {
        switch self {
        case .cell(let cell): return cell.isNull
        case .html(let html): return html.isNull
        case .row, .table, .map, .list, .bool: return false
        case .other(let value): return (value as? MustacheCustomRenderable)?.isNull ?? false
        }
    }
}
