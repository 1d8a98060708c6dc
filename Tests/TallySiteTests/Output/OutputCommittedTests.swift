import Foundation
import Synchronization
import Testing
@testable import TallySite
import TallyTestSupport

/// `BuildProgress.outputCommitted`, which `tally serve` reloads open pages on: reported once per build that wrote its
/// output, when the new pages are already there.
@Suite struct OutputCommittedTests {
    /// What the page held each time the output was reported committed.
    final class Recorder: BuildProgress {
        let pages = Mutex<[String]>([])
        func stageStarted(_ stage: BuildStage) {}
        func pagesRendered(_ done: Int, of total: Int) {}
        func outputCommitted(_ output: URL) {
            let page = (try? String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)) ?? "missing"
            pages.withLock { $0.append(page) }
        }
    }

    @Test func theNewPagesAreInPlaceWhenTheOutputIsReportedCommitted() throws {
        let site = try TestSite(["content/index.md": "# One\n"])
        var options = BuildOptions(root: site.root)
        options.stamp = .reuse
        let recorder = Recorder()
        _ = try SiteBuilder.build(options, progress: recorder).get()
        try site.write("# Two\n", to: "content/index.md")
        _ = try SiteBuilder.build(options, progress: recorder).get()
        #expect(try SiteBuilder.build(options, progress: recorder).get().upToDate, "nothing changed: nothing committed")
        let pages = recorder.pages.withLock { $0 }
        #expect(pages.count == 2)
        #expect(pages.first?.contains("One</h1>") == true && pages.last?.contains("Two</h1>") == true)
    }
}
