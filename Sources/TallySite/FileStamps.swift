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
        for url in paths {
            let path = url.standardizedFileURL.path
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            files[path] = Stamp(info)
            if info.st_mode & S_IFMT == S_IFDIR { walk(path, skipping: skipping) }
        }
    }

    /// The first path, in sorted order, that was added, removed or changed between `self` and `other`.
    public func firstChange(to other: FileStamps) -> String? {
        let keys = Set(files.keys).union(other.files.keys)
        return keys.filter { files[$0] != other.files[$0] }.min()
    }

    /// One line per file, sorted: what a build stamp stores.
    var lines: [String] {
        files.sorted { $0.key < $1.key }.map { path, stamp in
            "\(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode) \(path)"
        }
    }

    // Folders are entered only when readdir says the entry is one, so a link to a folder is not followed.
    private mutating func walk(_ path: String, skipping: Set<String>) {
        guard let stream = opendir(path) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name != ".", name != "..", !skipping.contains(name) else { continue }
            let fullPath = path + "/" + name
            var info = stat()
            // A link to a file is stamped as the file it points to.
            guard stat(fullPath, &info) == 0 else { continue }
            files[fullPath] = Stamp(info)
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) { walk(fullPath, skipping: skipping) }
        }
    }
}
