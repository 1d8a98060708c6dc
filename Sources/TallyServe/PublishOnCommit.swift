import Foundation
import Synchronization
import TallySite

/// Publishes a good build to the preview as soon as its output is in place (`BuildProgress.outputCommitted`), so open
/// pages reload while the build still records its stamp, its pages and its snapshot for the next one.
final class PublishOnCommit: BuildProgress {
    private let state: PreviewStateBox
    private let basePath: String
    private let done = Atomic<Bool>(false)

    init(state: PreviewStateBox, basePath: String) {
        self.state = state
        self.basePath = basePath
    }

    func stageStarted(_ stage: BuildStage) {}
    func pagesRendered(_ done: Int, of total: Int) {}

    func outputCommitted(_ output: URL) {
        publish(output)
    }

    /// Makes `output` the served build and counts a good build, once: on commit, or when the build returns for one
    /// that stopped before (up to date).
    func publish(_ output: URL) {
        guard !done.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let basePath = self.basePath
        state.update {
            $0.generation += 1
            $0.succeeded = true
            $0.errors = []
            $0.output = output
            $0.basePath = basePath
        }
    }
}
