import Foundation
import Synchronization
import TallyStore

extension OutputWriter {
    /// Starts making the staging folders that `files` (paths inside the output) go in, in their order, on a thread
    /// of its own, so that writing each file later needs no `mkdir`. A first build only: with a previous output, a
    /// page whose bytes did not change leaves no file in staging, and its folder would be left empty.
    ///
    /// The build calls it as the content has loaded: one core then writes the snapshot's `site_pages` rows while the
    /// other has nothing to do, and each page's folder cost the render a `mkdir` in the same parent folder as the
    /// other core's, which takes that folder's lock (docs/performance.md).
    func makeFoldersAhead(of files: [String]) {
        guard !hasPrevious, !files.isEmpty else { return }
        let work = BackgroundWork { [self] in
            for file in files {
                if foldersAhead.stopped.load(ordering: .relaxed) { return }
                try? OutputWriter.makeFolder(holding: stagingPath + "/" + file) { self.count(folder: $0) }
            }
        }
        foldersAhead.work.withLock { $0 = work }
    }

    /// Stops making folders ahead and waits for the folder under way: the staging folder is then the build's alone,
    /// to rename or remove.
    func stopMakingFoldersAhead() {
        foldersAhead.stopped.store(true, ordering: .relaxed)
        foldersAhead.work.withLock { $0 }?.result()
    }
}

/// The state of `OutputWriter.makeFoldersAhead`: the thread making them, and whether it should stop.
final class FoldersAhead: Sendable {
    let stopped = Atomic<Bool>(false)
    let work = Mutex<BackgroundWork<Void>?>(nil)
}
