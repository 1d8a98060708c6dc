import Foundation

/// What an in-place commit (`OutputWriter+InPlace`) is about to do to the live output, written beside it as
/// `.public.tally-commit` before the first file moves and removed after the last: a build killed between the
/// two leaves the journal behind, and the next build puts the previous output back from it before anything else.
///
/// Each entry names one file, relative to the output folder. A file replaced or removed is first moved into the
/// retired folder (`.public.previous-<pid>`), named by its entry's number, so rolling back is moving it back; a
/// file added is deleted. Rolling back an entry that had not been carried out yet changes nothing, so the whole
/// journal can be rolled back whatever point the commit reached. (Format 1 kept each retired file at its own
/// path, which took a folder made and removed for each: 0.07 s of CPU for one donation's 650 pages at 20,000
/// organizations. A journal of either format is rolled back.)
///
/// The text format, one entry a line: `tally-commit 2`, the retired folder's name, then `replace`, `add` or
/// `remove`, a tab and the path.
struct OutputJournal: Equatable {
    static let format = "tally-commit 2"
    /// The format that kept retired files at their paths, which a build killed by an older `tally` may leave.
    static let formatByPath = "tally-commit 1"

    enum Change: String, Equatable {
        /// The live file is moved to the retired folder, then the staged one takes its place.
        case replace
        /// A new file: the staged one is moved in.
        case add
        /// The live file is moved to the retired folder; the build did not write it.
        case remove
    }

    struct Entry: Equatable {
        let change: Change
        let path: String
    }

    /// The retired folder's name, beside the output.
    let retired: String
    var entries: [Entry]
    /// Whether retired files are at their own paths in the retired folder (format 1) rather than numbered.
    var retiredByPath = false

    /// Where the file of entry `number` is while it is retired.
    func retiredFile(_ number: Int, in retiredPath: String) -> String {
        retiredPath + "/" + (retiredByPath ? entries[number].path : String(number))
    }

    static func file(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-commit")
    }

    /// Writes the journal and waits for it to reach the disk: it must exist before the first file moves.
    func save(for output: URL) throws {
        var text = Self.format + "\n" + retired + "\n"
        for entry in entries { text += entry.change.rawValue + "\t" + entry.path + "\n" }
        let path = Self.file(for: output).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// The journal beside `output`, or nil when there is none or it cannot be read (then nothing is rolled back,
    /// and the journal is left for a person to look at).
    static func load(for output: URL) -> OutputJournal? {
        guard let text = try? String(contentsOf: file(for: output), encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n")[...]
        let format = lines.popFirst()
        // A hand-edited journal must not lead a roll-back outside the output: the retired folder is one a commit of
        // this output names (not `..`), and every entry's path is inside the output.
        guard format == Substring(Self.format) || format == Substring(formatByPath), let retired = lines.popFirst(),
              isRetiredName(retired, of: output) else { return nil }
        var journal = OutputJournal(retired: String(retired), entries: [], retiredByPath: format == Substring(formatByPath))
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2, let change = Change(rawValue: String(fields[0])),
                  OutputWriter.isPlain(String(fields[1])), OutputWriter.isInside(String(fields[1]))
            else { return nil }
            journal.entries.append(Entry(change: change, path: String(fields[1])))
        }
        return journal
    }

    /// Whether `name` is a retired folder's name as `OutputWriter` makes it for `output`: `.public.previous-<pid>`.
    static func isRetiredName(_ name: Substring, of output: URL) -> Bool {
        let prefix = ".\(output.lastPathComponent).previous-"
        guard name.hasPrefix(prefix) else { return false }
        let number = name.dropFirst(prefix.count)
        return !number.isEmpty && number.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Puts the output back as it was before the commit this journal describes, then removes the retired folder
    /// and the journal. Returns false when a file could not be put back (the journal then stays).
    @discardableResult
    func rollBack(output: URL) -> Bool {
        let outputPath = output.path
        let retiredPath = output.deletingLastPathComponent().appendingPathComponent(retired).path
        var restored = true
        for (number, entry) in entries.enumerated().reversed() {
            let live = outputPath + "/" + entry.path
            switch entry.change {
            case .add:
                guard unlink(live) == 0 || errno == ENOENT else { restored = false; continue }
            case .replace, .remove:
                let kept = retiredFile(number, in: retiredPath)
                guard access(kept, F_OK) == 0 else { continue }
                try? OutputWriter.makeFolder(holding: live)
                if rename(kept, live) != 0 { restored = false }
            }
        }
        OutputWriter.removeEmptyFolders(above: entries.filter { $0.change == .add }.map(\.path), in: outputPath)
        guard restored else { return false }
        try? FileManager.default.removeItem(atPath: retiredPath)
        try? FileManager.default.removeItem(at: Self.file(for: output))
        return true
    }
}
