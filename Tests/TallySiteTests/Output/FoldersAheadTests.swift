import Foundation
@testable import TallySite
import TallyTestSupport
import Testing

/// A first build makes its plain pages' folders while the snapshot is written (`OutputWriter.makeFoldersAhead`):
/// each folder is counted once in the output digest, whichever thread made it, and a build that stops early removes
/// the staging folder those folders went in.
@Suite struct FoldersAheadTests {
    @Test func foldersMadeAheadAreCountedOnceInTheOutputDigest() throws {
        let folder = try OutputSwapTests.folder(["site/x": "x"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        let files = ["index.html", "posts/a/index.html", "posts/b/index.html", "deep/er/still/index.html"]
        writer.makeFoldersAhead(of: files)
        writer.foldersAhead.work.withLock { $0 }?.result()
        for made in ["posts/a", "posts/b", "deep/er/still"] {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: writer.stagingPath + "/" + made, isDirectory: &isFolder) && isFolder.boolValue)
        }
        for path in files + ["posts/b/rows.csv", "other/index.html"] { try writer.write("text of " + path, to: path) }
        try writer.commit()
        let known = try #require(writer.outputDigest)
        let walked = FileStamps.digest(of: [output], skipping: [])
        #expect(known.count == walked.count)
        #expect(known.digest == walked.digest)
    }

    /// With a previous output, a page whose bytes did not change leaves nothing in staging: a folder made for it
    /// ahead would be an empty folder in the output.
    @Test func noFolderIsMadeAheadWhenThereIsAPreviousOutput() throws {
        let folder = try OutputSwapTests.folder(["site/x": "x", "public/posts/a/index.html": "a"])
        let writer = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        writer.makeFoldersAhead(of: ["posts/a/index.html", "posts/b/index.html"])
        writer.foldersAhead.work.withLock { $0 }?.result()
        #expect(try FileManager.default.contentsOfDirectory(atPath: writer.stagingPath).isEmpty)
        writer.discard()
    }

    /// The writer is made, and the folders started, before the snapshot is ready: a first build that fails on the
    /// database or its views removes the staging folder, and makes no folder above an output whose parent is missing.
    @Test(arguments: [
        ["tally.yaml": "title: T\ndatabase: missing.sqlite\n"],
        ["views/broken.sql": "SELECT nope FROM nowhere\n"],
        ["tally.yaml": "title: T\ndatabase: missing.sqlite\noutput_dir: deep/new/public\n"],
    ])
    func aFirstBuildThatFailsOnTheDatabaseLeavesNoStagingFolder(_ files: [String: String]) throws {
        var all = files
        for number in 1...40 { all["content/posts/p\(number).md"] = "post \(number)" }
        let site = try TestSite(all)
        #expect(!site.errors().isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        #expect(!names.contains { $0.contains("staging") || $0 == "public" || $0 == "deep" })
    }
}
