import Foundation
import GRDB

extension SiteDatabase {
    /// How a build's snapshot came to be: a copy of the kept one, a copy of it updated, or made from the database.
    struct OpenedSnapshot {
        var viewErrors: [ViewError] = []
        var reused: String?
        var update: SnapshotUpdate?
        var madeFrom: KeptSnapshot.Record?
        /// For an updated snapshot, where its rows can differ from the kept one's.
        var changedRuns: ChangedRuns?
        var staleViews = StaleViews()
        /// Whether it is the snapshot the last build read, still open (`continuing`).
        var continued = false
    }

    /// Puts the build's snapshot at `snapshotPath`, the cheapest way that gives the same rows: the kept snapshot
    /// copied when nothing it was made from changed; copied and updated table by table when only the database's rows
    /// changed (`SnapshotUpdate`); otherwise made from the database (`PublishedSnapshot.make`).
    static func openSnapshot(at snapshotPath: String, from path: String, policy: PublicationPolicy,
                             siteContent: () -> (pages: [SitePage], views: [SiteView]),
                             functions: @escaping @Sendable (Database) -> Void, importSources: ((Database) throws -> Void)?,
                             kept: KeptSnapshot?, deferViews: Bool) throws(StoreError) -> OpenedSnapshot {
        // Imported `sources:` are read from their own files, which no digest here covers: such a snapshot is always made.
        guard let kept, importSources == nil, FileManager.default.fileExists(atPath: path) else {
            let made = try PublishedSnapshot.make(from: path, policy: policy, siteContent: siteContent, functions: functions,
                                                  importSources: importSources, at: snapshotPath)
            return OpenedSnapshot(viewErrors: made.viewErrors)
        }
        let database = kept.databaseDigest(source: path, policy: policy)
        let settings = kept.settingsDigest(policy: policy)
        var loaded: (content: (pages: [SitePage], views: [SiteView]), digest: String)?
        func content() -> (content: (pages: [SitePage], views: [SiteView]), digest: String) {
            if let loaded { return loaded }
            let content = siteContent()
            let made = (content, KeptSnapshot.contentDigest(pages: content.pages, views: content.views))
            loaded = made
            return made
        }
        if let recorded = kept.recorded(), recorded.settings == settings, content().digest == recorded.content {
            if recorded.database == database, (try? FileManager.default.copyItem(atPath: kept.path, toPath: snapshotPath)) != nil {
                // A snapshot is kept only after a build without errors, so every view in it was created.
                return OpenedSnapshot(reused: kept.path, madeFrom: recorded)
            }
            let keptStamp = KeptSnapshot.stamp(kept.path)
            if let (update, source, stale) = PublishedSnapshot.update(kept: kept.path, recorded: recorded.source, from: path, policy: policy,
                                                                      views: content().content.views, functions: functions,
                                                                      deferViews: deferViews, at: snapshotPath) {
                // Only when the kept file did not change while it was copied: the runs say how this copy differs from it.
                let runs = keptStamp.flatMap { stamp in
                    KeptSnapshot.stamp(kept.path) == stamp ? ChangedRuns(keptStamp: stamp, recorded: recorded.source, now: source, blanked: update.tablesBlanked) : nil
                }
                return OpenedSnapshot(update: update, madeFrom: KeptSnapshot.Record(database: database, content: recorded.content,
                                                                                    settings: settings, source: source),
                                      changedRuns: runs, staleViews: stale)
            }
            removeFiles(at: snapshotPath)
        }
        let made = try PublishedSnapshot.make(from: path, policy: policy, siteContent: { content().content }, functions: functions,
                                              digestsSource: true, at: snapshotPath)
        return OpenedSnapshot(viewErrors: made.viewErrors, madeFrom: made.source.map { source in
            KeptSnapshot.Record(database: database, content: content().digest, settings: settings, source: source)
        })
    }
}
