import Foundation
import TallyFormat
@testable import TallySite
import Testing

/// An in-place commit reads only the folders the last commit's record (`OutputFolders`) does not vouch for: a
/// folder whose stamp is as recorded and that holds as many files as the build keeps there. Every other folder,
/// and everything below a folder the record does not know, is read, so a stray file is removed wherever it is.
@Suite struct OutputFoldersTests {
    /// The output's folders as they are now, each with its stamp and its count of files: what a commit records for
    /// folders it did not change, written as the next commit will read it.
    private static func record(_ output: URL, files: [String: Int]) throws {
        let folders = try files.keys.sorted().map { path in
            let stamp = try #require(OutputFolders.currentStamp(of: path.isEmpty ? output.path : output.path + "/" + path))
            return OutputFolders.Folder(path: path, stamp: stamp, files: files[path] ?? 0)
        }
        try #require(OutputFolders.Pending(beside: output)).save(OutputFolders(folders: folders))
    }

    /// A folder vouched for is not read: with the record saying `a` holds one file, as many as the build keeps there,
    /// a file the record does not count stays. This is what makes the commit cheap; with the record's count true
    /// (two files, one more than the build keeps), the folder is read and the stray goes. The tests below show a
    /// stray is never left when the record was written by a commit.
    @Test(arguments: [(1, ["index.html": "new home", "a/kept.html": "kept", "a/stray.html": "x"]),
                      (2, ["index.html": "new home", "a/kept.html": "kept"])])
    func aFolderIsReadOnlyWhenItsStampOrCountIsNotAsRecorded(recordedFiles: Int, after: [String: String]) throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home", "public/a/kept.html": "kept", "public/a/stray.html": "x"])
        let output = folder.appendingPathComponent("public")
        try Self.record(output, files: ["": 1, "a": recordedFiles])
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"), recordsFolders: true)
        writer.keep("a/kept.html")
        try writer.write("new home", to: "index.html")
        try writer.commit()
        #expect(OutputSwapTests.files(in: output) == after)
    }

    /// Files and folders added by hand after the record, deep or new, are found (their folders' stamps moved), a
    /// link where a recorded folder was is removed as a file, and nothing is read or moved through it.
    @Test func strayFilesAddedByHandAreRemovedWhereverTheyAre() throws {
        let folder = try OutputSwapTests.folder([
            "public/index.html": "home", "public/a/b/c/kept.html": "kept", "public/d/kept.html": "kept d",
            "public/l/x.html": "x", "outside/x.html": "not Tally's", "outside/y.html": "not Tally's",
        ])
        let output = folder.appendingPathComponent("public")
        try Self.record(output, files: ["": 1, "a": 0, "a/b": 0, "a/b/c": 1, "d": 1, "l": 1])
        // Past any clock tick of the record's stamps: a change within the same tick is what the racy margin is for.
        Thread.sleep(forTimeInterval: 0.05)
        for (path, text) in ["a/b/c/stray.html": "s", "a/new/deeper/s.html": "s", "d/.hidden": "h"] {
            let url = output.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.removeItem(at: output.appendingPathComponent("l"))
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent("l").path, withDestinationPath: folder.appendingPathComponent("outside").path)
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"), recordsFolders: true)
        writer.keep("a/b/c/kept.html")
        writer.keep("d/kept.html")
        try writer.write("home", to: "index.html")
        try writer.commit()
        #expect(OutputSwapTests.files(in: folder).filter { !$0.key.hasPrefix(".public.") } == [
            "public/index.html": "home", "public/a/b/c/kept.html": "kept", "public/d/kept.html": "kept d", "public/d/.hidden": "h",
            "outside/x.html": "not Tally's", "outside/y.html": "not Tally's",
        ])
    }

    /// A kept file deleted by hand moves its folder's stamp: the folder is read and the commit refuses, as without
    /// a record.
    @Test func aKeptFileDeletedAfterTheRecordFailsTheCommit() throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home", "public/a/kept.html": "kept", "public/a/other.html": "o"])
        let output = folder.appendingPathComponent("public")
        try Self.record(output, files: ["": 1, "a": 2])
        Thread.sleep(forTimeInterval: 0.05)
        try FileManager.default.removeItem(at: output.appendingPathComponent("a/kept.html"))
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"), recordsFolders: true)
        writer.keep("a/kept.html")
        writer.keep("a/other.html")
        try writer.write("new home", to: "index.html")
        #expect(throws: Diagnostic(file: output.path + "/a/kept.html", message: "a file kept from the previous output disappeared during the build",
                                   hint: "something else is changing the output folder; build again once it is done")) {
            try writer.commit()
        }
        writer.discard()
    }

    /// After a commit the record lists every folder of the output, the new ones included and the emptied one left
    /// out; the folders the commit changed, and those changed within the racy margin before it, have no stamp, so
    /// the next commit reads them.
    @Test func aCommitRecordsEveryFolderAndTrustsNoneItJustChanged() throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home", "public/a/kept.html": "kept", "public/gone/x.html": "x"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"), recordsFolders: true)
        writer.keep("a/kept.html")
        try writer.write("home", to: "index.html")
        try writer.write("new", to: "b/c/new.html")
        try writer.commit()
        let record = try #require(OutputFolders.load(beside: output))
        #expect(record.folders.map(\.path).sorted() == ["", "a", "b", "b/c"])
        #expect(record.folders.allSatisfy { $0.stamp == nil })
        #expect(record.folders.first { $0.path == "a" }?.files == 1)
        #expect(!FileManager.default.fileExists(atPath: OutputFolders.file(for: output).path + ".partial"))
    }

    /// A record with a folder whose parent it lacks was not written by a commit: every folder is read.
    @Test func aRecordWithAFolderBeforeItsParentIsNotUsed() throws {
        let folder = try OutputSwapTests.folder(["public/a/b/kept.html": "kept", "public/a/b/stray.html": "s"])
        let output = folder.appendingPathComponent("public")
        try Self.record(output, files: ["": 0, "a/b": 1])
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"), recordsFolders: true)
        writer.keep("a/b/kept.html")
        try writer.write("home", to: "index.html")
        try writer.commit()
        #expect(OutputSwapTests.files(in: output) == ["index.html": "home", "a/b/kept.html": "kept"])
    }

    /// `--force` reads every folder whatever the record says, and writes it again: the way out of a record that is
    /// wrong (here one that vouches for a folder holding a stray, as a record cut short or edited by hand could).
    @Test func aForcedBuildReadsEveryFolder() throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home", "public/a/kept.html": "kept", "public/a/stray.html": "x"])
        let output = folder.appendingPathComponent("public")
        try Self.record(output, files: ["": 1, "a": 1])
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"), recordsFolders: true,
                                      trustsFolderRecord: false)
        writer.keep("a/kept.html")
        try writer.write("new home", to: "index.html")
        try writer.commit()
        #expect(OutputSwapTests.files(in: output) == ["index.html": "new home", "a/kept.html": "kept"])
        #expect(OutputFolders.load(beside: output)?.folders.map(\.path).sorted() == ["", "a"])
    }

    @Test func aWholeRecordIsRead() throws {
        let text = "tally-folders 1\n1\t2\t0\t\n-\t-\t3\ta\nend\t2\n"
        let folder = try OutputSwapTests.folder(["public/index.html": "home", ".public.tally-folders": text])
        #expect(OutputFolders.load(beside: folder.appendingPathComponent("public")) == OutputFolders(folders: [
            OutputFolders.Folder(path: "", stamp: OutputFolders.Stamp(inode: 1, changed: 2), files: 0),
            OutputFolders.Folder(path: "a", stamp: nil, files: 3),
        ]))
    }

    @Test(arguments: [
        "tally-folders 1\n1\t2\t0\ta\nend\t1\n",            // a folder before the root
        "tally-folders 1\n1\t2\tx\t\nend\t1\n",              // a count that is not a number
        "tally-folders 1\n1\t-\t0\t\nend\t1\n",              // half a stamp
        "tally-folders 1\n1\t2\t0\t\n1\t2\t0\t..\nend\t2\n", // a path out of the output
        "tally-folders 2\n1\t2\t0\t\nend\t1\n",              // another format
        "tally-folders 1\n1\t2\t0\t\n1\t2\t0\t.git\nend\t2\n", // a hidden folder, whose files are not Tally's
        "tally-folders 1\n1\t2\t0\t\n1\t2\t0\tabout\u{0}x\nend\t2\n", // a NUL, where lstat and rename would stop
        "tally-folders 1\n1\t2\t0\t\n1\t2\t0\ta\n",       // cut short: no last line
        "tally-folders 1\n1\t2\t0\t\n1\t2\t0\ta\nend\t1\n", // cut short and ended by hand: the count is wrong
        "tally-folders 1\n1\t2\t0\t\nend\t1\n1\t2\t0\ta\n", // a folder after the end
    ])
    func aRecordThatCannotBeTrustedIsNotRead(text: String) throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home", ".public.tally-folders": text])
        #expect(OutputFolders.load(beside: folder.appendingPathComponent("public")) == nil)
    }
}
