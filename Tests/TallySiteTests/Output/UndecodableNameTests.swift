import Foundation
import Testing
import TallySite
import TallyTestSupport

/// Files whose names are not UTF-8 (a Latin-1 "café" from an old archive): no `String` names them, so each walk gets
/// their bytes. In the output they are strays the next build removes; among a site's sources they are an error
/// naming the file; and adding one is a change the build stamp sees.
@Suite struct UndecodableNameTests {
    /// "café" in Latin-1: 0xE9 alone is not UTF-8.
    static let latin1Cafe: [UInt8] = Array("caf".utf8) + [0xE9]
    static let shownCafe = "caf\u{FFFD}"

    /// Creates `folder/relative` (a path by its bytes) with `text`, or a folder when `text` is nil.
    static func create(_ relative: [UInt8], in folder: URL, text: String? = nil) throws {
        let path = (Array(folder.path.utf8) + [UInt8(ascii: "/")] + relative + [0]).map { CChar(bitPattern: $0) }
        guard let text else { return try #require(mkdir(path, 0o755) == 0) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// A build as `tally build` runs it: incremental, and up to date when nothing changed.
    static func build(_ site: TestSite) -> Result<BuildSummary, BuildFailure> {
        var options = BuildOptions(root: site.root)
        options.stamp = .reuse
        return SiteBuilder.build(options)
    }

    /// The names in `folder`, as `ls` would list them (each byte that is not UTF-8 as U+FFFD).
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func strayFilesAndFoldersWithSuchNamesLeaveTheOutputOnTheNextBuild() throws {
        let site = try TestSite(["content/index.md": "Home", "content/about.md": "About"])
        _ = try Self.build(site).get()
        let output = site.root.appendingPathComponent("public")
        let before = (Self.names(in: output), Self.names(in: output.appendingPathComponent("about")))
        try Self.create(Self.latin1Cafe + Array(".txt".utf8), in: output, text: "stray")
        try Self.create(Self.latin1Cafe, in: output.appendingPathComponent("about"))
        try Self.create(Self.latin1Cafe + Array("/inside.html".utf8), in: output.appendingPathComponent("about"), text: "stray")
        #expect(Self.names(in: output).contains(Self.shownCafe + ".txt"))
        let summary = try Self.build(site).get()
        #expect(summary.pagesKept == 2)
        #expect((Self.names(in: output), Self.names(in: output.appendingPathComponent("about"))) == before)
        #expect(site.output("about/index.html")?.contains("About") == true)
    }

    @Test(arguments: [
        ("content", Array(".md".utf8), "content/\(shownCafe).md"),
        ("content", Array(".json.sql".utf8), "content/\(shownCafe).json.sql"),
        ("templates", Array(".mustache".utf8), "templates/\(shownCafe).mustache"),
        ("static", Array(".txt".utf8), "static/\(shownCafe).txt"),
        ("views", Array(".sql".utf8), "views/\(shownCafe).sql"),
        ("content", [], "content/\(shownCafe)"),
    ])
    func aSourceWithSuchANameIsNamedInAnError(_ folder: String, _ suffix: [UInt8], _ shown: String) throws {
        let site = try TestSite(["content/index.md": "Home", "static/style.css": "p {}"])
        let parent = site.root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        if suffix.isEmpty {
            try Self.create(Self.latin1Cafe, in: parent)
        } else {
            try Self.create(Self.latin1Cafe + suffix, in: parent, text: suffix == Array(".json.sql".utf8) ? "SELECT 1 AS one" : "Text")
        }
        #expect(site.errors() == [
            "\(shown): error: the name is not UTF-8 text (shown here with � for each byte that is not)\n  hint: rename it: Tally reads file and folder names as UTF-8, since it makes URLs and links from them",
        ])
    }

    /// A content file Tally does not read (an image beside the pages) may have any name.
    @Test func aFileTheBuildDoesNotReadIsLeftAlone() throws {
        let site = try TestSite(["content/index.md": "Home"])
        try Self.create(Self.latin1Cafe + Array(".png".utf8), in: site.root.appendingPathComponent("content"), text: "")
        _ = try site.build().get()
    }

    /// The build stamp counts such a file, so the build after it is added runs (and says what is wrong) rather than
    /// finding the site up to date.
    @Test func addingOneIsAChangeTheStampSees() throws {
        let site = try TestSite(["content/index.md": "Home"])
        _ = try Self.build(site).get()
        #expect(try Self.build(site).get().upToDate)
        try Self.create(Self.latin1Cafe + Array(".md".utf8), in: site.root.appendingPathComponent("content"), text: "Hi")
        guard case .failure(let failure) = Self.build(site) else {
            Issue.record("the build found the site up to date")
            return
        }
        #expect(failure.diagnostics.map(\.file) == ["content/\(Self.shownCafe).md"])
    }
}
