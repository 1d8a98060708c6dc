import Foundation
import TallyFormat
@testable import TallySite
import Testing

/// A rebuild into an existing output moves in only the files that changed and removes those no longer made; every
/// other file keeps its inode and times. A failure, or a build killed midway, leaves the previous output whole.
@Suite struct OutputInPlaceTests {
    @Test func aRebuildMovesInTheChangedFilesAndLeavesTheOthersAsTheyWere() throws {
        let folder = try OutputSwapTests.folder([
            "public/same.html": "same", "public/kept/index.html": "kept", "public/changed.html": "old",
            "public/gone/deep/index.html": "gone", "public/.git/HEAD": "ref", "public/stray.txt": "stray",
        ])
        let output = folder.appendingPathComponent("public")
        let before = try Self.stamps(output, ["same.html", "kept/index.html"])
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        try writer.write("same", to: "same.html")
        writer.keep("kept/index.html")
        try writer.write("new", to: "changed.html")
        try writer.write("added", to: "added/index.html")
        try writer.commit()
        #expect(OutputSwapTests.files(in: folder) == [
            "public/same.html": "same", "public/kept/index.html": "kept", "public/changed.html": "new",
            "public/added/index.html": "added", "public/.git/HEAD": "ref",
        ])
        #expect(try Self.stamps(output, ["same.html", "kept/index.html"]) == before)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("gone").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["public"])
    }

    @Test func aMoveThatFailsPutsThePreviousOutputBack() throws {
        let folder = try OutputSwapTests.folder(["public/a.html": "old a", "public/b.html": "old b", "public/c.html": "c"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        try writer.write("new a", to: "a.html")
        try writer.write("new b", to: "b.html")
        try writer.write("d", to: "d/index.html")
        var moves = 0
        #expect(throws: Diagnostic(file: output.path, message: "cannot update the output folder: \(POSIXError(.ENOSPC).localizedDescription)",
                                   hint: "check free disk space and permissions; the previous output was put back")) {
            try writer.commit(exchange: { _, _ in EPERM }, move: { from, to in
                moves += 1
                return moves == 3 ? ENOSPC : (rename(from, to) == 0 ? 0 : errno)
            })
        }
        writer.discard()
        #expect(OutputSwapTests.files(in: folder) == ["public/a.html": "old a", "public/b.html": "old b", "public/c.html": "c"])
    }

    @Test func aCommitKilledMidwayIsRolledBackByTheNextBuild() throws {
        // What a build killed after moving two of its three changes leaves: b.html replaced (its old version in the
        // retired folder), c.html added, d.html not yet removed.
        let folder = try OutputSwapTests.folder([
            "public/b.html": "new b", "public/c/index.html": "c", "public/d.html": "d",
            ".public.previous-1/b.html": "old b",
            ".public.tally-commit": "tally-commit 1\n.public.previous-1\nreplace\tb.html\nadd\tc/index.html\nremove\td.html\n",
        ])
        _ = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        #expect(OutputSwapTests.files(in: folder) == ["public/b.html": "old b", "public/d.html": "d"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/c").path))
    }

    /// The same, from a journal of this format: the retired files are named by their entries' numbers.
    @Test func aCommitKilledMidwayIsRolledBackFromNumberedRetiredFiles() throws {
        let folder = try OutputSwapTests.folder([
            "public/b.html": "new b", "public/c/index.html": "c", "public/e/f.html": "f",
            ".public.previous-1/0": "old b", ".public.previous-1/2": "d",
            ".public.tally-commit": "tally-commit 2\n.public.previous-1\nreplace\tb.html\nadd\tc/index.html\nremove\td/index.html\nremove\te/f.html\n",
        ])
        _ = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        #expect(OutputSwapTests.files(in: folder) == ["public/b.html": "old b", "public/d/index.html": "d", "public/e/f.html": "f"])
    }

    /// A journal edited by hand cannot lead a roll-back outside the output: not through an entry's path, nor through
    /// the retired folder's name. It is not used (and left for a person to look at), and nothing outside is touched.
    @Test(arguments: ["tally-commit 2\n.public.previous-1\nadd\t../victim.txt\n",
                      "tally-commit 2\n..\nremove\tb.html\n",
                      "tally-commit 2\n.public.previous-1\nadd\tabout\u{0}x\n",
                      "tally-commit 1\n.other.previous-1\nremove\tb.html\n"])
    func aJournalLeadingOutsideTheOutputIsNotUsed(journal: String) throws {
        let folder = try OutputSwapTests.folder(["public/b.html": "b", "public/about/index.html": "about", "victim.txt": "not Tally's",
                                                 ".public.tally-commit": journal])
        #expect(OutputJournal.load(for: folder.appendingPathComponent("public")) == nil)
        _ = try? OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        #expect(OutputSwapTests.files(in: folder).filter { !$0.key.hasPrefix(".public.") } ==
                ["public/b.html": "b", "public/about/index.html": "about", "victim.txt": "not Tally's"])
    }

    /// A replaced or removed file waits in the retired folder under its entry's number: no folder is made there for
    /// each of them, and the journal on disk says so.
    @Test func retiredFilesAreNumberedInOneFolder() throws {
        let folder = try OutputSwapTests.folder(["public/a/b/c.html": "old c", "public/x/y.html": "y", "public/z.html": "z"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        try writer.write("new c", to: "a/b/c.html")
        try writer.write("z", to: "z.html")
        var seen: [String] = []
        var journal = ""
        try writer.commit(exchange: { _, _ in EPERM }, move: { from, to in
            let moved = rename(from, to) == 0 ? 0 : errno
            let retired = folder.appendingPathComponent(".public.previous-\(ProcessInfo.processInfo.processIdentifier)").path
            seen = (try? FileManager.default.contentsOfDirectory(atPath: retired).sorted()) ?? []
            journal = (try? String(contentsOf: OutputJournal.file(for: output), encoding: .utf8)) ?? ""
            return moved
        })
        #expect(seen == ["0", "1"])
        #expect(journal.hasPrefix("tally-commit 2\n"))
        #expect(OutputSwapTests.files(in: folder) == ["public/a/b/c.html": "new c", "public/z.html": "z"])
    }

    @Test func aJournalThatCannotBeUndoneStopsTheBuild() throws {
        // The retired b.html cannot go back: where its folder should be, something made a file.
        let folder = try OutputSwapTests.folder([
            "public/x": "a file now", ".public.previous-1/x/b.html": "old b",
            ".public.tally-commit": "tally-commit 1\n.public.previous-1\nreplace\tx/b.html\n",
        ])
        let journal = folder.appendingPathComponent(".public.tally-commit").path
        #expect(throws: Diagnostic(file: journal, message: "an interrupted build's changes to the output could not be undone",
                                   hint: "move the files of the folder named on its second line back into the output, or delete both and build with --force")) {
            _ = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        }
        #expect(FileManager.default.fileExists(atPath: journal))
    }

    @Test func aFolderThatIsALinkIsReplacedNotWrittenThrough() throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home", "elsewhere/index.html": "not Tally's"])
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("public/docs").path,
                                                   withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        let writer = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        try writer.write("home", to: "index.html")
        try writer.write("docs", to: "docs/index.html")
        try writer.commit()
        #expect(OutputSwapTests.files(in: folder) == [
            "public/index.html": "home", "public/docs/index.html": "docs", "elsewhere/index.html": "not Tally's",
        ])
    }

    @Test func aKeptFileThatDisappearedFailsTheCommit() throws {
        let folder = try OutputSwapTests.folder(["public/index.html": "home"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        writer.keep("gone/index.html")
        try writer.write("new home", to: "index.html")
        #expect(throws: Diagnostic(file: output.path + "/gone/index.html",
                                   message: "a file kept from the previous output disappeared during the build",
                                   hint: "something else is changing the output folder; build again once it is done")) {
            try writer.commit()
        }
        writer.discard()
        #expect(OutputSwapTests.files(in: folder) == ["public/index.html": "home"])
    }

    /// Each file's inode and modification time.
    private static func stamps(_ folder: URL, _ paths: [String]) throws -> [String] {
        try paths.map { path in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            return "\(attributes[.systemFileNumber] ?? "") \(attributes[.modificationDate] ?? "")"
        }
    }
}
