import Foundation
import TallyStore

/// The size, modification time, change time and inode of every file below some paths: how the build and the
/// preview server tell that an input changed without reading it, as make and git's index do. The change time
/// cannot be set back by a tool that restores modification times, so a rewritten file always shows.
public struct FileStamps: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        let size: Int
        let modified: Int
        let changed: Int
        let inode: UInt

        init(_ info: stat) {
            // A folder's times change when entries come and go, which its files' own stamps already show.
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            size = isFolder ? 0 : Int(info.st_size)
            modified = isFolder ? 0 : info.st_mtim.nanoseconds
            changed = isFolder ? 0 : info.st_ctim.nanoseconds
            inode = isFolder ? 0 : UInt(info.st_ino)
        }

        /// A folder's stamp, which is its path alone (see above).
        static let folder: Stamp = {
            var info = stat()
            info.st_mode = S_IFDIR
            return Stamp(info)
        }()
    }

    /// Absolute path → stamp, for every file and folder below the paths (the paths themselves included).
    public private(set) var files: [String: Stamp] = [:]

    /// - Parameter skipping: names of entries not to look into at any depth, such as a deploy checkout's `.git`.
    public init(of paths: [URL], skipping: Set<String> = []) {
        var files: [String: Stamp] = [:]
        Self.visit(paths, skipping: skipping) { path, stamp in files[path] = stamp }
        self.files = files
    }

    /// The first path, in sorted order, that was added, removed or changed between `self` and `other`.
    public func firstChange(to other: FileStamps) -> String? {
        let keys = Set(files.keys).union(other.files.keys)
        return keys.filter { files[$0] != other.files[$0] }.min()
    }

    /// How many files and folders there are below the paths, and a digest of their paths and stamps that any
    /// added, removed or changed file alters; computed as the folders are read, so 100,000 files take no memory.
    /// The running `tally` binary's stamp as text: a new build of Tally may write other bytes from the same inputs.
    /// The SQLite library it runs on is part of it: `tally` loads the system's, and another version may plan a query
    /// otherwise, giving rows that tie in an ORDER BY in another order.
    static var executable: String {
        (Bundle.main.executableURL.map { line(digest(of: [$0])) } ?? "-") + ", SQLite " + SiteDatabase.sqliteLibrary
    }

    /// A digest of files as one line of text.
    static func line(_ files: (count: Int, digest: UInt64)) -> String {
        "\(files.count) files, digest \(String(files.digest, radix: 16))"
    }

    static func digest(of paths: [URL], skipping: Set<String> = []) -> (count: Int, digest: UInt64) {
        var total = Sum()
        for url in paths {
            let path = url.standardizedFileURL.path
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            total.add(path, Stamp(info))
            if info.st_mode & S_IFMT == S_IFDIR { total.add(digest(ofFolder: path, skipping: skipping)) }
        }
        return (total.count, total.digest)
    }

    /// Files and folders counted and their hashes added up: each file's hash is added, so the order folders list
    /// their entries in, or the cores that stamp them, do not matter.
    private struct Sum: Sendable {
        var count = 0
        var digest: UInt64 = 0

        mutating func add(_ path: String, _ stamp: Stamp) {
            count += 1
            digest &+= FileStamps.hash(path, stamp)
        }

        mutating func add(_ other: Sum) {
            count += other.count
            digest &+= other.digest
        }

        /// An entry whose name is not UTF-8, stamped as itself (a folder is not entered: no `String` names what is
        /// in it), so that one added, removed or changed makes the next build run, which then reports or removes it.
        mutating func add(undecodable name: [UInt8], in folder: String) {
            var info = stat()
            guard lstat(DirectoryEntries.rawPath(in: folder, name: name), &info) == 0 else { return }
            add(folder + "/" + DirectoryEntries.shown(name), Stamp(info))
        }
    }

    /// A folder with more entries than this has them stamped on every core: 10,000 content files took 30 ms of a
    /// build's start on one, before anything else could begin.
    static let entriesStampedTogether = 512

    /// What `walk` visits below `path`, as `digest(of:)` adds it up: the folder's entries, then its subfolders'.
    private static func digest(ofFolder path: String, skipping: Set<String>) -> Sum {
        var listed: [(name: String, isFolder: Bool)] = []
        var sum = Sum()
        DirectoryEntries.forEach(in: path, undecodable: { name, _ in sum.add(undecodable: name, in: path) }) { name, type in
            if !skipping.contains(name) { listed.append((name, Int32(type) == Int32(DT_DIR))) }
        }
        let entries = listed
        let stamp = { @Sendable (range: Range<Int>) -> (sum: Sum, folders: [String]) in
            var sum = Sum()
            var folders: [String] = []
            for (name, isFolder) in entries[range] {
                let fullPath = path + "/" + name
                var info = stat()
                // A link to a file is stamped as the file it points to.
                guard stat(fullPath, &info) == 0 else { continue }
                sum.add(fullPath, Stamp(info))
                if isFolder { folders.append(fullPath) }
            }
            return (sum, folders)
        }
        let size = entriesStampedTogether / 4
        let parts = entries.count <= entriesStampedTogether
            ? [stamp(entries.indices)]
            : stride(from: 0, to: entries.count, by: size).map { $0..<min($0 + size, entries.count) }.concurrentMap(stamp)
        var total = sum
        for part in parts {
            total.add(part.sum)
            for folder in part.folders { total.add(digest(ofFolder: folder, skipping: skipping)) }
        }
        return total
    }

    /// One file's or folder's part of `digest(of:)`: the output writer adds up the same parts as it writes, so a
    /// first build's stamp needs no walk of what it just wrote.
    static func hash(_ path: String, _ stamp: Stamp) -> UInt64 {
        var hash = FNV1a()
        hash.add(path)
        for value in [UInt64(bitPattern: Int64(stamp.size)), UInt64(bitPattern: Int64(stamp.modified)),
                      UInt64(bitPattern: Int64(stamp.changed)), UInt64(stamp.inode)] { hash.add(value) }
        return hash.value
    }

    private static func visit(_ paths: [URL], skipping: Set<String>, _ body: (String, Stamp) -> Void) {
        for url in paths {
            let path = url.standardizedFileURL.path
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            body(path, Stamp(info))
            if info.st_mode & S_IFMT == S_IFDIR { walk(path, skipping: skipping, body) }
        }
    }

    // Folders are entered only when readdir says the entry is one, so a link to a folder is not followed.
    private static func walk(_ path: String, skipping: Set<String>, _ body: (String, Stamp) -> Void) {
        DirectoryEntries.forEach(in: path, undecodable: { name, _ in
            var info = stat()
            // As `Sum.add(undecodable:in:)` stamps it.
            if lstat(DirectoryEntries.rawPath(in: path, name: name), &info) == 0 { body(path + "/" + DirectoryEntries.shown(name), Stamp(info)) }
        }) { name, type in
            guard !skipping.contains(name) else { return }
            let fullPath = path + "/" + name
            var info = stat()
            // A link to a file is stamped as the file it points to.
            guard stat(fullPath, &info) == 0 else { return }
            body(fullPath, Stamp(info))
            if Int32(type) == Int32(DT_DIR) { walk(fullPath, skipping: skipping, body) }
        }
    }
}

/// FNV-1a, 64 bits: a fast, stable hash for telling stamps apart (not for security; nothing here is secret).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
        add(UInt8(0))
    }

    mutating func add(_ number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    private mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
