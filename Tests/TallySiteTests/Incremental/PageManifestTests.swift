import Foundation
import Testing
@testable import TallySite

/// The incremental record beside the output: written a block at a time, each page stamped as its line is
/// written, and read back as it was.
@Suite struct PageManifestTests {
    private func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("page-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("public/orgs/a"), withIntermediateDirectories: true)
        try Data("<p>a</p>".utf8).write(to: root.appendingPathComponent("public/orgs/a/index.html"))
        try Data("x,y\n".utf8).write(to: root.appendingPathComponent("public/orgs/a/gifts.csv"))
        return root
    }

    private func manifest(pages: [String: PageManifest.Page]) -> PageManifest {
        var manifest = PageManifest()
        manifest.global = ["binary": "b1", "config": "c1"]
        manifest.sources = ["content/orgs/[slug].md": ["content": "d1", "table donations": "d2"]]
        manifest.snapshot = "12:34"
        manifest.pages = pages
        return manifest
    }

    @Test func aSavedManifestReadsBackWithEachFileStampedAsItIsNow() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        let page = PageManifest.Page(source: "content/orgs/[slug].md", params: "p1", results: "listing 3 r1",
                                     files: [OutputFileStamp(path: "orgs/a/index.html", stamp: ""),
                                             OutputFileStamp(path: "orgs/a/gifts.csv", stamp: "")])
        manifest(pages: ["/orgs/a/": page]).save(beside: output, stampingFilesIn: output.path)

        let loaded = try #require(PageManifest.load(beside: output))
        let stamped = [OutputFileStamp.current("orgs/a/index.html", in: output.path), OutputFileStamp.current("orgs/a/gifts.csv", in: output.path)]
        #expect(loaded == manifest(pages: ["/orgs/a/": PageManifest.Page(source: page.source, params: "p1", results: "listing 3 r1",
                                                                          files: stamped.compactMap { $0 })]))
        #expect(loaded.pages["/orgs/a/"]?.listingPages == 3 && loaded.pages["/orgs/a/"]?.params == "p1")
        #expect(!FileManager.default.fileExists(atPath: PageManifest.file(for: output).path + ".partial"))
    }

    /// A page whose file is gone, or whose URL would not read back, is left out: it renders next time.
    @Test func aPageWithAMissingFileOrATabInItsPathIsLeftOut() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        func page(_ file: String) -> PageManifest.Page {
            PageManifest.Page(source: "content/orgs/[slug].md", params: "p", results: "r", files: [OutputFileStamp(path: file, stamp: "")])
        }
        manifest(pages: ["/orgs/a/": page("orgs/a/index.html"), "/orgs/b/": page("orgs/b/index.html"),
                         "/orgs/a\tb/": page("orgs/a/index.html")]).save(beside: output, stampingFilesIn: output.path)
        #expect(try #require(PageManifest.load(beside: output)).pages.keys.sorted() == ["/orgs/a/"])
    }

    /// The record as the text the next build reads: one line a page, grouped under its content file.
    @Test func theTextGroupsPagesUnderTheirContentFileInPathOrder() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        func page(_ params: String) -> PageManifest.Page {
            PageManifest.Page(source: "content/orgs/[slug].md", params: params, results: "r", files: [OutputFileStamp(path: "orgs/a/index.html", stamp: "s")])
        }
        manifest(pages: ["/orgs/b/": page("p2"), "/orgs/a/": page("p1")]).save(beside: output)
        #expect(try String(contentsOf: PageManifest.file(for: output), encoding: .utf8) == """
            tally-pages 3
            snapshot\t12:34
            global\tbinary\tb1
            global\tconfig\tc1
            source\tcontent/orgs/[slug].md
            input\tcontent\td1
            input\ttable donations\td2
            page\t/orgs/a/\tp1\tr\torgs/a/index.html\ts
            page\t/orgs/b/\tp2\tr\torgs/a/index.html\ts

            """)
    }
}
