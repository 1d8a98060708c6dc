import Foundation

/// The published snapshot the last build kept beside its output (`.public.tally-rows`), with a record of what it
/// was made from (`.public.tally-rows-source`): when the database file, the publication policy, the build's
/// settings and the site's pages and views are all as they were, a build copies that snapshot instead of copying,
/// scrubbing and indexing the database and computing its views again.
///
/// The record holds the database's digest (its file's stamp, the policy, the settings), the site content's, the
/// settings' alone, a digest of each of the database's tables as the snapshot copied them (and of each run of
/// 1,024 rowids in it), and then the kept file's
/// own stamp, so a kept file that anything else replaced is not trusted. When only the database's rows changed, the
/// build updates a copy of the kept snapshot, table by table (`SnapshotUpdate`), rather than make it again.
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
        digest.add(settingsDigest(policy: policy))
        return digest.hex
    }

    /// The policy and the settings alone: when only the database file changed, the kept snapshot can be updated
    /// table by table (`SnapshotUpdate`) instead of made again.
    func settingsDigest(policy: PublicationPolicy) -> String {
        var digest = ContentDigest()
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

    /// What a kept snapshot was made from, as its record says.
    struct Record: Equatable {
        /// `databaseDigest`: the database file's stamp, the policy and the settings.
        var database: String
        /// `contentDigest`: the site's pages and views.
        var content: String
        /// `settingsDigest`: the policy and the settings without the file's stamp.
        var settings: String
        /// The database's rows as the snapshot copied them, before scrubbing (`SourceDigests`).
        var source: SourceDigests
    }

    /// The record the kept snapshot was written with, when the kept file is still the one recorded.
    func recorded() -> Record? {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        // database, content, settings, schema, one line per table (name, tab, digest, then each run of rowids and its
        // digest, `run:digest`, after a space), then the kept file's stamp.
        guard lines.count >= 5, let stamp = Self.stamp(path), lines[lines.count - 1] == stamp else { return nil }
        var tables: [String: String] = [:]
        var chunks: [String: [Int64: String]] = [:]
        for line in lines[4..<(lines.count - 1)] {
            guard let tab = line.lastIndex(of: "\t") else { return nil }
            let table = String(line[..<tab])
            let fields = line[line.index(after: tab)...].split(separator: " ")
            guard let digest = fields.first else { return nil }
            tables[table] = String(digest)
            var runs: [Int64: String] = [:]
            for field in fields.dropFirst() {
                guard let colon = field.firstIndex(of: ":"), let run = Int64(field[..<colon]) else { return nil }
                runs[run] = String(field[field.index(after: colon)...])
            }
            if !runs.isEmpty { chunks[table] = runs }
        }
        return Record(database: lines[0], content: lines[1], settings: lines[2],
                      source: SourceDigests(schema: lines[3], tables: tables, chunks: chunks))
    }

    /// Records what the snapshot just kept at `path` was made from. A table name holding a line break cannot be
    /// recorded; such a snapshot is kept without a record, so the next build makes its own.
    func record(_ record: Record) {
        guard let stamp = Self.stamp(path), !record.source.tables.keys.contains(where: { $0.contains("\n") }) else { return }
        var text = [record.database, record.content, record.settings, record.source.schema].joined(separator: "\n") + "\n"
        for (table, digest) in record.source.tables.sorted(by: { $0.key < $1.key }) {
            // The runs' digests let the next build's update walk only the runs that changed (`SourceDigests.chunks`).
            let runs = (record.source.chunks[table] ?? [:]).sorted { $0.key < $1.key }.map { " \($0.key):\($0.value)" }
            text += "\(table)\t\(digest)" + runs.joined() + "\n"
        }
        text += "\(stamp)\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: recordPath), options: .atomic)
    }

    /// Removes the record, so the kept file is not reused (it is about to change, or it could not be written).
    func forget() {
        unlink(recordPath)
    }

    /// Size, modification and change times and inode: nil when there is no such file.
    static func stamp(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = info.st_mtim.nanoseconds
        let changed = info.st_ctim.nanoseconds
        return "\(info.st_size):\(modified):\(changed):\(info.st_ino)"
    }
}
