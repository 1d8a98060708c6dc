import Synchronization
import TallyStore

/// What `tally serve` keeps in memory from one build to the next into the same output, so that a small change costs
/// what it changes: the snapshot the last good build read, still open (`SiteDatabase.continuing`), each content file
/// as it loaded, by the digest of its text (`ContentLoader`), and the incremental record as the last build wrote it
/// (`PageManifest`). Each is checked against what it was made from before it is used, and made again as any build
/// makes it when that changed, so the output is byte for byte what a build without it writes. `tally build` keeps
/// nothing between processes but the files beside the output.
package final class BuildMemory: Sendable {
    private let database = Mutex<SiteDatabase?>(nil)
    /// Content file (`content/about.md`, with its path inside the content folder) → the digest of its text and what
    /// loading it gave.
    let content = Mutex<[String: (digest: String, loaded: Result<PageSource, BuildFailure>)]>([:])
    /// The manifest the last build wrote, with the stamp of its file just after (`OutputFileStamp`).
    let manifest = Mutex<(PageManifest, stamp: String)?>(nil)

    package init() {}

    /// The snapshot the last good build read, taken: a build that fails after updating it leaves none behind.
    func takeDatabase() -> SiteDatabase? {
        database.withLock { kept in
            defer { kept = nil }
            return kept
        }
    }

    /// Keeps the snapshot a good build read, for the next build.
    func keep(_ snapshot: SiteDatabase) {
        database.withLock { $0 = snapshot }
    }
}
