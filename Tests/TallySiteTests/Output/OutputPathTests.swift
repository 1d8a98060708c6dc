import Foundation
import TallyTestFolder
import Testing
@testable import TallySite

/// `OutputWriter.isInside`, which every written file passes: plain segments only.
@Suite struct OutputPathTests {
    @Test(arguments: ["index.html", "posts/page-00001/index.html", "a/.well-known/x", "...", "a/.../b", "a/..b/c", ".hidden", "a/b."])
    func plainPathsAreInside(path: String) {
        #expect(OutputWriter.isInside(path))
    }

    @Test(arguments: ["", "/", "/etc/passwd", "..", ".", "../escape.json", "a/../../b", "a/./b", "a//b", "a/", "a/..", "./a",
                      "about\u{0}x/index.html", "\u{0}", "a/\u{0}"])
    func otherPathsAreRefused(path: String) {
        #expect(!OutputWriter.isInside(path))
    }

    /// The folders a file goes in are made up to its last `/`, found by byte, whatever the characters before it
    /// (a combining mark after the slash, folder names beyond ASCII); a bare name needs none.
    @Test func theFoldersAFileGoesInAreMadeUpToItsLastSlash() throws {
        let root = TestFolder.make("output-folders").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var made: [String] = []
        try OutputWriter.makeFolder(holding: root + "/é/\u{301}ü/index.html") { made.append($0) }
        #expect(made == [root + "/é", root + "/é/\u{301}ü"])
        made = []
        try OutputWriter.makeFolder(holding: "index.html") { made.append($0) }
        #expect(made.isEmpty)
        #expect(FileManager.default.fileExists(atPath: root + "/é/\u{301}ü"))
    }
}
