import Foundation

/// Notices changes to a site's inputs by comparing modification times and sizes, polled: simple, portable,
/// and cheap for the few thousand files a site has.
struct SourceWatcher: Sendable {
    /// Each file below the watched paths → its modification time (nanoseconds) and size.
    typealias Fingerprint = [String: FileStamp]

    struct FileStamp: Equatable, Sendable {
        let modified: Int
        let size: Int
    }

    let paths: [URL]

    func fingerprint() -> Fingerprint {
        var stamps: Fingerprint = [:]
        for url in paths {
            let base = url.standardizedFileURL.path
            guard let stamp = SourceWatcher.stamp(base) else { continue }
            stamps[base] = stamp
            guard let enumerator = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let path = base + "/" + relative
                if let stamp = SourceWatcher.stamp(path) { stamps[path] = stamp }
            }
        }
        return stamps
    }

    /// The first path that differs between two fingerprints, for the "changed: …" line.
    static func firstChange(from old: Fingerprint, to new: Fingerprint) -> String? {
        let changed = Set(old.keys).symmetricDifference(new.keys).union(new.keys.filter { old[$0] != nil && old[$0] != new[$0] })
        return changed.sorted().first
    }

    private static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        // A folder's own time changes when entries come and go; its size means nothing.
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        return FileStamp(modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec, size: isFolder ? 0 : Int(info.st_size))
    }
}
