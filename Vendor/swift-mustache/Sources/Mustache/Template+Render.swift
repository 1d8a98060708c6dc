//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import Foundation

extension MustacheTemplate {
    /// Render template using object
    /// - Parameters:
    ///   - stack: Object
    ///   - context: Context that render is occurring in. Contains information about position in sequence
    ///   - indentation: indentation of partial
    /// - Returns: Rendered text
    func render(context: MustacheContext) -> String {
        var string = ""
        self.render(context: context, into: &string)
        return string
    }

    /// Renders onto the end of `output`: sections and partials write into their caller's text rather than
    /// returning a string of their own that the caller then copies.
    func render(context: MustacheContext, into output: inout String) {
        var context = context

        if let indentation = context.indentation, indentation != "" {
            var string = ""
            for token in tokens {
                var renderedString = ""
                self.renderToken(token, context: &context, into: &renderedString)
                // if rendered string is not empty and we are on a new line
                if renderedString.count > 0, string.last == "\n" {
                    string += indentation
                }
                string += renderedString
            }
            output += string
        } else {
            // By index: each token is passed in place, where iterating would copy it (and retain its payload).
            for index in tokens.indices {
                self.renderToken(tokens[index], context: &context, into: &output)
            }
        }
    }

    func renderToken(_ token: Token, context: inout MustacheContext, into output: inout String) {
        switch token {
        case .text(let text):
            output += text

        case .variable(let variable, let transforms):
            if let child = getChild(named: variable, transforms: transforms, context: context) {
                let conformances = context.conformances.of(child)
                if conformances.contains(.template), let template = child as? MustacheTemplate {
                    template.render(context: context, into: &output)
                } else if conformances.contains(.customRenderable), let renderable = context.conformances.renderable(child) {
                    output += context.contentType.escapeText(renderable.renderText)
                } else if conformances.contains(.lambda), let lambda = child as? MustacheLambda {
                    output += self.renderLambda(lambda, parameter: "", context: context)
                } else {
                    output += context.contentType.escapeText(String(describing: unwrapIfAnyContainsOptional(child)))
                }
            }

        case .unescapedVariable(let variable, let transforms):
            if let child = getChild(named: variable, transforms: transforms, context: context) {
                let conformances = context.conformances.of(child)
                if conformances.contains(.customRenderable), let renderable = context.conformances.renderable(child) {
                    output += renderable.renderText
                } else if conformances.contains(.lambda), let lambda = child as? MustacheLambda {
                    output += self.renderUnescapedLambda(lambda, parameter: "", context: context)
                } else {
                    output += String(describing: unwrapIfAnyContainsOptional(child))
                }
            }

        case .section(let variable, let transforms, let template):
            let child = self.getChild(named: variable, transforms: transforms, context: context)
            if let child, context.conformances.of(child).contains(.lambda), let lambda = child as? MustacheLambda {
                output += self.renderUnescapedLambda(lambda, parameter: template.text, context: context)
                return
            }
            self.renderSection(child, with: template, context: context, into: &output)

        case .invertedSection(let variable, let transforms, let template):
            let child = self.getChild(named: variable, transforms: transforms, context: context)
            self.renderInvertedSection(child, with: template, context: context, into: &output)

        case .blockExpansion(let name, let defaultTemplate, let indented):
            if let override = context.inherited?[name] {
                override.render(context: context.withBlockExpansion(indented: indented), into: &output)
            } else {
                defaultTemplate.render(context: context.withBlockExpansion(indented: indented), into: &output)
            }

        case .partial(let name, let indentation, let overrides):
            if var template = context.library?.getTemplate(named: name) {
                #if DEBUG
                if context.reloadPartials {
                    guard let filename = template.filename else {
                        preconditionFailure("Can only use reload if template was generated from a file")
                    }
                    do {
                        guard let partialTemplate = try MustacheTemplate(filename: filename) else {
                            output += "Cannot find template at \(filename)"
                            return
                        }
                        template = partialTemplate
                    } catch {
                        output += "\(error)"
                        return
                    }
                }
                #endif
                template.render(context: context.withPartial(indented: indentation, inheriting: overrides), into: &output)
            }

        case .dynamicNamePartial(let name, let indentation, let overrides):
            let child = self.getChild(named: name, transforms: [], context: context)
            guard let childName = child as? String else {
                return
            }
            if var template = context.library?.getTemplate(named: childName) {
                #if DEBUG
                if context.reloadPartials {
                    guard let filename = template.filename else {
                        preconditionFailure("Can only use reload if template was generated from a file")
                    }
                    do {
                        guard let partialTemplate = try MustacheTemplate(filename: filename) else {
                            output += "Cannot find template at \(filename)"
                            return
                        }
                        template = partialTemplate
                    } catch {
                        output += "\(error)"
                        return
                    }
                }
                #endif
                template.render(context: context.withPartial(indented: indentation, inheriting: overrides), into: &output)
            }

        case .contentType(let contentType):
            context = context.withContentType(contentType)

        case .blockDefinition:
            fatalError("Should not be rendering block definitions")
        }
    }

    /// Render a section
    /// - Parameters:
    ///   - child: Object to render section for
    ///   - parent: Current object being rendered
    ///   - template: Template to render with
    /// - Returns: Rendered text
    func renderSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext) -> String {
        var string = ""
        self.renderSection(child, with: template, context: context, into: &string)
        return string
    }

    func renderSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, into output: inout String) {
        guard let child else { return }
        let conformances = context.conformances.of(child)
        if conformances.contains(.sequence), let array = child as? any MustacheSequence {
            array.renderSection(with: template, context: context, into: &output)
        } else if conformances.contains(.bool), let bool = child as? Bool {
            if bool { template.render(context: context, into: &output) }
        } else if conformances.contains(.customRenderable), context.conformances.renderable(child)?.isNull == true {
            return
        } else {
            template.render(context: context.withObject(child), into: &output)
        }
    }

    /// Render an inverted section
    /// - Parameters:
    ///   - child: Object to render section for
    ///   - parent: Current object being rendered
    ///   - template: Template to render with
    /// - Returns: Rendered text
    func renderInvertedSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, into output: inout String) {
        guard let child else {
            template.render(context: context, into: &output)
            return
        }
        let conformances = context.conformances.of(child)
        if conformances.contains(.sequence), let array = child as? any MustacheSequence {
            array.renderInvertedSection(with: template, context: context, into: &output)
        } else if conformances.contains(.bool), let bool = child as? Bool {
            if !bool { template.render(context: context, into: &output) }
        } else if conformances.contains(.customRenderable), context.conformances.renderable(child)?.isNull == true {
            template.render(context: context, into: &output)
        }
    }

    func renderLambda(_ lambda: MustacheLambda, parameter: String, context: MustacheContext) -> String {
        var lambda = lambda
        while true {
            guard let result = lambda(parameter) else { return "" }
            if let string = result as? String {
                do {
                    let newTemplate = try MustacheTemplate(string: context.contentType.escapeText(string))
                    return self.renderSection(context.stack.last?.object, with: newTemplate, context: context)
                } catch {
                    return ""
                }
            } else if let lambda2 = result as? MustacheLambda {
                lambda = lambda2
                continue
            } else {
                return context.contentType.escapeText(String(describing: unwrapIfAnyContainsOptional(result)))
            }
        }
    }

    func renderUnescapedLambda(_ lambda: MustacheLambda, parameter: String, context: MustacheContext) -> String {
        var lambda = lambda
        while true {
            guard let result = lambda(parameter) else { return "" }
            if let string = result as? String {
                do {
                    let newTemplate = try MustacheTemplate(string: string)
                    return self.renderSection(context.stack.last?.object, with: newTemplate, context: context)
                } catch {
                    return ""
                }
            } else if let lambda2 = result as? MustacheLambda {
                lambda = lambda2
                continue
            } else {
                return String(describing: unwrapIfAnyContainsOptional(result))
            }
        }
    }

    /// Get child object from variable name
    func getChild(named name: MustacheName, transforms: [String], context: MustacheContext) -> Any? {
        func _getImmediateChild(named name: String, from object: Any) -> Any? {
            MustacheStackEntry(object, conformances: context.conformances).child(named: name)
        }

        func _getChild(named names: ArraySlice<String>, from object: Any) -> Any? {
            guard let name = names.first else { return object }
            var object = object
            if context.conformances.of(object).contains(.lambda), let lambda = object as? MustacheLambda {
                guard let result = lambda("") else { return nil }
                object = result
            }
            guard let childObject = _getImmediateChild(named: name, from: object) else { return nil }
            let names2 = names.dropFirst()
            return _getChild(named: names2, from: childObject)
        }

        func _getChildInStack(named names: ArraySlice<String>, from stack: [MustacheStackEntry]) -> Any? {
            guard let name = names.first else { return stack.last?.object }
            // By index: the entries are read in place, not copied (three existentials each) per level.
            for index in stack.indices.reversed() {
                if let childObject = stack[index].child(named: name) {
                    let names2 = names.dropFirst()
                    return _getChild(named: names2, from: childObject)
                }
            }
            return nil
        }

        // work out which object to access. "." means the current object, if the variable name is ""
        // and we have a transform to run on the variable then we need the context object, otherwise
        // the name (split by "." when the template was parsed) is looked up child by child. If we cannot find
        // the root object we look up the context stack until we can find one with a matching name. The
        // stack climbing can be disabled by prefixing the variable name with a "."
        let found: Any?
        switch name.kind {
        case .implicitIterator:
            found = context.stack.last!.object
        case .empty where !transforms.isEmpty:
            found = context.sequenceContext
        case .anchored:
            found = _getChild(named: name.components[...], from: context.stack.last!.object)
        case .empty, .stack:
            found = _getChildInStack(named: name.components[...], from: context.stack)
        }

        // skip transforms if child is nil (the value found, or its custom representation)
        guard var child = found else {
            return nil
        }
        if context.conformances.of(child).contains(.customRepresentation),
            let custom = child as? MustacheCustomRepresentation
        {
            guard let representation = custom.representation else { return nil }
            child = representation
        }

        // if we want to run a transform and the current child can have transforms applied to it then
        // run transform on the current child
        for transform in transforms.reversed() {
            if let runnable = context.conformances.transformable(child),
                let transformed = runnable.transform(transform)
            {
                child = transformed
                continue
            }

            // return nil if transform is unsuccessful or has returned nil
            return nil
        }
        return child
    }

    private func unwrapIfAnyContainsOptional(_ value: Any) -> Any {
        guard let opt = value as? AnyOptional else { return value }
        return opt.anyWrapped ?? value  // nil? keep the original Optional.none
    }
}
