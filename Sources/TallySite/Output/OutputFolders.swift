import Foundation
import TallyStore

/// Every folder of the output as the last in-place commit left it: its inode and change time, and how many files
/// (not folders, not hidden names) it held. Kept beside the output as `.public.tally-folders`, so that the next
/// commit finds stray files without reading every folder: a folder's change time moves whenever an entry is added,
/// removed or renamed in it, so a folder whose stamp is as recorded holds the files it held, and only the others
/// are read (`OutputWriter+InPlace`). At 20,000 organizations that is one `lstat` for each of 30,732 folders in
/// place of reading them all.
///
/// A folder whose change time was less than `racyMargin` before the commit began is recorded without a stamp, and
/// is read next time: something may have changed it within the same tick of the file system's clock after it was
/// looked at (git's "racily clean" entries). So is every folder the commit itself changed.
///
/// The text format: `tally-folders 1`, then one folder a line, parents before their children:
/// `<inode>\t<change time>\t<files>\t<path>`, the root's path empty, `-` for the inode and time when unknown;
/// then `end\t<folders>`. A record cut short (it is written without `fsync`) would vouch for a folder whose
/// subfolders it no longer lists, which would then go unread: without its last line it is not used.
struct OutputFolders: Equatable {
    static let format = "tally-folders 1"
    /// Longer than any file system's clock tick (2 s on FAT): a change time this close to the commit is not trusted.
    static let racyMargin = 2_000_000_000

    struct Stamp: Equatable {
        let inode: UInt
        let changed: Int

        init(_ info: stat) {
            inode = UInt(info.st_ino)
            changed = info.st_ctim.nanoseconds
        }

        init(inode: UInt, changed: Int) {
            self.inode = inode
            self.changed = changed
        }
    }

    struct Folder: Equatable {
        /// Relative to the output; empty for the output itself.
        let path: String
        /// Nil when the folder must be read next time.
        var stamp: Stamp?
        var files: Int
    }

    /// Parents before their children.
    var folders: [Folder]

    static func file(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-folders")
    }

    /// The record beside `output`; nil when there is none or it cannot be read. Whether each folder's parent comes
    /// before it, `LiveOutput` checks as it looks the parents up.
    static func load(beside output: URL) -> OutputFolders? {
        guard var text = try? String(contentsOf: file(for: output), encoding: .utf8) else { return nil }
        // By byte, with no `Substring` per field: 30,732 folders at 20,000 organizations.
        return text.withUTF8 { bytes -> OutputFolders? in
            let header = Array((format + "\n").utf8)
            guard bytes.starts(with: header) else { return nil }
            var folders: [Folder] = []
            var start = header.count
            var ended = false
            while start < bytes.count {
                guard !ended else { return nil }
                var tabs: [Int] = []
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
                    if bytes[end] == UInt8(ascii: "\t") && tabs.count < 3 { tabs.append(end) }
                    end += 1
                }
                if tabs.count == 1, bytes[start..<tabs[0]].elementsEqual("end".utf8) {
                    guard number(bytes, tabs[0] + 1..<end) == folders.count else { return nil }
                    ended = true
                    start = end + 1
                    continue
                }
                guard tabs.count == 3, let files = number(bytes, tabs[1] + 1..<tabs[2]), files >= 0 else { return nil }
                let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[tabs[2] + 1..<end]), as: UTF8.self)
                guard folders.isEmpty ? path.isEmpty : OutputWriter.isInside(path) && !hasHiddenName(path) else { return nil }
                let stamp: Stamp?
                if tabs[0] == start + 1, bytes[start] == UInt8(ascii: "-"), tabs[1] == tabs[0] + 2, bytes[tabs[0] + 1] == UInt8(ascii: "-") {
                    stamp = nil
                } else if let inode = number(bytes, start..<tabs[0]), inode >= 0, let changed = number(bytes, tabs[0] + 1..<tabs[1]) {
                    stamp = Stamp(inode: UInt(inode), changed: changed)
                } else {
                    return nil
                }
                folders.append(Folder(path: path, stamp: stamp, files: files))
                start = end + 1
            }
            return folders.isEmpty || !ended ? nil : OutputFolders(folders: folders)
        }
    }

    /// A decimal number, with an optional `-`, filling `range` of `bytes`; nil when it is not one or overflows.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let negative = range.first.map { bytes[$0] == UInt8(ascii: "-") } ?? false
        let digits = negative ? range.dropFirst() : range[...]
        guard !digits.isEmpty else { return nil }
        var value = 0
        for index in digits {
            let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) = times.addingReportingOverflow(negative ? -digit : digit)
            guard !overflow, !overflowed else { return nil }
            value = sum
        }
        return value
    }

    /// Whether a segment of `path` is hidden (`.git`): such names are not Tally's, and a record naming one is not
    /// trusted.
    private static func hasHiddenName(_ path: String) -> Bool {
        var segmentStart = true
        for byte in path.utf8 {
            if segmentStart && byte == UInt8(ascii: ".") { return true }
            segmentStart = byte == UInt8(ascii: "/")
        }
        return false
    }

    /// The record's text: folders sorted by path, so each comes after its parent.
    var text: [UInt8] {
        var text = Array((Self.format + "\n").utf8)
        for folder in folders.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            if let stamp = folder.stamp {
                text += String(stamp.inode).utf8
                text.append(UInt8(ascii: "\t"))
                text += String(stamp.changed).utf8
            } else {
                text += "-\t-".utf8
            }
            text.append(UInt8(ascii: "\t"))
            text += String(folder.files).utf8
            text.append(UInt8(ascii: "\t"))
            text += folder.path.utf8
            text.append(UInt8(ascii: "\n"))
        }
        text += "end\t\(folders.count)\n".utf8
        return text
    }

    /// The next record's file, made as a commit begins so that its change time tells the file system's time then,
    /// and written once the commit is done.
    final class Pending {
        let start: Int
        private let descriptor: Int32
        private let partial: String
        private let file: String

        init?(beside output: URL) {
            file = OutputFolders.file(for: output).path
            partial = file + ".partial"
            unlink(partial)
            descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            var info = stat()
            guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
                if descriptor >= 0 { close(descriptor) }
                return nil
            }
            start = info.st_ctim.nanoseconds
        }

        /// Writes `record` and puts it in place of the previous one; when it cannot be written (or read back: a line
        /// break in a folder's name), the previous one is removed, so the next commit reads every folder.
        func save(_ record: OutputFolders) {
            let written = record.folders.allSatisfy { OutputWriter.isPlain($0.path) } && record.text.withUnsafeBytes { writeAll(descriptor, $0) }
            close(descriptor)
            if !written || rename(partial, file) != 0 {
                unlink(partial)
                unlink(file)
            }
        }

        /// Leaves the previous record: its stamps still tell which folders are as it says (a rolled-back commit
        /// changed the stamps of the folders it touched).
        func discard() {
            close(descriptor)
            unlink(partial)
        }
    }

    /// The folder's stamp as it is now; nil when it is not a folder (a link to one counts only when `following`).
    static func currentStamp(of path: String, following: Bool = false) -> Stamp? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return Stamp(info)
    }
}
