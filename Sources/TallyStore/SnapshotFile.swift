import GRDB
import Synchronization

/// A build's snapshot file in the temporary folder and the read-only pool over it. It outlives one `SiteDatabase`
/// when `tally serve` keeps it open for its next build (`SiteDatabase.continuing`); it is closed and removed when the
/// last database that uses it goes.
final class SnapshotFile: Sendable {
    let path: String
    let pool: DatabasePool
    /// The stamp of the kept snapshot beside the output (`KeptSnapshot.stamp`) when it was last written from this file
    /// and this file has not changed since: the next build that keeps it need not write it again. Nil otherwise.
    let keptAs = Mutex<String?>(nil)

    init(path: String, pool: DatabasePool) {
        self.path = path
        self.pool = pool
    }

    deinit {
        try? pool.close()
        SiteDatabase.removeFiles(at: path)
    }
}
