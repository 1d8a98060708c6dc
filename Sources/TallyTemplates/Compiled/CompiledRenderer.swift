import Mustache

/// Renders compiled templates into one byte buffer, with one context stack pushed and popped as sections nest
/// (swift-mustache copies its stack and a context of eight fields at every push).
struct CompiledRenderer {
    /// What a template render inherits from the tag that started it, as swift-mustache's `MustacheContext` does.
    struct Scope {
        /// Where in a sequence the innermost section's row is: set by a sequence, cleared by any other push.
        var position: SequencePosition?
        var indentation: String?
        var overrides: [String: CompiledTemplate]?
        var escaper: Escaper
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()` inside a section over a sequence.
    struct SequencePosition {
        var first: Bool
        var last: Bool
        var index: Int

        func transformed(_ name: String) -> TemplateValue? {
            switch name {
            case "first": .bool(first)
            case "last": .bool(last)
            case "index": .other(index)
            case "even": .bool(index & 1 == 0)
            case "odd": .bool(index & 1 == 1)
            default: nil
            }
        }
    }

    var output: [UInt8] = []
    private(set) var stack: [TemplateValue]
    private let partials: [String: CompiledTemplate]
    /// Partials swift-mustache has that this layer could not compile: using one leaves the page to swift-mustache.
    private let uncompiled: Set<String>

    init(root: TemplateValue, partials: [String: CompiledTemplate], uncompiled: Set<String>) {
        stack = [root]
        stack.reserveCapacity(8)
        self.partials = partials
        self.uncompiled = uncompiled
        output.reserveCapacity(16_384)
    }

    /// Whether this render's output before `end` ends with a line break, as swift-mustache asks of its `String`:
    /// its last `Character` is "\n", so a "\r\n" (one `Character`) is not.
    private func endsLine(at end: Int, start: Int) -> Bool {
        output[end - 1] == UInt8(ascii: "\n") && (end - 1 == start || output[end - 2] != UInt8(ascii: "\r"))
    }

    mutating func render(_ template: CompiledTemplate, scope: Scope) throws(CompiledTemplate.Unsupported) {
        var scope = scope
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for index in template.nodes.indices { try render(template.nodes[index], scope: &scope) }
            return
        }
        // As swift-mustache indents a partial: a node that writes something after a line break of this render's
        // own output starts with the indentation.
        let start = output.count
        for index in template.nodes.indices {
            let before = output.count
            try render(template.nodes[index], scope: &scope)
            if output.count > before, before > start, endsLine(at: before, start: start) {
                output.insert(contentsOf: indentation.utf8, at: before)
            }
        }
    }

    private mutating func render(_ node: CompiledTemplate.Node, scope: inout Scope) throws(CompiledTemplate.Unsupported) {
        switch node {
        case .text(let bytes):
            output.append(contentsOf: bytes)
        case .value(let name, let transforms, let escaped):
            guard let value = try lookUp(name, transforms: transforms, scope: scope) else { return }
            let text = try value.text()
            if escaped { scope.escaper.append(text, to: &output) } else { output.append(contentsOf: text.utf8) }
        case .section(let name, let transforms, let body, let inverted):
            let value = try lookUp(name, transforms: transforms, scope: scope)
            if inverted {
                try renderInverted(value, body: body, scope: scope)
            } else {
                try renderSection(value, body: body, scope: scope)
            }
        case .partial(let name, let indentation, let overrides):
            guard let template = partials[name] else {
                if uncompiled.contains(name) { throw CompiledTemplate.Unsupported() }
                return
            }
            var inner = Scope(position: nil, indentation: Self.indent(scope.indentation, by: indentation),
                              overrides: scope.overrides, escaper: .mustacheDefault)
            // The outermost template's blocks win over those of the parents it names.
            if let overrides { inner.overrides = scope.overrides?.merging(overrides) { outer, _ in outer } ?? overrides }
            try render(template, scope: inner)
        case .block(let name, let defaultBody, let indentation):
            let inner = Scope(position: nil, indentation: Self.indent(scope.indentation, by: indentation),
                              overrides: scope.overrides, escaper: scope.escaper)
            try render(scope.overrides?[name] ?? defaultBody, scope: inner)
        case .contentType(let escaper):
            scope.escaper = escaper
        }
    }

    private static func indent(_ indentation: String?, by more: String?) -> String? {
        guard let more else { return indentation }
        return (indentation ?? "") + more
    }

    private mutating func renderSection(_ value: TemplateValue?, body: CompiledTemplate, scope: Scope) throws(CompiledTemplate.Unsupported) {
        guard let value else { return }
        switch value {
        case .table(let table):
            try renderRows(of: table, body: body, scope: scope)
        case .bool(let flag):
            if flag { try render(body, scope: scope) }
        case .cell, .html:
            if !value.isNull { try push(value, body: body, scope: scope) }
        case .row, .map:
            try push(value, body: body, scope: scope)
        case .list(let elements):
            try renderElements(of: elements, body: body, scope: scope)
        case .other(let object):
            if object is MustacheLambda { throw CompiledTemplate.Unsupported() }
            if let sequence = object as? any MustacheSequence {
                try renderElements(of: Self.classified(sequence), body: body, scope: scope)
            } else if let flag = object as? Bool {
                if flag { try render(body, scope: scope) }
            } else if !value.isNull {
                try push(value, body: body, scope: scope)
            }
        }
    }

    private mutating func renderInverted(_ value: TemplateValue?, body: CompiledTemplate, scope: Scope) throws(CompiledTemplate.Unsupported) {
        guard let value else { return try render(body, scope: scope) }
        switch value {
        case .table(let table):
            if table.count == 0 { try push(value, body: body, scope: scope) }
        case .bool(let flag):
            if !flag { try render(body, scope: scope) }
        case .cell, .html:
            if value.isNull { try render(body, scope: scope) }
        case .row, .map:
            return
        case .list(let elements):
            if elements.isEmpty { try push(value, body: body, scope: scope) }
        case .other(let object):
            if let sequence = object as? any MustacheSequence {
                if Self.isEmpty(sequence) { try push(value, body: body, scope: scope) }
            } else if let flag = object as? Bool {
                if !flag { try render(body, scope: scope) }
            } else if value.isNull {
                try render(body, scope: scope)
            }
        }
    }

    private static func isEmpty(_ sequence: some Sequence) -> Bool {
        var iterator = sequence.makeIterator()
        return iterator.next() == nil
    }

    /// Renders `body` with `value` on top of the stack, outside any sequence.
    private mutating func push(_ value: TemplateValue, body: CompiledTemplate, scope: Scope,
                               position: SequencePosition? = nil) throws(CompiledTemplate.Unsupported) {
        stack.append(value)
        defer { stack.removeLast() }
        var inner = scope
        inner.position = position
        try render(body, scope: inner)
    }

    private mutating func renderRows(of table: TableContext, body: CompiledTemplate, scope: Scope) throws(CompiledTemplate.Unsupported) {
        let count = table.count
        for index in 0..<count {
            let position = SequencePosition(first: index == 0, last: index == count - 1, index: index)
            try push(.row(RowContext(storage: table.storage, index: index)), body: body, scope: scope, position: position)
        }
    }

    /// A sequence that is not one of Tally's lists (a transform's result, a spec test's data), classified here.
    private static func classified(_ sequence: some Sequence) -> [TemplateValue] {
        sequence.map { TemplateValue($0 as Any) }
    }

    /// A list's elements, classified when the list was made: iterated in place, not copied.
    private mutating func renderElements(of elements: [TemplateValue], body: CompiledTemplate, scope: Scope) throws(CompiledTemplate.Unsupported) {
        for index in elements.indices {
            let position = SequencePosition(first: index == 0, last: index == elements.count - 1, index: index)
            try push(elements[index], body: body, scope: scope, position: position)
        }
    }
}
