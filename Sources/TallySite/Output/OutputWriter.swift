import CTallySystem
import Foundation
import Synchronization
import TallyFormat
import TallyStore

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
    let hasPrevious: Bool
    /// Whether an in-place commit reads and writes the folders' record (`OutputFolders`): not for builds into
    /// temporary folders, which keep no record beside them.
    let recordsFolders: Bool
    /// Whether the commit may leave folders the record vouches for unread. Not for `--force`, which reads every
    /// folder and writes the record again: the way out of a record that is wrong, as for everything else.
    let trustsFolderRecord: Bool
    let state = Mutex(State())
    /// The files and folders this build created in staging, as `FileStamps.digest(of:)` counts and adds them up
    /// under their output paths: after a first build's commit, which renames the staging folder and so changes no
    /// stamp inside it, this is the output's digest, and the build stamp needs no walk of 10,000 folders.
    private let created = Atomic<UInt64>(0)
    private let createdDigest = Atomic<UInt64>(0)
    /// The folders made before the pages that go in them (`makeFoldersAhead`).
    let foldersAhead = FoldersAhead()

    struct State {
        var written = 0
        var unchanged = 0
        /// The files whose bytes equal the previous output's, or that an incremental build kept: left in place.
        var unchangedPaths: [String] = []
        var origins: [String: OutputOrigin] = [:]
        /// How the commit put the build in place; nil before it.
        var commit: Commit?
    }

    /// How a commit put the build in place, which says whether the stamps `write` returned still hold.
    enum Commit {
        /// The staging folder renamed to the output: every stamp inside it holds.
        case renamed
        /// The written files moved into the live output (a rename changes a file's change time); the others left.
        case inPlace(moved: Set<String>)
        /// Whole trees exchanged, with the kept files linked into the new one (a link changes their change time).
        case swapped
    }

    /// Refuses an output folder that holds the site itself, so a build can never replace its own sources.
    init(output: URL, siteRoot: URL, recordsFolders: Bool = false, trustsFolderRecord: Bool = true) throws(Diagnostic) {
        self.recordsFolders = recordsFolders
        self.trustsFolderRecord = trustsFolderRecord
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
        // A killed build's staging folder: a partial site that no build would otherwise read or remove.
        AbandonedFiles.remove(in: self.output.deletingLastPathComponent(), prefix: ".\(self.output.lastPathComponent).staging-")
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
    /// - Returns: the file's stamp (`OutputFileStamp`) as written, or as found when its bytes were the same; whether
    ///   it still holds after the commit, `stampHolds(_:)` says.
    @discardableResult
    func write(_ bytes: Data, to relativePath: String, origin: OutputOrigin? = nil) throws(Diagnostic) -> String {
        try Self.checkInside(relativePath)
        if let origin { state.withLock { $0.origins[relativePath] = origin } }
        let target = stagingPath + "/" + relativePath
        let previous = outputPath + "/" + relativePath
        do {
            if hasPrevious, let stamp = OutputWriter.file(at: previous, equals: bytes) {
                // The last write of a path wins: a generated robots.txt that a static one replaced, say.
                unlink(target)
                state.withLock {
                    $0.unchanged += 1
                    $0.unchangedPaths.append(relativePath)
                }
                return stamp
            }
            let (stamp, replaced) = try OutputWriter.create(target, with: bytes) {
                try OutputWriter.makeFolder(holding: target) { self.count(folder: $0) }
            }
            count(file: relativePath, stamp, replacing: replaced)
            state.withLock { $0.written += 1 }
            return OutputFileStamp.text(of: stamp)
        } catch {
            throw Self.cannotWrite(relativePath, error)
        }
    }

    /// Refuses a path that is not made of plain segments: never "..", never absolute.
    static func checkInside(_ relativePath: String) throws(Diagnostic) {
        guard isInside(relativePath) else {
            throw Diagnostic(file: relativePath, message: "refusing to write outside the output folder",
                             hint: "output paths are made of plain folder names")
        }
    }

    /// Whether every segment of `relativePath` is a plain name: none empty, `.` or `..`, and no NUL, at which the
    /// system call would end the path (`about\0x` would name `about`). By byte, as every page is checked: splitting
    /// the path into `Substring`s cost 1 % of a Markdown build.
    static func isInside(_ relativePath: String) -> Bool {
        var segmentLength = 0, dots = 0
        for byte in relativePath.utf8 {
            if byte == 0 { return false }
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || segmentLength == dots && dots <= 2 { return false }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(segmentLength == 0 || segmentLength == dots && dots <= 2)
    }

    static func cannotWrite(_ relativePath: String, _ error: any Error) -> Diagnostic {
        Diagnostic(file: relativePath, message: "cannot write output file: \(error.localizedDescription)",
                   hint: "check free disk space and permissions")
    }

    @discardableResult
    func write(_ text: String, to relativePath: String, origin: OutputOrigin? = nil) throws(Diagnostic) -> String {
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

    /// The same for a file `write` would be given an origin for (`SiteFiles`): a static file at its path is still an error.
    func keep(_ relativePath: String, origin: OutputOrigin) {
        state.withLock { $0.origins[relativePath] = origin }
        keep(relativePath)
    }

    /// Puts the staged build in place: a first build by renaming the staging folder; otherwise by moving the
    /// changed files into the output (`commitInPlace`), or, when that cannot be done, by exchanging the two trees.
    func commit() throws(Diagnostic) {
        try commit(exchange: { tally_exchange_paths($0, $1) }, move: { rename($0, $1) == 0 ? 0 : errno })
    }

    /// - Parameter exchange: swaps two paths atomically, returning 0 or an errno; tests pass one that fails.
    /// - Parameter move: renames one file, returning 0 or an errno.
    func commit(exchange: (String, String) -> Int32, move: (String, String) -> Int32) throws(Diagnostic) {
        stopMakingFoldersAhead()
        guard FileManager.default.fileExists(atPath: output.path) else {
            do {
                try FileManager.default.moveItem(at: staging, to: output)
                state.withLock { $0.commit = .renamed }
                return
            } catch {
                throw Diagnostic(file: output.path, message: "cannot replace the output folder: \(error.localizedDescription)",
                                 hint: "check that nothing else holds the folder open and that its parent is writable")
            }
        }
        if try commitInPlace(move: move) { return }
        try swap(exchange: exchange)
        state.withLock { $0.commit = .swapped }
    }

    /// The output's file count and digest as `FileStamps.digest(of:)` would find them, when the commit renamed
    /// the staging folder into place: then the output is what this build created, with the stamps it created.
    var outputDigest: (count: Int, digest: UInt64)? {
        guard case .renamed = state.withLock(\.commit) else { return nil }
        return (Int(created.load(ordering: .relaxed)) + 1, createdDigest.load(ordering: .relaxed) &+ FileStamps.hash(outputPath, .folder))
    }

    /// Whether every stamp `write` returned still holds after the commit, as when the staging folder was renamed into
    /// place: then no file's stamp needs to be asked for (`stampHolds(_:)`) or read again.
    var everyStampHolds: Bool {
        if case .renamed = state.withLock(\.commit) { true } else { false }
    }

    /// Whether the stamp `write` returned for `relativePath`, or an incremental build verified for a kept file,
    /// is still the file's after the commit; when not, it must be read again.
    func stampHolds(_ relativePath: String) -> Bool {
        switch state.withLock(\.commit) {
        case .renamed: true
        case .inPlace(let moved): !moved.contains(relativePath)
        case .swapped, nil: false
        }
    }

    /// Adds a folder `makeFolder` created in staging to the output's digest.
    func count(folder stagingFolder: String) {
        created.add(1, ordering: .relaxed)
        createdDigest.wrappingAdd(FileStamps.hash(outputPath + stagingFolder.dropFirst(stagingPath.count), .folder), ordering: .relaxed)
    }

    /// Adds a file created in staging to the output's digest; a file written again replaces its first stamp.
    func count(file relativePath: String, _ stamp: FileStamps.Stamp, replacing replaced: FileStamps.Stamp?) {
        let path = outputPath + "/" + relativePath
        if let replaced {
            createdDigest.wrappingSubtract(FileStamps.hash(path, replaced), ordering: .relaxed)
        } else {
            created.add(1, ordering: .relaxed)
        }
        createdDigest.wrappingAdd(FileStamps.hash(path, stamp), ordering: .relaxed)
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
                try OutputWriter.makeFolder(holding: target)
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
        stopMakingFoldersAhead()
        try? FileManager.default.removeItem(at: staging)
    }

    /// Writes a new file without `fsync`, which `Data.write(to:)` calls for every file: the output can be built
    /// again, and the staging swap already keeps a half-written build out of place.
    ///
    /// The file is opened before its folder is made (`makeFolder`, when the open finds no folder): most folders are
    /// there already, made ahead (`makeFoldersAhead`) or by the page's first file, and a `mkdir` that finds its folder
    /// still takes the parent folder's lock.
    /// - Returns: the new file's stamp, read from the open file, and the stamp of the file it replaced, if any.
    private static func create(_ path: String, with bytes: Data,
                               makeFolder: () throws -> Void) throws -> (FileStamps.Stamp, replaced: FileStamps.Stamp?) {
        var replaced: FileStamps.Stamp?
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if descriptor < 0 && errno == ENOENT {
            try makeFolder()
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        }
        if descriptor < 0 && errno == EEXIST {
            var info = stat()
            if stat(path, &info) == 0 { replaced = FileStamps.Stamp(info) }
            descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // The file's times are those of its last write: closing it changes none of them.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (FileStamps.Stamp(info), replaced)
    }

    /// A relative path with no tab or line break, which the journal and the manifest can hold.
    /// Byte by byte: by `Character`, "\r\n" is one that is neither, and grapheme breaking cost most of the
    /// manifest's save.
    static func isPlain(_ path: String) -> Bool {
        !path.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 }
    }

    /// The file's stamp (`OutputFileStamp`) when it holds exactly `bytes`.
    private static func file(at path: String, equals bytes: Data) -> String? {
        // stat, not attributesOfItem: the size is all that is needed, and Foundation builds a dictionary of every attribute.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count,
              let existing = FileManager.default.contents(atPath: path), existing == bytes else { return nil }
        return OutputFileStamp.text(of: FileStamps.Stamp(status))
    }

    /// Makes the folder that `path` is in, `mkdir -p` as below. Slashes are found by byte: by `Character` it was
    /// 1.5 % of writing a page, and a slash before a combining mark is not a `Character` of its own.
    static func makeFolder(holding path: String, created: (String) -> Void = { _ in }) throws {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        try makeFolder(String(path[..<slash]), created: created)
    }

    /// `mkdir -p` with one system call for a folder whose parent exists, the usual case: FileManager first
    /// checks each folder with `stat`, and at 10,000 pages of one folder each that shows.
    /// - Parameter created: told of each folder made, not of those that were there.
    static func makeFolder(_ path: String, created: (String) -> Void = { _ in }) throws {
        if mkdir(path, 0o777) == 0 { return created(path) }
        guard errno != EEXIST else { return }
        guard errno == ENOENT, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.startIndex else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        try makeFolder(String(path[..<slash]), created: created)
        if mkdir(path, 0o777) == 0 { return created(path) }
        guard errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
