import Foundation
import TallyFormat

extension OutputWriter {
    /// Updates the live output in place: each file this build wrote (the staging tree holds only those) moves in,
    /// each file it no longer makes is removed, and every other file stays as it is, with its inode and times, so
    /// a one-row change costs the files it changed rather than a new tree of every file.
    ///
    /// `OutputJournal` makes it all or nothing: the journal is on disk before the first file moves; a replaced
    /// file is hard-linked into the retired folder (named by its entry's number) and the new one renamed over it
    /// (the path always has one or the other), a removed one renamed there; on any failure every step is undone,
    /// and a build killed meanwhile is rolled back by the next one (`OutputWriter.init`).
    ///
    /// - Parameter move: renames a file, returning 0 or an errno; tests pass one that fails.
    /// - Returns: false, having changed nothing, when the live output cannot be updated in place: a staged file's
    ///   path is a folder or a link there, or one of its folders is a file or a link (a link could lead outside the
    ///   output). The caller then swaps whole trees.
    func commitInPlace(move: (String, String) -> Int32) throws(Diagnostic) -> Bool {
        let staged = Self.files(under: stagingPath, includingHidden: true)
        guard staged.allSatisfy({ Self.isPlain($0) && canPlace($0) }) else { return false }
        let stagedSet = Set(staged)
        let kept = Set(state.withLock { $0.unchangedPaths })
        var journal = OutputJournal(retired: retiredName, entries: staged.sorted().map {
            OutputJournal.Entry(change: access(outputPath + "/" + $0, F_OK) == 0 ? .replace : .add, path: $0)
        })
        // Made before any folder is looked at: its change time is the file system's time when the commit began.
        let record = recordsFolders ? OutputFolders.Pending(beside: output) : nil
        let recorded = recordsFolders && trustsFolderRecord ? OutputFolders.load(beside: output) : nil
        let live = LiveOutput(outputPath, recorded: recorded ?? OutputFolders(folders: []), kept: kept,
                              replaced: journal.entries.filter { $0.change == .replace }.map(\.path), start: record?.start ?? 0)
        if let missing = live.firstMissing(staged: stagedSet) {
            record?.discard()
            throw Diagnostic(file: outputPath + "/" + missing, message: "a file kept from the previous output disappeared during the build",
                             hint: "something else is changing the output folder; build again once it is done")
        }
        journal.entries += live.files.filter { !kept.contains($0) && !stagedSet.contains($0) }.sorted().map {
            OutputJournal.Entry(change: .remove, path: $0)
        }
        state.withLock { $0.commit = .inPlace(moved: stagedSet) }
        guard !journal.entries.isEmpty else {
            record?.save(live.record(afterChanging: [], in: outputPath))
            try? FileManager.default.removeItem(at: staging)
            return true
        }
        // A folder of that name left by an earlier process with this id is no journal's: its files are not needed.
        try? FileManager.default.removeItem(atPath: retiredPath)
        do {
            try journal.save(for: output)
            try carryOut(journal, move: move)
        } catch {
            journal.rollBack(output: output)
            record?.discard()
            throw Diagnostic(file: output.path, message: "cannot update the output folder: \(error.localizedDescription)",
                             hint: "check free disk space and permissions; the previous output was put back")
        }
        Self.removeEmptyFolders(above: journal.entries.filter { $0.change == .remove }.map(\.path), in: outputPath)
        record?.save(live.record(afterChanging: journal.entries.map(\.path), in: outputPath))
        try? FileManager.default.removeItem(at: OutputJournal.file(for: output))
        try? FileManager.default.removeItem(atPath: retiredPath)
        try? FileManager.default.removeItem(at: staging)
        return true
    }

    private func carryOut(_ journal: OutputJournal, move: (String, String) -> Int32) throws {
        if journal.entries.contains(where: { $0.change != .add }) { try Self.makeFolder(retiredPath) }
        for (number, entry) in journal.entries.enumerated() {
            let live = outputPath + "/" + entry.path
            let retired = journal.retiredFile(number, in: retiredPath)
            switch entry.change {
            case .replace:
                // A link, not a rename: until the new file is renamed over it, the live path keeps the old one.
                guard link(live, retired) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                try Self.check(move(stagingPath + "/" + entry.path, live))
            case .add:
                try Self.makeFolder(holding: live)
                try Self.check(move(stagingPath + "/" + entry.path, live))
            case .remove:
                try Self.check(move(live, retired))
            }
        }
    }

    private static func check(_ code: Int32) throws {
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    }

    /// Whether the staged file at `path` can take its place in the live output: nothing is there or a plain
    /// file, and each folder above it is a real folder or missing.
    private func canPlace(_ path: String) -> Bool {
        var info = stat()
        let live = outputPath + "/" + path
        if lstat(live, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return false }
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            guard lstat(outputPath + "/" + folder, &info) == 0 else { continue }
            guard info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        return true
    }

    /// Every entry below `folder` that is not a folder, as paths relative to it. In the live output hidden names
    /// (a deploy checkout's `.git`, `.nojekyll`) are not Tally's and are left out with everything under them.
    static func files(under folder: String, includingHidden: Bool = false) -> [String] {
        var files: [String] = []
        func walk(_ relative: String) {
            // A name that is not UTF-8 is none of Tally's (the staging tree's are all its own): left out.
            DirectoryEntries.forEach(in: relative.isEmpty ? folder : folder + "/" + relative, undecodable: { _, _ in }) { name, type in
                guard includingHidden || !name.hasPrefix(".") else { return }
                let path = relative.isEmpty ? name : relative + "/" + name
                if isFolder(folder + "/" + path, type: type) { walk(path) } else { files.append(path) }
            }
        }
        walk("")
        return files
    }

    static func isFolder(_ path: String, type: UInt8) -> Bool {
        if Int32(type) != Int32(DT_UNKNOWN) { return Int32(type) == Int32(DT_DIR) }
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Removes the folders that held `paths` and are now empty, deepest first, up to (not including) `root`.
    static func removeEmptyFolders(above paths: [String], in root: String) {
        var folders = Set<Substring>()
        for path in paths {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders.insert(folder)
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
    }
}
