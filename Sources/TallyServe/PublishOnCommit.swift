import Foundation
import Synchronization
import TallySite

/// Publishes a good build to the preview as soon as its output is in place (`BuildProgress.outputCommitted`), so open
/// pages reload while the build still records its stamp, its pages and its snapshot for the next one; before that,
/// shows the open pages the build rendered first (`showAhead`). With `tally serve --timings`, hands every timing on
/// to `timings`.
final class PublishOnCommit: BuildProgress {
    private let state: PreviewStateBox
    private let basePath: String
    private let timings: (any BuildProgress)?
    private let done = Atomic<Bool>(false)

    init(state: PreviewStateBox, basePath: String, timings: (any BuildProgress)? = nil) {
        self.state = state
        self.basePath = basePath
        self.timings = timings
    }

    func stageStarted(_ stage: BuildStage) { timings?.stageStarted(stage) }
    func pagesRendered(_ done: Int, of total: Int) {}
    var wantsPageTimes: Bool { timings?.wantsPageTimes ?? false }
    func pageRendered(from file: String, in duration: Duration) { timings?.pageRendered(from: file, in: duration) }
    func stepTimed(_ name: String, wall: Duration, cpu: Duration) { timings?.stepTimed(name, wall: wall, cpu: cpu) }

    func outputCommitted(_ output: URL) {
        publish(output)
    }

    /// Serves the open pages the build rendered before the others from memory, and tells them to reload when their
    /// bytes differ from the last good build's; a page whose render failed shows its errors as a failed build does.
    /// Returns the pages that changed.
    func showAhead(_ pages: [OpenPage]) -> [OpenPage] {
        let errors = pages.flatMap { $0.problems.filter { $0.severity == .error } }
        guard errors.isEmpty else {
            state.update {
                $0.generation += 1
                $0.succeeded = false
                $0.errors = errors.map(\.description)
            }
            return []
        }
        let output = state.current.output
        let changed = pages.filter { page in
            page.bytes != FileManager.default.contents(atPath: output.appendingPathComponent(page.file).path)
        }
        state.update {
            $0.shownAhead = Set(pages.map(\.path))
            guard !changed.isEmpty else { return }
            $0.generation += 1
            $0.succeeded = true
            $0.errors = []
            for page in changed { $0.overlay[page.file] = page.bytes }
        }
        return changed
    }

    /// Makes `output` the served build and counts a good build, once: on commit, or when the build returns for one
    /// that stopped before (up to date). The pages shown ahead are dropped, as the output now holds them; open
    /// pages are told to reload unless each of them was shown ahead, with the bytes the build wrote.
    func publish(_ output: URL) {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let basePath = self.basePath
        let open = state.openPages
        state.update {
            if open.isEmpty || !open.isSubset(of: $0.shownAhead) || !$0.succeeded { $0.generation += 1 }
            $0.succeeded = true
            $0.errors = []
            $0.output = output
            $0.basePath = basePath
            $0.overlay = [:]
            $0.shownAhead = []
        }
    }
}
