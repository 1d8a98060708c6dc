import Foundation
@testable import TallySite
import Testing

/// The stamps the writer hands back, and the output digest it adds up as it writes, are what a walk of the output
/// finds after the commit: the build stamp and the page records are taken from them instead of walking the output
/// again. Where a commit changes a stamp (a file moved or linked), the writer says so, and it is read again.
@Suite struct OutputWriterStampTests {
    @Test func aFirstBuildKnowsItsOutputDigestAndEveryFileStamp() throws {
        let folder = try OutputSwapTests.folder(["site/x": "x"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        var stamps: [String: String] = [:]
        for path in ["index.html", "posts/a/index.html", "posts/b/index.html", "posts/b/rows.csv", "deep/er/still/x.txt"] {
            stamps[path] = try writer.write("text of " + path, to: path)
        }
        // Written twice: the second write's stamp replaces the first in the digest.
        stamps["index.html"] = try writer.write("home, again", to: "index.html")
        #expect(writer.outputDigest == nil)
        try writer.commit()
        let known = try #require(writer.outputDigest)
        let walked = FileStamps.digest(of: [output], skipping: [".git"])
        #expect(known.count == walked.count)
        #expect(known.digest == walked.digest)
        for (path, stamp) in stamps {
            #expect(writer.stampHolds(path))
            #expect(OutputFileStamp.current(path, in: output.path)?.stamp == stamp)
        }
    }

    /// A folder of more entries than `entriesStampedTogether` is stamped on every core: the same count and digest
    /// as one file after another, its subfolders' files included once and a skipped name's left out.
    @Test func aFolderOfManyEntriesStampedOnEveryCoreHasTheSameDigest() throws {
        var files: [String: String] = [:]
        for number in 0..<(FileStamps.entriesStampedTogether * 2 + 3) {
            files["site/posts/page-\(number)" + (number % 100 == 7 ? "/index.md" : ".md")] = "page \(number)"
        }
        files["site/posts/.git/HEAD"] = "ref"
        files["site/posts/page-7/deeper/x.md"] = "x"
        let folder = try OutputSwapTests.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        let oneByOne = FileStamps(of: [site], skipping: [".git"]).files
        let digest = FileStamps.digest(of: [site], skipping: [".git"])
        #expect(digest.count == oneByOne.count)
        // The folder, posts/, its entries and the 11 page folders' files, deeper/ and its file; not .git or its file.
        #expect(digest.count == 2 + FileStamps.entriesStampedTogether * 2 + 3 + 11 + 2)
        #expect(digest.digest == oneByOne.reduce(0) { $0 &+ FileStamps.hash($1.key, $1.value) })
    }

    /// A file written a piece at a time (`orgs/search.json`) is in the digest too, in a folder of its own.
    @Test func aStreamedFileIsInTheOutputDigest() throws {
        let folder = try OutputSwapTests.folder(["site/x": "x"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        try writer.write("home", to: "index.html")
        try writer.writeStreamed(to: "orgs/search.json") { (append: ([UInt8]) -> Void) throws(Never) in
            append(Array("[1,".utf8))
            append(Array("2]".utf8))
        }
        try writer.commit()
        let known = try #require(writer.outputDigest)
        let walked = FileStamps.digest(of: [output], skipping: [".git"])
        #expect(known.count == walked.count)
        #expect(known.digest == walked.digest)
    }

    @Test func anInPlaceCommitReadsAgainOnlyTheFilesItMoved() throws {
        let folder = try OutputSwapTests.folder(["public/same.html": "same", "public/changed.html": "old", "site/x": "x"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        let same = try writer.write("same", to: "same.html")
        try writer.write("new", to: "changed.html")
        try writer.commit()
        #expect(writer.outputDigest == nil)
        #expect(writer.stampHolds("same.html"))
        #expect(OutputFileStamp.current("same.html", in: output.path)?.stamp == same)
        #expect(!writer.stampHolds("changed.html"))
    }

    @Test func aSwapReadsEveryStampAgain() throws {
        // A file where the live output has a folder cannot be moved in place: the trees are exchanged.
        let folder = try OutputSwapTests.folder(["public/a/index.html": "old", "site/x": "x"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        try writer.write("new", to: "a")
        try writer.commit()
        #expect(writer.outputDigest == nil)
        #expect(!writer.stampHolds("a"))
    }
}
