import Foundation

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
            modified = isFolder ? 0 : info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
            changed = isFolder ? 0 : info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
            inode = isFolder ? 0 : UInt(info.st_ino)
        }
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
    static var executable: String {
        Bundle.main.executableURL.map { line(digest(of: [$0])) } ?? "-"
    }

    /// A digest of files as one line of text.
    static func line(_ files: (count: Int, digest: UInt64)) -> String {
        "\(files.count) files, digest \(String(files.digest, radix: 16))"
    }

    static func digest(of paths: [URL], skipping: Set<String> = []) -> (count: Int, digest: UInt64) {
        var count = 0
        var digest: UInt64 = 0
        visit(paths, skipping: skipping) { path, stamp in
            count += 1
            // Each file's hash is added, so the order folders list their entries in does not matter.
            var hash = FNV1a()
            hash.add(path)
            for value in [UInt64(bitPattern: Int64(stamp.size)), UInt64(bitPattern: Int64(stamp.modified)),
                          UInt64(bitPattern: Int64(stamp.changed)), UInt64(stamp.inode)] { hash.add(value) }
            digest &+= hash.value
        }
        return (count, digest)
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
        DirectoryEntries.forEach(in: path) { name, type in
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
