import Foundation

/// A file a page wrote inside the output, with its size, modification time, change time and inode as the build
/// left them: a file that anything else rewrote, touched or deleted since no longer matches, and its page is
/// rendered again.
struct OutputFileStamp: Equatable {
    /// Relative to the output folder: `orgs/amf/index.html`.
    let path: String
    let stamp: String

    /// The stamp of `path` inside `folder` as it is now; nil when there is no such file.
    static func current(_ path: String, in folder: String) -> OutputFileStamp? {
        var info = stat()
        guard stat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let modified = info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec
        let changed = info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
        return OutputFileStamp(path: path, stamp: "\(info.st_size):\(modified):\(changed):\(info.st_ino)")
    }
}
