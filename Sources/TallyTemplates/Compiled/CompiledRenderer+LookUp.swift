extension CompiledRenderer {
    /// The value a tag names, as swift-mustache's `getChild` finds it: `.` is the top of the stack, `.a.b` starts
    /// there, `a.b` climbs the stack for `a`; then the custom representation, then the transforms, innermost first.
    func lookUp(_ name: CompiledName, transforms: [String], scope: Scope) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
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
            found = try descend(name, from: 0, value: stack[stack.count - 1])
        case .empty, .stack:
            found = try climb(name)
        }
        guard var value = found?.represented else { return nil }
        for transform in transforms.reversed() {
            guard let transformed = value.transformed(transform) else { return nil }
            value = transformed
        }
        return value
    }

    /// The first entry from the top of the stack that has `names[0]`, then its children by the other names.
    private func climb(_ name: CompiledName) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
        guard let first = name.components.first else { return stack[stack.count - 1] }
        for index in stack.indices.reversed() {
            if let child = try stack[index].child(named: first, number: name.numbers[0]) {
                return try descend(name, from: 1, value: child)
            }
        }
        return nil
    }

    /// `value`'s children by the name's components from `start` on.
    private func descend(_ name: CompiledName, from start: Int, value: TemplateValue) throws(CompiledTemplate.Unsupported) -> TemplateValue? {
        var value = value
        for index in start..<name.components.count {
            guard let child = try value.child(named: name.components[index], number: name.numbers[index]) else { return nil }
            value = child
        }
        return value
    }
}
