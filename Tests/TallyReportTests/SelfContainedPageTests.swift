import Foundation
import TallyTestFolder
import Testing
@testable import TallyReport
import TallySite

/// `SelfContainedPage`, the inlining behind `tally report`, on markup the tokenizer must read right.
@Suite struct SelfContainedPageTests {
    /// Inlines `html` against a built folder holding `/css/a.css` and `/i.svg`.
    func inline(_ html: String, absoluteBase: String? = "https://giving.example/", basePath: String = "/") throws -> String {
        let output = TestFolder.make("tally-inline")
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output.appendingPathComponent("css"), withIntermediateDirectories: true)
        try Data("b{color:red}</style>".utf8).write(to: output.appendingPathComponent("css/a.css"))
        try Data("<svg/>".utf8).write(to: output.appendingPathComponent("i.svg"))
        return try SelfContainedPage(output: output, absoluteBase: absoluteBase, basePath: basePath).inline(html)
    }

    @Test(arguments: [
        (#"<link rel="stylesheet" href="/css/a.css"><p>x</p>"#, #"<style>b{color:red}<\/style></style><p>x</p>"#),
        (#"<LINK REL="Stylesheet" HREF='/css/a.css'>"#, #"<style>b{color:red}<\/style></style>"#),
        (#"<link rel="icon" href="/i.svg" type="image/svg+xml">"#, #"<link rel="icon" href="data:image/svg+xml;base64,PHN2Zy8+" type="image/svg+xml">"#),
        (#"<link rel="alternate" href="/feed.xml"><link rel="stylesheet" href="https://cdn.example/x.css">"#,
         #"<link rel="stylesheet" href="https://cdn.example/x.css">"#),
        (#"<img alt="a > b" src="/i.svg">"#, #"<img alt="a > b" src="data:image/svg+xml;base64,PHN2Zy8+">"#),
        (##"<a href="/orgs/?a=1&amp;b=2">o</a> <a href="#top">t</a>"##,
         ##"<a href="https://giving.example/orgs/?a=1&amp;b=2">o</a> <a href="#top">t</a>"##),
        (#"<p>a</p><script>document.write("</div><img src='/x.png'>")</script><p>b</p>"#, "<p>a</p><p>b</p>"),
        (#"<SCRIPT src="/app.js"></SCRIPT><p>c</p><script>never closed"#, "<p>c</p>"),
        (#"<!-- <img src="/missing.png"> --><p>d</p>"#, #"<!-- <img src="/missing.png"> --><p>d</p>"#),
    ])
    func inlinesStylesAndImagesAndDropsScripts(html: String, expected: String) throws {
        #expect(try inline(html) == expected)
    }

    @Test func withoutAnAbsoluteBaseLinksIntoTheSiteBecomeText() throws {
        #expect(try inline(#"<a class="x" href="/orgs/">o</a>"#, absoluteBase: nil) == #"<a class="x">o</a>"#)
    }

    @Test func theBasePathIsNotPartOfTheFilesPath() throws {
        #expect(try inline(#"<img src="/repo/i.svg"><a href="/repo/orgs/">o</a>"#, basePath: "/repo/")
                == #"<img src="data:image/svg+xml;base64,PHN2Zy8+"><a href="https://giving.example/orgs/">o</a>"#)
    }

    @Test func aFileTheBuildDidNotWriteIsAProblem() {
        #expect(throws: SelfContainedPage.Problem.missingFile("/css/gone.css")) {
            try inline(#"<link rel="stylesheet" href="/css/gone.css">"#)
        }
    }
}
