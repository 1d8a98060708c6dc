import CTallySystem
import Foundation
import Synchronization
import TallyFormat

/// Writes a build into a staging folder beside the output and swaps it in only when the build succeeded,
/// so a failed or interrupted build leaves the previous output whole.
///
/// A file whose bytes equal the previous output's is hard-linked from it instead of written, so its
/// modification time stays put for rsync and CDN uploads. The links are made when the build commits, and
/// only when some file did change: a build whose every file equals the previous output leaves that output
/// as it is, with no staging tree to build and no old tree to delete.
final class OutputWriter: Sendable {
    let output: URL
    let staging: URL
    /// The same folders as paths: `URL.appendingPathComponent` costs more than writing a small file.
    let outputPath: String
    let stagingPath: String
    /// Where a commit puts the previous build's files it replaces or removes until it is done: beside the output.
    let retiredName: String
    let retiredPath: String
    /// False on a first build, when there is no previous output to compare with.
    private let hasPrevious: Bool
    let state = Mutex(State())

    struct State {
        var written = 0
        var unchanged = 0
        /// The files whose bytes equal the previous output's, or that an incremental build kept: left in place.
        var unchangedPaths: [String] = []
        var origins: [String: OutputOrigin] = [:]
    }

    /// Refuses an output folder that holds the site itself, so a build can never replace its own sources.
    init(output: URL, siteRoot: URL) throws(Diagnostic) {
        let standardized = output.standardizedFileURL.path
        let rootPath = siteRoot.standardizedFileURL.path
        if standardized == "/" || rootPath == standardized || rootPath.hasPrefix(standardized + "/") {
            throw Diagnostic(file: standardized, message: "the output folder contains the site itself",
                             hint: "choose a folder of its own, such as --out public")
        }
        self.output = output.standardizedFileURL
        // A build killed while it updated the output in place left its journal: the previous output comes back first.
        if let interrupted = OutputJournal.load(for: self.output), !interrupted.rollBack(output: self.output) {
            throw Diagnostic(file: OutputJournal.file(for: self.output).path,
                             message: "an interrupted build's changes to the output could not be undone",
                             hint: "move the files of the folder named on its second line back into the output, or delete both and build with --force")
        }
        let name = ".\(self.output.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)"
        staging = self.output.deletingLastPathComponent().appendingPathComponent(name)
        do {
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(file: staging.path, message: "cannot create the staging folder: \(error.localizedDescription)",
                             hint: "check that the output folder's parent exists and is writable")
        }
        outputPath = self.output.path
        stagingPath = staging.path
        retiredName = ".\(self.output.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)"
        retiredPath = self.output.deletingLastPathComponent().appendingPathComponent(retiredName).path
        hasPrevious = FileManager.default.fileExists(atPath: self.output.path)
    }

    var written: Int { state.withLock { $0.written } }
    var unchanged: Int { state.withLock { $0.unchanged } }

    /// What made the file at `relativePath`, if it was written with an origin (pages are not: the plan knows them).
    func origin(of relativePath: String) -> OutputOrigin? {
        state.withLock { $0.origins[relativePath] }
    }

    /// Writes `bytes` to `relativePath` inside the output (a path of plain segments: never "..", never absolute).
    /// - Parameter origin: what made the file, so that a static file cannot silently replace it.
    func write(_ bytes: Data, to relativePath: String, origin: OutputOrigin? = nil) throws(Diagnostic) {
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard !relativePath.hasPrefix("/"), !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw Diagnostic(file: relativePath, message: "refusing to write outside the output folder",
                             hint: "output paths are made of plain folder names")
        }
        if let origin { state.withLock { $0.origins[relativePath] = origin } }
        let target = stagingPath + "/" + relativePath
        let previous = outputPath + "/" + relativePath
        do {
            if hasPrevious, OutputWriter.file(at: previous, equals: bytes) {
                // The last write of a path wins: a generated robots.txt that a static one replaced, say.
                unlink(target)
                state.withLock {
                    $0.unchanged += 1
                    $0.unchangedPaths.append(relativePath)
                }
                return
            }
            if let slash = target.lastIndex(of: "/") { try OutputWriter.makeFolder(String(target[..<slash])) }
            try OutputWriter.create(target, with: bytes)
            state.withLock { $0.written += 1 }
        } catch {
            throw Diagnostic(file: relativePath, message: "cannot write output file: \(error.localizedDescription)",
                             hint: "check free disk space and permissions")
        }
    }

    func write(_ text: String, to relativePath: String, origin: OutputOrigin? = nil) throws(Diagnostic) {
        try write(Data(text.utf8), to: relativePath, origin: origin)
    }

    /// Keeps the previous output's file at `relativePath` in the new build without rendering or reading it: an
    /// incremental build's page whose inputs did not change (`IncrementalBuild`). The commit leaves it in place.
    func keep(_ relativePath: String) {
        state.withLock {
            $0.unchanged += 1
            $0.unchangedPaths.append(relativePath)
        }
    }

    /// Puts the staged build in place: a first build by renaming the staging folder; otherwise by moving the
    /// changed files into the output (`commitInPlace`), or, when that cannot be done, by exchanging the two trees.
    func commit() throws(Diagnostic) {
        try commit(exchange: { tally_exchange_paths($0, $1) }, move: { rename($0, $1) == 0 ? 0 : errno })
    }

    /// - Parameter exchange: swaps two paths atomically, returning 0 or an errno; tests pass one that fails.
    /// - Parameter move: renames one file, returning 0 or an errno.
    func commit(exchange: (String, String) -> Int32, move: (String, String) -> Int32) throws(Diagnostic) {
        guard FileManager.default.fileExists(atPath: output.path) else {
            do {
                try FileManager.default.moveItem(at: staging, to: output)
                return
            } catch {
                throw Diagnostic(file: output.path, message: "cannot replace the output folder: \(error.localizedDescription)",
                                 hint: "check that nothing else holds the folder open and that its parent is writable")
            }
        }
        if try commitInPlace(move: move) { return }
        try swap(exchange: exchange)
    }

    /// Puts the staged build in place of the output in one atomic exchange, so there is no moment without an
    /// output folder, then deletes the previous build: the files kept from it are first linked into staging.
    private func swap(exchange: (String, String) -> Int32) throws(Diagnostic) {
        let manager = FileManager.default
        let retired = URL(fileURLWithPath: retiredPath)
        do {
            let unchangedPaths = state.withLock { $0.unchangedPaths }
            for path in unchangedPaths {
                let target = stagingPath + "/" + path
                if let slash = target.lastIndex(of: "/") { try OutputWriter.makeFolder(String(target[..<slash])) }
                // EEXIST: a later write of the same path, which wins.
                guard link(outputPath + "/" + path, target) == 0 || errno == EEXIST else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            }
            try? manager.removeItem(at: retired)
            switch exchange(staging.path, output.path) {
            case 0:
                try manager.moveItem(at: staging, to: retired)
            case EINVAL, ENOSYS, ENOTSUP:
                // A file system that cannot exchange: two renames, with a moment between them and no output.
                try manager.moveItem(at: output, to: retired)
                try manager.moveItem(at: staging, to: output)
            case let code:
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        } catch {
            throw Diagnostic(file: output.path, message: "cannot replace the output folder: \(error.localizedDescription)",
                             hint: "check that nothing else holds the folder open and that its parent is writable")
        }
        try carryHiddenEntries(from: retired)
        try? manager.removeItem(at: retired)
    }

    /// Moves the hidden entries Tally did not write (a deploy checkout's .git, .gitkeep, .nojekyll) from the
    /// previous build into the new one. This runs after the swap, so a swap that fails leaves them where they were.
    private func carryHiddenEntries(from previous: URL) throws(Diagnostic) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: previous.path) else { return }
        for name in names where name.hasPrefix(".") && !manager.fileExists(atPath: output.appendingPathComponent(name).path) {
            do {
                try manager.moveItem(at: previous.appendingPathComponent(name), to: output.appendingPathComponent(name))
            } catch {
                throw Diagnostic(file: output.path, message: "cannot move `\(name)` into the new output: \(error.localizedDescription)",
                                 hint: "the previous build is kept in \(previous.path); move `\(name)` back from there")
            }
        }
    }

    /// Deletes the staging folder after a failed build; the previous output is untouched.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Writes a new file without `fsync`, which `Data.write(to:)` calls for every file: the output can be built
    /// again, and the staging swap already keeps a half-written build out of place.
    private static func create(_ path: String, with bytes: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += count
            }
        }
    }

    /// A relative path with no tab or line break, which the journal and the manifest can hold.
    static func isPlain(_ path: String) -> Bool {
        !path.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }

    private static func file(at path: String, equals bytes: Data) -> Bool {
        // stat, not attributesOfItem: the size is all that is needed, and Foundation builds a dictionary of every attribute.
        var status = stat()
        guard stat(path, &status) == 0, Int(status.st_size) == bytes.count,
              let existing = FileManager.default.contents(atPath: path) else { return false }
        return existing == bytes
    }

    /// `mkdir -p` with one system call for a folder whose parent exists, the usual case: FileManager first
    /// checks each folder with `stat`, and at 10,000 pages of one folder each that shows.
    static func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o777) != 0, errno != EEXIST else { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        try makeFolder(String(path[..<slash]))
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
