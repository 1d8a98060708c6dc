import Foundation
import GRDB

extension SiteDatabase {
    /// This build's snapshot made from the one `previous` opened, which `tally serve` keeps open between its builds:
    /// the same file as it is when nothing it was made from changed, or updated in place, table by table, when only the
    /// database's rows changed (`PublishedSnapshot.update(inPlace:…)`), without the copy of the kept snapshot that
    /// `init` makes. Nil when neither gives the rows a new snapshot would have (the settings, the site's pages or views
    /// or the database's schema changed, or `previous` was not fully made): the caller then opens one as a build does,
    /// and must not use `previous` again, whose file may have been written.
    package static func continuing(_ previous: SiteDatabase, path: String, policy: PublicationPolicy,
                                   siteContent: () -> (pages: [SitePage], views: [SiteView]),
                                   kept: KeptSnapshot, deferViews: Bool) -> SiteDatabase? {
        guard let recorded = previous.madeFrom, previous.viewErrors.isEmpty, previous.staleViews.isEmpty,
              FileManager.default.fileExists(atPath: path), recorded.settings == kept.settingsDigest(policy: policy) else { return nil }
        let content = siteContent()
        guard KeptSnapshot.contentDigest(pages: content.pages, views: content.views) == recorded.content else { return nil }
        let database = kept.databaseDigest(source: path, policy: policy)
        if database == recorded.database {
            return SiteDatabase(file: previous.file, opened: OpenedSnapshot(madeFrom: recorded, continued: true), functions: previous.functions)
        }
        // The kept file holds this file's rows when it was written from it and neither changed since: then the runs the
        // update changed are where the two differ.
        let keptStamp = previous.file.keptAs.withLock { kept in defer { kept = nil }; return kept }
        let keptIsThis = keptStamp != nil && KeptSnapshot.stamp(kept.path) == keptStamp
        guard let (update, source, stale) = PublishedSnapshot.update(inPlace: previous.snapshotPath, recorded: recorded.source, from: path,
                                                                     policy: policy, views: content.views, functions: previous.functions,
                                                                     deferViews: deferViews) else { return nil }
        var made = recorded
        made.database = database
        made.source = source
        let runs = keptStamp.flatMap { keptIsThis ? ChangedRuns(keptStamp: $0, recorded: recorded.source, now: source, blanked: update.tablesBlanked) : nil }
        return SiteDatabase(file: previous.file, opened: OpenedSnapshot(update: update, madeFrom: made, changedRuns: runs, staleViews: stale,
                                                                        continued: true),
                            functions: previous.functions)
    }
}
