import Foundation
@testable import TallySite
import TallyTestFolder
import Testing

/// A build killed before it could remove its staging folder (`.public.staging-<pid>`) leaves a partial site beside
/// the output; the next build into that output removes it, and leaves alone every folder a running process may use.
@Suite struct AbandonedStagingTests {
    @Test func aKilledBuildsStagingFolderIsRemovedByTheNextBuildAndALiveOnesIsKept() throws {
        let gone = try TestProcess.finished()
        let alive = getppid()
        let folder = try OutputSwapTests.folder([
            "public/index.html": "live",
            ".public.staging-\(gone)/index.html": "partial", ".public.staging-\(gone)/orgs/a/index.html": "partial",
            ".public.staging-\(alive)/index.html": "another build's",
            ".other.staging-\(gone)/index.html": "another output's",
            ".public.staging-notes/index.html": "not a process number",
        ])
        _ = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".public.staging-\(getpid())") }
        #expect(Set(names) == ["public", ".public.staging-\(alive)", ".other.staging-\(gone)", ".public.staging-notes"])
        #expect(OutputSwapTests.files(in: folder)["public/index.html"] == "live")
    }
}
