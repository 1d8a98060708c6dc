import Foundation
import TallyTestFolder
import Testing
@testable import TallySite

/// A kept page's files are checked against their recorded stamps byte by byte, from the open output folder: the
/// answer must be what comparing `OutputFileStamp.current` with each record gives.
@Suite struct PageFilesCheckedTests {
    private func page(_ files: [OutputFileStamp]) -> PageManifest.Page {
        PageManifest.Page(source: "content/orgs/[slug].md", params: "p", results: "r", files: files)
    }

    @Test func theFirstFileNotAsRecordedIsNamed() throws {
        let root = TestFolder.make("page-files-checked")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("orgs/é"), withIntermediateDirectories: true)
        for (path, text) in ["orgs/é/index.html": "<p>a</p>", "orgs/é/gifts.csv": "x,y\n", "about.html": "about"] {
            try Data(text.utf8).write(to: output.appendingPathComponent(path))
        }
        let stamped = try ["orgs/é/index.html", "orgs/é/gifts.csv", "about.html"].map { try #require(OutputFileStamp.current($0, in: output.path)) }
        let folder = OutputFolder(path: output.path)
        #expect(page(stamped).firstFileChanged(in: folder) == nil)
        #expect(page(stamped).filePaths == ["orgs/é/index.html", "orgs/é/gifts.csv", "about.html"])
        // Rewritten with the same size: its times differ.
        try Data("x,z\n".utf8).write(to: output.appendingPathComponent("orgs/é/gifts.csv"))
        #expect(page(stamped).firstFileChanged(in: folder) == "orgs/é/gifts.csv")
        #expect(page([stamped[0], stamped[2]]).firstFileChanged(in: folder) == nil)
        try FileManager.default.removeItem(at: output.appendingPathComponent("about.html"))
        #expect(page([stamped[0], stamped[2]]).firstFileChanged(in: folder) == "about.html")
        // Never stamped (a record written before its file was), or a folder where the file was.
        #expect(page([OutputFileStamp(path: "orgs/é/index.html", stamp: "")]).firstFileChanged(in: folder) == "orgs/é/index.html")
        #expect(page([OutputFileStamp(path: "orgs/é", stamp: "")]).firstFileChanged(in: folder) == "orgs/é")
        // Absolute in the record: still inside the output, as `folder + "/" + path` would be.
        let absolute = OutputFileStamp(path: "/orgs/é/index.html", stamp: stamped[0].stamp)
        #expect(page([absolute]).firstFileChanged(in: folder) == nil)
        // A NUL in the record's path (a manifest edited by hand): not the file before the NUL, whose stamp it carries.
        try Data("about".utf8).write(to: output.appendingPathComponent("about.html"))
        let rewritten = try #require(OutputFileStamp.current("about.html", in: output.path))
        #expect(page([OutputFileStamp(path: "about.html", stamp: rewritten.stamp)]).firstFileChanged(in: folder) == nil)
        #expect(page([OutputFileStamp(path: "about.html\u{0}x", stamp: rewritten.stamp)]).firstFileChanged(in: folder) == "about.html\u{0}x")
        #expect(page([stamped[0]]).firstFileChanged(in: OutputFolder(path: root.appendingPathComponent("missing").path)) == "orgs/é/index.html")
    }

    /// Each stamp matches its own text and no other: a digit more or less, a sign, a missing or extra field.
    @Test(arguments: [(0, 0, 0, UInt(0)), (3229, 1_795_865_394_835_837_782, 1_795_870_686_095_123_838, UInt(16_238_736)),
                      (10, -1_000_000_001, -5, UInt.max), (Int.max, Int.min + 1, 99, UInt(1))])
    func aStampMatchesItsTextAlone(size: Int, modified: Int, changed: Int, inode: UInt) {
        var info = stat()
        info.st_mode = S_IFREG
        info.st_size = off_t(size)
        info.st_mtim = timespec(tv_sec: modified / 1_000_000_000, tv_nsec: modified % 1_000_000_000)
        info.st_ctim = timespec(tv_sec: changed / 1_000_000_000, tv_nsec: changed % 1_000_000_000)
        info.st_ino = ino_t(inode)
        let stamp = FileStamps.Stamp(info)
        let text = OutputFileStamp.text(of: stamp)
        let others = [text + "0", String(text.dropLast()), "-" + text, text + ":", ":" + text, "", "0" + text,
                      text.replacingOccurrences(of: ":", with: ";"), OutputFileStamp.text(of: FileStamps.Stamp(changedInode(info)))]
        #expect(Self.matches(stamp, text))
        for other in others { #expect(!Self.matches(stamp, other), "\(other)") }
    }

    private func changedInode(_ info: stat) -> stat {
        var other = info
        other.st_ino &+= 1
        return other
    }

    private static func matches(_ stamp: FileStamps.Stamp, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { OutputFileStamp.matches(stamp, $0) }
    }
}
