import Testing
@testable import TallySite

/// `OutputWriter.isInside`, which every written file passes: plain segments only.
@Suite struct OutputPathTests {
    @Test(arguments: ["index.html", "posts/page-00001/index.html", "a/.well-known/x", "...", "a/.../b", "a/..b/c", ".hidden", "a/b."])
    func plainPathsAreInside(path: String) {
        #expect(OutputWriter.isInside(path))
    }

    @Test(arguments: ["", "/", "/etc/passwd", "..", ".", "../escape.json", "a/../../b", "a/./b", "a//b", "a/", "a/..", "./a"])
    func otherPathsAreRefused(path: String) {
        #expect(!OutputWriter.isInside(path))
    }
}
