import Testing
@testable import TallySite

/// `ContentLoader.splitFrontMatter`: the YAML between the `---` lines, the body after them, and the body's first line.
@Suite struct FrontMatterSplitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let yaml: String?
        let body: String
        let bodyLine: Int
        var testDescription: String { text.debugDescription }
    }

    static let cases = [
        Case(text: "No front matter.\n", yaml: nil, body: "No front matter.\n", bodyLine: 1),
        Case(text: "---\ntitle: A\n---\nBody\n", yaml: "title: A", body: "Body\n", bodyLine: 4),
        Case(text: "\u{FEFF}---\ntitle: Café ☕\ndate: 2024-01-01\n---\nBody", yaml: "title: Café ☕\ndate: 2024-01-01", body: "Body", bodyLine: 5),
        Case(text: "---\r\ntitle: A\r\n---\r\nBody\r\n", yaml: "title: A\r", body: "Body\r\n", bodyLine: 4),
        Case(text: "---\n---\nBody", yaml: "", body: "Body", bodyLine: 3),
        Case(text: "---\ntitle: A\n  ---\t \nBody", yaml: "title: A", body: "Body", bodyLine: 4),
        Case(text: "---\ntitle: A\n---", yaml: "title: A", body: "", bodyLine: 4),
        Case(text: "---\ntitle: A\n----\n---\n\nBody", yaml: "title: A\n----", body: "\nBody", bodyLine: 5),
        Case(text: "--- \ntitle: A\n---\n", yaml: nil, body: "--- \ntitle: A\n---\n", bodyLine: 1),
    ]

    @Test(arguments: cases) func splits(_ example: Case) throws {
        let split = try #require(ContentLoader.splitFrontMatter(example.text))
        #expect(split.yaml == example.yaml)
        #expect(split.body == example.body)
        #expect(split.bodyLine == example.bodyLine)
    }

    @Test(arguments: ["---\ntitle: A\n", "---\ntitle: A\n--\nBody", "---\r\n"])
    func frontMatterNeverClosed(text: String) {
        #expect(ContentLoader.splitFrontMatter(text) == nil)
    }
}
