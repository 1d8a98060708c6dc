import Foundation
import TallyTestFolder
import Testing
@testable import TallySite

/// The incremental record beside the output: written a block at a time, each page stamped as its line is
/// written, and read back as it was.
@Suite struct PageManifestTests {
    private func folder() throws -> URL {
        let root = TestFolder.make("page-manifest")
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

    /// A file whose recorded stamp the commit left as it was keeps it, without a `stat`; a page rendered by this
    /// build (no stamp yet) is stamped as its file now is.
    @Test func onlyFilesWhoseStampsNoLongerHoldAreStampedAgain() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        let kept = PageManifest.Page(source: "content/orgs/[slug].md", params: "p1", results: "r1",
                                     files: [OutputFileStamp(path: "orgs/a/gifts.csv", stamp: "1:2:3:4")])
        let rendered = PageManifest.Page(source: "content/orgs/[slug].md", params: "p2", results: "r2",
                                         files: [OutputFileStamp(path: "orgs/a/index.html", stamp: "")])
        manifest(pages: ["/orgs/k/": kept, "/orgs/a/": rendered]).save(beside: output, stampingFilesIn: output.path, trusting: { _ in true })
        let loaded = try #require(PageManifest.load(beside: output))
        #expect(loaded.pages["/orgs/k/"] == kept)
        #expect(loaded.pages["/orgs/a/"]?.files == [OutputFileStamp.current("orgs/a/index.html", in: output.path)].compactMap { $0 })
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
        var saved = manifest(pages: ["/orgs/b/": page("p2"), "/orgs/a/": page("p1")])
        saved.siteFiles = ["sitemap": PageManifest.SiteFile(inputs: "i1", files: [OutputFileStamp(path: "sitemap.xml", stamp: "1:2:3:4")])]
        saved.save(beside: output)
        #expect(try String(contentsOf: PageManifest.file(for: output), encoding: .utf8) == """
            tally-pages 4
            snapshot\t12:34
            global\tbinary\tb1
            global\tconfig\tc1
            site-file\tsitemap\ti1\tsitemap.xml\t1:2:3:4
            source\tcontent/orgs/[slug].md
            input\tcontent\td1
            input\ttable donations\td2
            page\t/orgs/a/\tp1\tr\torgs/a/index.html\ts
            page\t/orgs/b/\tp2\tr\torgs/a/index.html\ts

            """)
    }

    /// A build's records go to a temporary file as pages render (`PageRecordLog`) and are read back when the
    /// manifest is written: the same text as from the dictionary, the last record of a path winning, a path that
    /// would not read back left out, and the pages of a content file the manifest does not list dropped.
    @Test func recordsLoggedAsPagesRenderWriteTheSameText() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        func page(_ params: String, source: String = "content/orgs/[slug].md") -> PageManifest.Page {
            PageManifest.Page(source: source, params: params, results: "r", files: [OutputFileStamp(path: "orgs/a/index.html", stamp: "s")])
        }
        manifest(pages: ["/orgs/b/": page("p2"), "/orgs/a/": page("p1")]).save(beside: output)
        let fromDictionary = try Data(contentsOf: PageManifest.file(for: output))

        let log = PageRecordLog()
        log.append("/orgs/b/", page("old"))
        log.append("/orgs/a/", page("p1"))
        log.append("/orgs/a\nb/", page("p3"))
        log.append("/about/", page("p4", source: "content/about.md"))
        log.append("/orgs/b/", page("p2"))
        let records = try #require(log.sorted())
        PageManifest.remove(beside: output)
        manifest(pages: [:]).save(beside: output, pagesOf: records.forEachPage)
        #expect(try Data(contentsOf: PageManifest.file(for: output)) == fromDictionary)
    }

    /// After a first build's rename no file is stamped again, and the log's records go to the manifest as their bytes
    /// (`linesOf`): the same text as made one page at a time, names beyond ASCII included. With files to stamp, the
    /// pages are made one at a time and stamped.
    @Test func recordsWrittenAsTheLogsBytesAreTheSameText() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        func page(_ params: String, source: String = "content/orgs/[slug].md", file: String = "orgs/a/index.html", stamp: String = "s") -> PageManifest.Page {
            PageManifest.Page(source: source, params: params, results: "r", files: [OutputFileStamp(path: file, stamp: stamp)])
        }
        let log = PageRecordLog()
        log.append("/orgs/b/", page("old"))
        log.append("/orgs/é/", page("p1", file: "orgs/é/index.html"))
        log.append("/about/", page("p4", source: "content/about.md"))
        log.append("/orgs/b/", page("p2"))
        log.append("/orgs/a/", page("p3", stamp: ""))
        let records = try #require(log.sorted())
        var manifest = manifest(pages: [:])
        manifest.sources["content/about.md"] = ["content": "d3"]
        manifest.save(beside: output, pagesOf: records.forEachPage)
        let pageByPage = try Data(contentsOf: PageManifest.file(for: output))
        PageManifest.remove(beside: output)
        manifest.save(beside: output, pagesOf: records.forEachPage, linesOf: records.forEachLine)
        #expect(try Data(contentsOf: PageManifest.file(for: output)) == pageByPage)
        #expect(try String(contentsOf: PageManifest.file(for: output), encoding: .utf8).contains("page\t/orgs/é/\tp1\tr\torgs/é/index.html\ts\n"))

        manifest.save(beside: output, stampingFilesIn: output.path, pagesOf: records.forEachPage, linesOf: records.forEachLine)
        let stamped = try #require(PageManifest.load(beside: output))
        #expect(stamped.pages["/orgs/a/"]?.files == [OutputFileStamp.current("orgs/a/index.html", in: output.path)].compactMap { $0 })
    }

    /// A record's fields are split on the tab byte over its UTF-8 (by `Character` the split was most of the manifest's
    /// save): paths beyond ASCII, one starting with a combining mark, one with a multi-scalar emoji, come back whole.
    @Test func aRecordsFilesReadBackWhateverTheirCharacters() {
        let files = [OutputFileStamp(path: "\u{301}orgs/é/index.html", stamp: "1:2:3:4"), OutputFileStamp(path: "orgs/🏳️‍🌈/gifts.csv", stamp: "5:6:7:8")]
        let page = PageManifest.Page(source: "content/orgs/[slug].md", params: "p", results: "r", files: files)
        #expect(page.files == files)
        #expect(PageManifest.Page(source: page.source, line: page.line).files == files)
    }

    /// A record with a line break anywhere in its fields would not read back: the log leaves it out, whether the
    /// break is ASCII or not; other characters beyond ASCII are kept.
    @Test func theLogLeavesOutARecordWithALineBreakInAFilePath() throws {
        func page(_ file: String) -> PageManifest.Page {
            PageManifest.Page(source: "content/orgs/[slug].md", params: "p", results: "r", files: [OutputFileStamp(path: file, stamp: "s")])
        }
        let log = PageRecordLog()
        log.append("/orgs/a/", page("orgs/é/index.html"))
        log.append("/orgs/b/", page("orgs/b\r/index.html"))
        log.append("/orgs/c/", page("orgs/c\u{2028}/index.html"))
        log.append("/orgs/d/", page("orgs/d\u{85}/index.html"))
        log.append("/orgs/e/", page("orgs/e\u{0B}/index.html"))
        var kept: [String] = []
        try #require(log.sorted()).forEachPage(of: "content/orgs/[slug].md") { path, _ in kept.append(path) }
        #expect(kept == ["/orgs/a/"])
    }

    /// A site file's record reads back with its files stamped as they are now; one whose file is gone is left out, to
    /// be made next time, and one naming a path with a NUL (a hand-edited record) is not read: it would be looked up
    /// as the path before the NUL.
    @Test func siteFilesReadBackStampedAndAMissingOrUnreadableOneIsLeftOut() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        var saved = manifest(pages: [:])
        saved.siteFiles = ["data content/orgs.json.sql": PageManifest.SiteFile(inputs: "i1", files: [OutputFileStamp(path: "orgs/a/gifts.csv", stamp: "")]),
                           "sitemap": PageManifest.SiteFile(inputs: "i2", files: [OutputFileStamp(path: "sitemap.xml", stamp: "")])]
        saved.save(beside: output, stampingFilesIn: output.path)
        let loaded = try #require(PageManifest.load(beside: output))
        let stamp = try #require(OutputFileStamp.current("orgs/a/gifts.csv", in: output.path))
        #expect(loaded.siteFiles == ["data content/orgs.json.sql": PageManifest.SiteFile(inputs: "i1", files: [stamp])])
        #expect(loaded.siteFiles["data content/orgs.json.sql"]?.firstFileChanged(in: output.path) == nil)
        try Data("x,y,z\n".utf8).write(to: output.appendingPathComponent("orgs/a/gifts.csv"))
        #expect(loaded.siteFiles["data content/orgs.json.sql"]?.firstFileChanged(in: output.path) == "orgs/a/gifts.csv")

        let text = try String(contentsOf: PageManifest.file(for: output), encoding: .utf8)
        try (text + "site-file\tsitemap\ti2\torgs/a/gifts.csv\u{0}x\t\(stamp.stamp)\n").write(to: PageManifest.file(for: output), atomically: true, encoding: .utf8)
        #expect(PageManifest.load(beside: output) == nil)
    }
}
