import Mustache

extension CompiledRenderer {
    /// The value a tag names, as swift-mustache's `getChild` finds it: `.` is the top of the stack, `.a.b` starts
    /// there, `a.b` climbs the stack for `a`; then the custom representation, then the transforms, innermost first.
    func lookUp(_ name: MustacheName, transforms: [String], scope: Scope) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
        let found: TemplateValue?
        switch name.kind {
        case .implicitIterator:
            found = stack[stack.count - 1]
        case .empty where !transforms.isEmpty:
            // `first()`: the transforms apply to the place in the sequence, not to a value.
            guard let position = scope.position, let innermost = transforms.last,
                  var value = position.transformed(innermost) else { return nil }
            for transform in transforms.dropLast().reversed() {
                guard let transformed = value.transformed(transform) else { return nil }
                value = transformed
            }
            return value
        case .anchored:
            found = try descend(name.components[...], from: stack[stack.count - 1])
        case .empty, .stack:
            found = try climb(name.components)
        }
        guard var value = found?.represented else { return nil }
        for transform in transforms.reversed() {
            guard let transformed = value.transformed(transform) else { return nil }
            value = transformed
        }
        return value
    }

    /// The first entry from the top of the stack that has `names[0]`, then its children by the other names.
    private func climb(_ names: [String]) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
        guard let first = names.first else { return stack[stack.count - 1] }
        for index in stack.indices.reversed() {
            if let child = try stack[index].child(named: first) {
                return try descend(names.dropFirst(), from: child)
            }
        }
        return nil
    }

    private func descend(_ names: ArraySlice<String>, from value: TemplateValue) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
        var value = value
        for name in names {
            guard let child = try value.child(named: name) else { return nil }
            value = child
        }
        return value
    }
}
