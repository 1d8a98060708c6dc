import Foundation
import Testing

/// `tally docs`: the docs compiled into the binary, which must be docs/ as it is in the repository.
@Suite struct DocsCommandTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static func topicsOnDisk() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .map { String($0.dropLast(3)) }.sorted()
    }

    /// A stale copy fails here: run `make docs-embed` after changing docs/.
    @Test func everyTopicIsTheFileInDocsAsItIsNow() throws {
        for topic in try Self.topicsOnDisk() {
            let printed = try tally(["docs", topic])
            let file = try String(contentsOf: Self.docs.appendingPathComponent(topic + ".md"), encoding: .utf8)
            #expect(printed.status == 0)
            #expect(printed.stdout == file, "docs/\(topic).md differs from the embedded copy: run `make docs-embed`")
        }
    }

    @Test func withoutATopicItListsEachTopicWithItsTitle() throws {
        let listed = try tally(["docs"])
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.first == "Topics (tally docs TOPIC prints one, tally docs TOPIC#section one section of it):")
        #expect(lines.dropFirst().map { String($0.split(separator: " ").first ?? "") } == (try Self.topicsOnDisk()))
        #expect(lines.contains("  database      The database contract"))
    }

    /// Every `tally docs TOPIC#section` that a hint names prints that section, from its heading to the next of its level.
    @Test(arguments: ["content#helpers", "content#views-queries-pages-share", "charts#table-blocks", "import#sources", "config#feeds"])
    func theSectionsHintsNameExist(_ anchor: String) throws {
        let printed = try tally(["docs", anchor])
        #expect(printed.status == 0)
        #expect(printed.stdout.hasPrefix("## "))
        #expect(!printed.stdout.dropFirst().contains("\n## "))
    }

    /// Every second-level heading of every topic is a section `tally docs TOPIC#slug` prints: as many as cmark-gfm
    /// finds in the file, so a line the lookup takes for a code fence (one that starts with inline code,
    /// ```` ```sql x ````) cannot hide the headings after it.
    @Test func everySecondLevelHeadingIsASection() throws {
        for topic in try Self.topicsOnDisk() {
            let file = Self.docs.appendingPathComponent(topic + ".md")
            let markdown = try String(contentsOf: file, encoding: .utf8)
            let cmark = Process()
            cmark.executableURL = URL(fileURLWithPath: "/usr/bin/cmark-gfm")
            cmark.arguments = [file.path]
            let output = Pipe()
            cmark.standardOutput = output
            try cmark.run()
            let html = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            cmark.waitUntilExit()
            let headings = html.components(separatedBy: "<h2>").count - 1
            var found = 0
            for line in markdown.split(separator: "\n") where line.hasPrefix("## ") {
                let printed = try tally(["docs", topic + "#" + DocsCommandTests.slug(line.dropFirst(3))])
                if printed.status == 0, printed.stdout.split(separator: "\n").first == line { found += 1 }
            }
            #expect(found == headings, "docs/\(topic).md: \(found) of its \(headings) second-level headings are sections")
        }
    }

    /// GitHub's anchor, as `DocsCommand.slug` makes it.
    static func slug(_ heading: Substring) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            character == " " ? "-" : (character.isLetter || character.isNumber || character == "-" || character == "_") ? character : nil
        })
    }

    @Test func anUnknownTopicOrSectionIsAnErrorWithTheNearestName() throws {
        let topic = try tally(["docs", "databse"])
        #expect(topic.status == 1)
        #expect(topic.stdout == "")
        let names = try Self.topicsOnDisk().joined(separator: ", ")
        #expect(topic.stderr == "error: there is no docs topic `databse`\n  hint: did you mean `database`? the topics are \(names)\n")
        let section = try tally(["docs", "config#feedz"])
        #expect(section.status == 1)
        #expect(section.stderr == "error: docs topic `config` has no section `#feedz`\n  hint: `tally docs config` prints the whole topic\n")
    }
}
