import Testing
import Yams
@testable import TallySite

/// `FrontMatterEvents` reads simple front matter from libyaml's events; it must give what Yams' composed nodes
/// give, and leave every other text to Yams.
@Suite struct FrontMatterEventsTests {
    static let simple = [
        "",
        "# only a comment\n",
        "title: Hello\n",
        "title: \"Page 1: Occaecat\"\ndate: 2024-01-05\ndescription: 'It''s here'\ntags: [tag-10, tag-62]\n",
        "draft: yes\nsitemap: \"true\"\nweight: 3\nratio: 1.5\nflag: Off\nodd: YeS\nempty:\n",
        "tags:\n  - one\n  - \"two\"\n  - 3\nnote: |\n  a block\n  of text\n",
        "  title: indented\n  date: 2024-01-01\n",
        "title: Café ☕ über\nquoted: \"a \\u00e9 b\"\n",
        "---\ntitle: explicit start\n",
    ]

    @Test(arguments: simple) func givesWhatYamsComposes(yaml: String) throws {
        let fast = try #require(FrontMatterEvents.pairs(yaml))
        let composed = try FrontMatter.composedPairs(yaml, file: "a.md", lineOffset: 0).get()
        Self.expectSame(fast, composed)
    }

    /// The same keys, lines, columns and values, as Tally reads them.
    static func expectSame(_ mine: [FrontMatterPair], _ theirs: [FrontMatterPair], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(mine.map(\.key) == theirs.map(\.key), sourceLocation: sourceLocation)
        #expect(mine.map(\.keyLine) == theirs.map(\.keyLine), sourceLocation: sourceLocation)
        #expect(mine.map(\.valueLine) == theirs.map(\.valueLine), sourceLocation: sourceLocation)
        #expect(mine.map(\.valueColumn) == theirs.map(\.valueColumn), sourceLocation: sourceLocation)
        for (one, other) in zip(mine, theirs) {
            #expect(describe(one.value) == describe(other.value), "\(one.key)", sourceLocation: sourceLocation)
        }
    }

    static let leftToYams = [
        "title: [unclosed\n",
        "title: \"never closed\n",
        "a: 1\na: 2\n",
        "base: &b text\nother: *b\n",
        "when: !!str 2024\n",
        "nested:\n  key: value\n",
        "list:\n  - [a, b]\n",
        "- just\n- a list\n",
        "plain text\n",
        "a: 1\n---\nb: 2\n",
    ]

    @Test(arguments: leftToYams) func leavesEverythingElseToYams(yaml: String) {
        #expect(FrontMatterEvents.pairs(yaml) == nil)
    }

    /// A node's text, tag, style and items: what Tally reads of it.
    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return "\(scalar.string)|\(scalar.tag)|\(scalar.style)|\(node.bool as Any)|\(node.int as Any)|\(node.float as Any)"
        case .sequence(let sequence): return "[" + sequence.map(describe).joined(separator: ", ") + "]|\(sequence.tag)|\(sequence.style)"
        case .mapping: return "mapping"
        case .alias: return "alias"
        }
    }
}
