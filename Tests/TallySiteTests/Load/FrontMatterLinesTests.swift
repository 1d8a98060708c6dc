import Testing
import Yams
@testable import TallySite

/// `FrontMatterLines` reads the plainest front matter by scanning bytes; it must give exactly what libyaml's events
/// give (`FrontMatterEvents`), and leave every other text to them.
@Suite struct FrontMatterLinesTests {
    static let plainest = [
        "title: \"Page 1: Occaecat\"\ndate: 2024-01-05\ndescription: \"It's here, #1 {{x}}\"\ntags: [tag-10, tag-62]",
        "title: Hello",
        "title: Hello World\nlayout: wide/page",
        "draft: yes\nsitemap: true\nweight: 3\nratio: 1.5\nflag: Off\nodd: YeS\nnothing: null\nnone: Null",
        "tags: []\nsingle: [one]\nmixed: [a.b, c_d, 2024-01-01, 7, true]",
        "quoted: \"\"\nspaced: \"  two  spaces  \"",
        "per_page: 24\npaginate: orgs\nlocale: de-DE",
        "key_2: v2",
    ]

    @Test(arguments: plainest) func givesWhatLibyamlsEventsGive(yaml: String) throws {
        let lines = try #require(FrontMatterLines.pairs(yaml))
        let events = try #require(FrontMatterEvents.pairs(yaml))
        FrontMatterEventsTests.expectSame(lines, events)
    }

    static let leftToLibyaml = [
        "",
        "title: Hello\n",
        "title: Hello\n\ndate: 2024-01-01",
        "# a comment\ntitle: Hello",
        "title: Hello # a comment",
        "title: Hello\r\ndate: 2024-01-01",
        "title:  two spaces before",
        "title: trailing ",
        "title: two  spaces",
        "empty:",
        "title: Café",
        "title: \"Café\"",
        "title: \"a \\\" quote\"",
        "title: \"never closed",
        "title: 'single'",
        "title: a: b",
        "title: -1",
        "title: ~",
        "title: *alias",
        "title: !!str 2024",
        "tags: [a,b]",
        "tags: [ a, b ]",
        "tags: [a b, c]",
        "tags: [a, [b]]",
        "tags: [a, b",
        "tags:\n  - one",
        "Title: capital key",
        "_title: underscore first",
        "a: 1\na: 2",
        "  title: indented",
        "title:\tHello",
        "---",
        "title: x\n---\ndate: y",
    ]

    @Test(arguments: leftToLibyaml) func leavesEverythingElseToLibyaml(yaml: String) {
        #expect(FrontMatterLines.pairs(yaml) == nil)
    }

    @Test func readsWhatTheLoaderHandsIt() throws {
        let text = "---\ntitle: \"Page 3: Dolor\"\ndate: 2024-07-11\ntags: [tag-34, tag-39]\n---\nBody.\n"
        let split = try #require(ContentLoader.splitFrontMatter(text))
        let yaml = try #require(split.yaml)
        let pairs = try #require(FrontMatterLines.pairs(yaml))
        #expect(pairs.map(\.key) == ["title", "date", "tags"])
        let matter = try FrontMatter.parse(yaml, file: "a.md", lineOffset: 1).get()
        #expect(matter.title == "Page 3: Dolor")
        #expect(matter.tags == ["tag-34", "tag-39"])
        #expect(matter.lines["tags"] == 4)
    }
}
