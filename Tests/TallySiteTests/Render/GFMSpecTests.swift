import Foundation
import TallyHTML
import Testing
import TallyMarkdown
import TallySite
import TallyTestSupport

/// The GitHub Flavored Markdown spec as a test suite: every example, rendered by `MarkdownRenderer` and by a full
/// page build, must equal what the `cmark-gfm` command prints with Tally's options, byte for byte, in safe and in
/// raw-HTML mode. Debian's `cmark-gfm` package ships both the command and the spec; `make test` installs it.
///
/// Tally differs from the command on purpose in no example. The command has no switch for footnotes, which Tally
/// turns on, so the suite also checks that no example uses footnote syntax (`[^`), where the two would part.
@Suite struct GFMSpecTests {
    static let specPath = "/usr/share/doc/cmark-gfm/spec.txt.gz"
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// One example of the spec: its number (counted as the spec counts them, from 1) and its Markdown.
    struct Example: Sendable {
        let number: Int
        let markdown: String
    }

    /// The spec's examples. A fence line of 32 backticks and `example` opens one, a lone `.` ends its Markdown,
    /// and `→` stands for a tab.
    static let examples: [Example] = {
        guard let text = try? run("/bin/gzip", ["-dc", specPath]) else { return [] }
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var markdown: [Substring]?
        var inHTML = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(fence + " example") {
                markdown = []
                inHTML = false
            } else if markdown != nil, !inHTML, line == "." {
                inHTML = true
            } else if let lines = markdown, !inHTML {
                markdown = lines + [line]
            } else if let lines = markdown, line == fence {
                let body = lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                examples.append(Example(number: examples.count + 1, markdown: body))
                markdown = nil
            }
        }
        return examples
    }()

    /// Runs a program and returns its standard output; standard input is `input`.
    static func run(_ program: String, _ arguments: [String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    /// What `cmark-gfm` prints for every example, in example order.
    static func reference(rawHTML: Bool) throws -> [String] {
        let options = ["--table-prefer-style-attributes"] + extensions.flatMap { ["-e", $0] } + (rawHTML ? ["--unsafe"] : [])
        return try examples.map { try run("/usr/bin/cmark-gfm", options, input: $0.markdown) }
    }

    @Test func theSpecIsInstalledAndHasEveryExample() {
        #expect(FileManager.default.fileExists(atPath: Self.specPath), "install Debian's cmark-gfm (make test does)")
        #expect(Self.examples.count == 673)
        #expect(Self.examples.filter { $0.markdown.contains("[^") }.map(\.number) == [])
    }

    @Test(arguments: [false, true])
    func theRendererMatchesTheCommand(rawHTML: Bool) throws {
        let renderer = MarkdownRenderer(allowsRawHTML: rawHTML)
        let differing = zip(Self.examples, try Self.reference(rawHTML: rawHTML))
            .filter { renderer.html($0.0.markdown) != $0.1 }.map(\.0.number)
        #expect(!Self.examples.isEmpty)
        #expect(differing == [], "examples that differ from cmark-gfm\(rawHTML ? " --unsafe" : "")")
    }

    /// Each example is a page of one site, with a layout that is only the content, so a page's file holds exactly
    /// what the Mustache pass, cmark-gfm and the placeholders made of the example.
    @Test(arguments: [false, true])
    func aBuiltPageMatchesTheCommand(rawHTML: Bool) throws {
        var files = [
            "tally.yaml": "title: Spec\ndatabase: site.sqlite\nraw_html: \(rawHTML)\n",
            "templates/default.mustache": "{{{content}}}",
        ]
        for example in Self.examples {
            files["content/spec/\(example.number).md"] = "---\ntitle: Example \(example.number)\n---\n" + example.markdown
        }
        let site = try TestSite(files)
        _ = try site.build().get()
        let differing = zip(Self.examples, try Self.reference(rawHTML: rawHTML))
            // A page's headings get ids, which cmark-gfm alone does not write.
            .filter { site.output("spec/\($0.0.number)/index.html").map(Self.withoutScrollBoxes) != HeadingAnchors.addingIDs(to: $0.1).html }
            .map(\.0.number)
        #expect(!Self.examples.isEmpty)
        #expect(differing == [], "built pages that differ from cmark-gfm\(rawHTML ? " --unsafe" : "")")
    }

    /// A page as cmark-gfm alone writes it: without the focusable box a page puts around each table and code block.
    static func withoutScrollBoxes(_ html: String) -> String {
        let box = #"<div class="tally-scroll(?: tally-code)?" role="region" tabindex="0" aria-label="[^"]*">\n((?:.|\n)*?(?:</table>|</code></pre>)\n)</div>\n"#
        guard let pattern = try? NSRegularExpression(pattern: box) else { return html }
        return pattern.stringByReplacingMatches(in: html, range: NSRange(html.startIndex..., in: html), withTemplate: "$1")
    }
}
