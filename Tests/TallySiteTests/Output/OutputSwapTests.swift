import CTallySystem
import Foundation
import TallyFormat
@testable import TallySite
import TallyTestSupport
import Testing

/// The swap stage when the output cannot be updated in place (`OutputInPlaceTests`): the new build replaces the output
/// in one step, and a failure anywhere leaves the old one whole. A page's path that was a folder forces it here.
@Suite struct OutputSwapTests {
    @Test func theExchangeSwapsTwoFoldersInOneStep() throws {
        let folder = try Self.folder(["a/one.txt": "1", "b/two.txt": "2"])
        #expect(tally_exchange_paths(folder.appendingPathComponent("a").path, folder.appendingPathComponent("b").path) == 0)
        #expect(Self.files(in: folder) == ["a/two.txt": "2", "b/one.txt": "1"])
        #expect(tally_exchange_paths(folder.appendingPathComponent("a").path, folder.appendingPathComponent("none").path) == ENOENT)
    }

    @Test func aRebuildReplacesTheOutputWithTheCompleteNewBuildAndLeavesNothingBeside() throws {
        let site = try TestSite(["content/index.md": "home", "content/about.md": "about", "public/.git/HEAD": "ref: refs/heads/gh-pages"])
        _ = try site.build().get()
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/about.md"))
        try site.write("contact", to: "content/contact.md")
        _ = try site.build().get()
        #expect(Self.files(in: site.root.appendingPathComponent("public")).keys.sorted() == [
            ".git/HEAD", "404.html", "charts.css", "contact/index.html", "index.html", "robots.txt",
        ])
        #expect(site.output("contact/index.html")?.contains("<p>contact</p>") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".public") } == [])
    }

    @Test(arguments: [EINVAL, ENOSYS, ENOTSUP])
    func aFileSystemThatCannotExchangeGetsTwoRenames(code: Int32) throws {
        let folder = try Self.folder(["public/index.html/old.html": "old", "public/.nojekyll": ""])
        let writer = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        try writer.write("new", to: "index.html")
        try writer.commit(exchange: { _, _ in code }, move: { _, _ in EPERM })
        #expect(Self.files(in: folder) == ["public/.nojekyll": "", "public/index.html": "new"])
    }

    @Test func aSwapThatFailsLeavesThePreviousOutputAndItsHiddenEntries() throws {
        let folder = try Self.folder(["public/index.html/old.html": "old", "public/.git/HEAD": "ref"])
        let output = folder.appendingPathComponent("public")
        let writer = try OutputWriter(output: output, siteRoot: folder.appendingPathComponent("site"))
        try writer.write("new", to: "index.html")
        #expect(throws: Diagnostic(file: output.path, message: "cannot replace the output folder: \(POSIXError(.EACCES).localizedDescription)",
                                   hint: "check that nothing else holds the folder open and that its parent is writable")) {
            try writer.commit(exchange: { _, _ in EACCES }, move: { _, _ in EPERM })
        }
        writer.discard()
        #expect(Self.files(in: folder) == ["public/.git/HEAD": "ref", "public/index.html/old.html": "old"])
    }

    /// A temporary folder holding `files` (relative path: text).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-swap-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// Every file below `folder`, hidden ones included, with its text.
    static func files(in folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) { files[path] = text }
        }
        return files
    }
}
