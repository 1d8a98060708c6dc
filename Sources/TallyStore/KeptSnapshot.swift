import Foundation

/// The published snapshot the last build kept beside its output (`.public.tally-rows`), with a record of what it
/// was made from (`.public.tally-rows-source`): when the database file, the publication policy, the build's
/// settings and the site's pages and views are all as they were, a build copies that snapshot instead of copying,
/// scrubbing and indexing the database and computing its views again.
///
/// The record holds two digests, the database's and the site content's, then the kept file's own stamp, so a kept
/// file that anything else replaced is not trusted. The database's comes first: when it differs, the build starts
/// the copy at once rather than wait for the content to load.
public struct KeptSnapshot: Sendable {
    /// The kept snapshot file.
    public let path: String
    /// Whatever else the snapshot's rows depend on, as text: the `tally` binary and the config (the timezone that
    /// `local_datetime` in a materialized view reads, the `sources:`).
    let settings: String

    public init(path: String, settings: String) {
        self.path = path
        self.settings = settings
    }

    var recordPath: String { path + "-source" }

    /// What the database part of the snapshot was made from: the file and its `-wal` as they are now (size,
    /// modification and change times, inode, as make and git's index tell a file changed), the policy, the settings.
    func databaseDigest(source: String, policy: PublicationPolicy) -> String {
        var digest = ContentDigest()
        for file in [source, source + "-wal"] { digest.add(Self.stamp(file) ?? "none") }
        digest.add(policy.publishedUsers.joined(separator: "\n"))
        for column in policy.privateColumns { digest.add(column.table + "." + column.column) }
        digest.add(settings)
        return digest.hex
    }

    /// What the site's own tables and views were made from: every field of every page, and each view's name and SQL.
    static func contentDigest(pages: [SitePage], views: [SiteView]) -> String {
        var digest = ContentDigest()
        for page in pages {
            for field in [page.url, page.title, page.description, page.date ?? "\u{0}", String(page.weight), page.file, page.section] {
                digest.add(field)
            }
            digest.add(UInt64(page.tags.count))
            page.tags.forEach { digest.add($0) }
        }
        for view in views {
            digest.add(view.name)
            digest.add(view.sql)
            digest.add(UInt8(view.materialize ? 1 : 0))
            for index in view.indexes { digest.add(index.columns.joined(separator: ",")) }
        }
        return digest.hex
    }

    /// The two digests the kept snapshot was recorded with, when the kept file is still the one recorded.
    func recorded() -> (database: String, content: String)? {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count == 3, let stamp = Self.stamp(path), lines[2] == stamp else { return nil }
        return (lines[0], lines[1])
    }

    /// Records what the snapshot just kept at `path` was made from.
    func record(database: String, content: String) {
        guard let stamp = Self.stamp(path) else { return }
        try? Data((database + "\n" + content + "\n" + stamp + "\n").utf8).write(to: URL(fileURLWithPath: recordPath), options: .atomic)
    }

    /// Removes the record, so the kept file is not reused (it is about to change, or it could not be written).
    func forget() {
        unlink(recordPath)
    }

    /// Size, modification and change times and inode: nil when there is no such file.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
        let changed = info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
        return "\(info.st_size):\(modified):\(changed):\(info.st_ino)"
    }
}
