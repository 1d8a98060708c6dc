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
        return OutputFileStamp(path: path, stamp: text(of: FileStamps.Stamp(info)))
    }

    /// A regular file's stamp as the manifest writes it: size, modification time, change time, inode.
    static func text(of stamp: FileStamps.Stamp) -> String {
        "\(stamp.size):\(stamp.modified):\(stamp.changed):\(stamp.inode)"
    }
}
