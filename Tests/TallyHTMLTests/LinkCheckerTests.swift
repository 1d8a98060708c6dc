import Foundation
import TallyTestFolder
import Testing
import TallyHTML

@Suite struct LinkCheckerTests {
    /// Writes `files` into a fresh folder and checks it.
    func check(_ files: [String: String], basePath: String = "/") throws -> LinkReport {
        let folder = TestFolder.make("tally-links")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return LinkChecker(basePath: basePath).check(output: folder)
    }

    @Test func acceptsWorkingLinksAnchorsAndAssets() throws {
        let report = try check([
            "index.html": """
                <title>Home</title><a href="/orgs/">a</a><a href="/orgs">b</a><a href="orgs/#amf">c</a>
                <a href="#top">d</a><a href="https://example.org/nope/">e</a><img src="/logo.svg"><a href="/logo.svg#x">f</a>
                """,
            "orgs/index.html": #"<title>Orgs</title><h2 id="amf">AMF</h2><a href="../">home</a>"#,
            "logo.svg": "<svg/>",
        ])
        #expect(report.problems == [])
        #expect(report.htmlFiles == 2)
        #expect(report.internalReferences == 7)
    }

    @Test func reportsEachKindOfProblemAtItsURL() throws {
        let report = try check([
            "index.html": """
                <title>Home</title>
                <a href="/nope/">a</a> <a href="/orgs/#missing">b</a> <img src="/img/gone.png"> <a href="../../up/">c</a>
                """,
            "orgs/index.html": "<p>no title</p>",
            "about/index.html": "<title> </title>",
        ])
        #expect(report.problems == [
            LinkProblem(file: "about/index.html", line: 0, column: 1, url: "", role: nil, reason: .emptyTitle),
            LinkProblem(file: "index.html", line: 2, column: 10, url: "/nope/", role: .link, reason: .noTarget(path: "/nope/")),
            LinkProblem(file: "index.html", line: 2, column: 33, url: "/orgs/#missing", role: .link,
                        reason: .noAnchor(path: "/orgs/", fragment: "missing")),
            LinkProblem(file: "index.html", line: 2, column: 65, url: "/img/gone.png", role: .asset, reason: .noTarget(path: "/img/gone.png")),
            LinkProblem(file: "index.html", line: 2, column: 90, url: "../../up/", role: .link, reason: .aboveRoot),
            LinkProblem(file: "orgs/index.html", line: 0, column: 1, url: "", role: nil, reason: .noTitle),
        ])
    }

    @Test func servesTheSiteBelowItsBasePath() throws {
        let report = try check([
            "index.html": #"<title>Home</title><a href="/repo/orgs/">ok</a><a href="/orgs/">outside</a>"#,
            "orgs/index.html": "<title>Orgs</title>",
        ], basePath: "/repo/")
        #expect(report.problems == [
            LinkProblem(file: "index.html", line: 1, column: 57, url: "/orgs/", role: .link, reason: .outsideBasePath),
        ])
    }

    @Test func skipsHiddenEntriesOfTheOutput() throws {
        let report = try check([".git/x.html": "<a href=\"/nope/\">", "index.html": "<title>x</title>"])
        #expect(report.htmlFiles == 1)
        #expect(report.problems.isEmpty)
    }
}
