import Foundation
import TallyFormat

/// Lists a site folder's files: content, templates or static files.
enum SourceFiles {
    /// Every regular file under `directory` whose name ends with `suffix`, as sorted relative paths with "/"
    /// separators. Hidden files and folders are skipped. A symbolic link counts as the file it points to;
    /// links to folders are not followed, so a link cycle cannot loop.
    /// - Returns: also an error for each such file or folder whose name is not UTF-8 (`shownAs` is the folder as
    ///   messages name it): Tally reads names as text, so it could neither read nor publish it.
    static func list(in directory: URL, withSuffix suffix: String = "", shownAs shown: String) -> (paths: [String], problems: [Diagnostic]) {
        var paths: [String] = []
        var undecodable: [String] = []
        walk(directory.standardizedFileURL.path, prefix: "", suffix: suffix, into: &paths, undecodable: &undecodable)
        let problems = undecodable.sorted().map { path in
            Diagnostic(file: shown + "/" + path, message: "the name is not UTF-8 text (shown here with � for each byte that is not)",
                       hint: "rename it: Tally reads file and folder names as UTF-8, since it makes URLs and links from them")
        }
        return (paths.sorted(), problems)
    }

    /// The UTF-8 text of the file at `path`, or nil when it cannot be read or is not UTF-8. Plain `open` and `read`,
    /// decoded as `String(contentsOf:encoding:)` decodes: Foundation's reading, and the `URL` made for each path,
    /// cost 70,000 instructions a file.
    static func text(atPath path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        return String(bytes: bytes[..<filled], encoding: .utf8)
    }

    private static func walk(_ path: String, prefix: String, suffix: String, into paths: inout [String], undecodable: inout [String]) {
        DirectoryEntries.forEach(in: path, undecodable: { name, type in
            let shown = DirectoryEntries.shown(name)
            guard !shown.hasPrefix(".") else { return }
            var status = stat()
            let isFolder = Int32(type) == Int32(DT_DIR)
                || Int32(type) == Int32(DT_UNKNOWN) && lstat(DirectoryEntries.rawPath(in: path, name: name), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            if isFolder || shown.hasSuffix(suffix) { undecodable.append(prefix + shown) }
        }) { name, type in
            guard !name.hasPrefix(".") else { return }
            let fullPath = path + "/" + name
            switch kind(of: type, at: fullPath) {
            case .directory: walk(fullPath, prefix: prefix + name + "/", suffix: suffix, into: &paths, undecodable: &undecodable)
            case .file where name.hasSuffix(suffix): paths.append(prefix + name)
            default: return
            }
        }
    }

    private enum Kind { case file, directory, other }

    private static func kind(of type: UInt8, at path: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK), Int32(DT_UNKNOWN):
            var status = stat()
            guard stat(path, &status) == 0 else { return .other }
            if status.st_mode & S_IFMT == S_IFREG { return .file }
            // A folder reached through a link is only followed when readdir could not say what it is.
            return status.st_mode & S_IFMT == S_IFDIR && Int32(type) == Int32(DT_UNKNOWN) ? .directory : .other
        default: return .other
        }
    }
}
