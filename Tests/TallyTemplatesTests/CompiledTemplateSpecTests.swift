import Foundation
import Mustache
import Testing
@testable import TallyTemplates

/// One case of the Mustache spec (github.com/mustache/spec, the copy in Vendor/swift-mustache/Tests/spec/).
private struct SpecCase: Decodable, Sendable, CustomTestStringConvertible {
    let name: String
    let data: SpecValue
    let partials: [String: String]?
    let template: String
    let expected: String
    var file = ""

    private enum CodingKeys: String, CodingKey { case name, data, partials, template, expected }
    var testDescription: String { file + ": " + name }
}

/// JSON as swift-mustache's own spec tests hand it to templates: dictionaries, arrays, strings, numbers, NSNull.
/// Immutable once decoded, so sharing it between parameterized test cases is safe.
private struct SpecValue: Decodable, @unchecked Sendable {
    let value: Any

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { value = NSNull() }
        else if let flag = try? container.decode(Bool.self) { value = flag }
        else if let integer = try? container.decode(Int.self) { value = integer }
        else if let real = try? container.decode(Double.self) { value = real }
        else if let text = try? container.decode(String.self) { value = text }
        else if let list = try? container.decode([SpecValue].self) { value = list.map(\.value) }
        else { value = try container.decode([String: SpecValue].self).mapValues(\.value) }
    }
}

private struct SpecFile: Decodable { let tests: [SpecCase] }

/// The spec files this layer must pass; lambdas are left to swift-mustache (a test below).
private let specFiles = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections",
                         "~inheritance", "~dynamic-names"]
/// The cases swift-mustache itself does not pass (its own SpecTests skip them too).
private let knownFailures: Set = ["Intrinsic indentation", "Nested block reindentation"]

private func specCases() throws -> [SpecCase] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vendor/swift-mustache/Tests/spec")
    return try specFiles.flatMap { file in
        let data = try Data(contentsOf: folder.appendingPathComponent(file + ".json"))
        return try JSONDecoder().decode(SpecFile.self, from: data).tests.map { test in
            var test = test
            test.file = file
            return test
        }.filter { !knownFailures.contains($0.name) }
    }
}

/// Renders a case through the compiled layer; nil when the layer leaves its template to swift-mustache.
private func renderCompiled(_ test: SpecCase) throws -> String? {
    guard let compiled = CompiledTemplate(try MustacheTemplate(string: test.template)) else { return nil }
    var partials = CompiledPartials()
    for (name, text) in test.partials ?? [:] { partials.add(CompiledTemplate(try MustacheTemplate(string: text)), named: name) }
    var renderer = CompiledRenderer(root: TemplateValue(test.data.value), partials: partials.templates,
                                    uncompiled: partials.uncompiled)
    do {
        try renderer.render(compiled, scope: .init(escaper: .mustacheDefault))
    } catch {
        return nil
    }
    return String(decoding: renderer.output, as: UTF8.self)
}

@Suite struct CompiledTemplateSpecTests {
    @Test(arguments: try specCases())
    fileprivate func compiledLayerRendersTheSpecCase(_ test: SpecCase) throws {
        let rendered = try renderCompiled(test)
        if test.file == "~dynamic-names" && rendered == nil {
            // A dynamic partial's name is a value: the layer leaves the template to swift-mustache.
            #expect(test.template.contains("*") || (test.partials ?? [:]).values.contains { $0.contains("*") })
        } else {
            #expect(rendered == test.expected)
        }
    }

    @Test func aLambdaIsLeftToSwiftMustache() throws {
        let compiled = try #require(CompiledTemplate(try MustacheTemplate(string: "Hello, {{lambda}}!")))
        var renderer = CompiledRenderer(root: .other(["lambda": MustacheLambda { "world" }] as [String: Any]),
                                        partials: [:], uncompiled: [])
        #expect(throws: CompiledTemplate.Unsupported.self) { try renderer.render(compiled, scope: .init(escaper: .mustacheDefault)) }
    }
}
