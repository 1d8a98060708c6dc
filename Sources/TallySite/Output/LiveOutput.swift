import Foundation

/// What an in-place commit must know of the live output: the files of every folder that the last commit's record
/// (`OutputFolders`) does not vouch for, read with `readdir`, and which folders it does vouch for. A folder is
/// vouched for when its stamp is the one recorded and the files this build keeps or replaces there are as many as
/// it held: then none of its files is stray and every kept one is still there. Every other folder is read, and so
/// is every folder below one that was not recorded, so a file added by hand anywhere is found as a full walk finds it.
struct LiveOutput {
    /// The files of the folders read, relative to the output; hidden names (and all below them) left out.
    private(set) var files: Set<String> = []
    /// The record's folders by path, and for each whether it was vouched for.
    private var positions: [Substring: Int] = [:]
    private var vouched: [Bool] = []
    /// Each kept file with the record's position of its folder; -1 for a folder it does not have.
    private var keptFiles: [(path: String, folder: Int32)] = []
    /// The folders as read or vouched for, before the commit: `record(afterChanging:in:)` makes the record to write.
    private var record = OutputFolders(folders: [])

    /// - Parameter kept: files this build keeps from the live output (their folders were stamped before the build).
    /// - Parameter replaced: staged files that take the place of a live one.
    /// - Parameter start: the file system's time when the commit began: a folder changed less than
    ///   `OutputFolders.racyMargin` before it is recorded without a stamp.
    init(_ outputPath: String, recorded: OutputFolders, kept: Set<String>, replaced: [String], start: Int) {
        // A record with a folder before its parent (not one a commit wrote) is not used: every folder is read.
        var folders = recorded.folders
        for (position, folder) in folders.enumerated() {
            guard position == 0 || Self.folder(of: folder.path).map({ positions[$0] != nil }) == true else {
                folders = []
                positions = [:]
                break
            }
            positions[Substring(folder.path)] = position
        }
        var stamps: [OutputFolders.Stamp?] = []
        stamps.reserveCapacity(folders.count)
        for (position, folder) in folders.enumerated() {
            let parent = Self.folder(of: folder.path)
            // A folder under one that is gone, or is now a link, is not looked at: its path could lead outside.
            let parentLive = folder.path.isEmpty || parent.flatMap { positions[$0] }.map { stamps[$0] != nil } ?? false
            // The output itself may be a link to a folder, as a full walk would follow it.
            let full = Self.join(outputPath, folder.path)
            stamps.append(parentLive ? OutputFolders.currentStamp(of: full, following: folder.path.isEmpty) : nil)
            vouched.append(folder.stamp != nil && stamps[position] == folder.stamp)
        }
        var expected = [Int](repeating: 0, count: folders.count)
        // Each kept file's folder, looked up once: `firstMissing` goes through them again.
        keptFiles.reserveCapacity(kept.count)
        for path in kept {
            let position = Self.folder(of: path).flatMap { positions[$0] }
            keptFiles.append((path, position.map(Int32.init) ?? -1))
            if let position, vouched[position] { expected[position] += 1 }
        }
        for path in replaced where !kept.contains(path) {
            if let position = Self.folder(of: path).flatMap({ positions[$0] }), vouched[position] { expected[position] += 1 }
        }
        var read: [(path: String, stamp: OutputFolders.Stamp?)] = []
        for (position, folder) in folders.enumerated() where stamps[position] != nil {
            if vouched[position] && expected[position] == folder.files {
                record.folders.append(folder)
            } else {
                vouched[position] = false
                read.append((folder.path, stamps[position]))
            }
        }
        if folders.isEmpty { read.append(("", OutputFolders.currentStamp(of: outputPath, following: true))) }
        while let (path, stamp) = read.popLast() {
            var count = 0
            let full = Self.join(outputPath, path)
            // Tally writes only UTF-8 names: any other is a stray no `String` can name for the journal, so it goes now.
            DirectoryEntries.forEach(in: full, undecodable: { name, _ in
                if name.first != UInt8(ascii: ".") { DirectoryEntries.removeTree(at: DirectoryEntries.rawPath(in: full, name: name)) }
            }) { name, type in
                guard !name.hasPrefix(".") else { return }
                let child = path.isEmpty ? name : path + "/" + name
                guard OutputWriter.isFolder(full + "/" + name, type: type) else {
                    files.insert(child)
                    count += 1
                    return
                }
                // A folder the record does not know, or knew gone: read, with all below it.
                if positions[Substring(child)].map({ stamps[$0] == nil }) ?? true {
                    read.append((child, OutputFolders.currentStamp(of: full + "/" + name)))
                }
            }
            let trusted = stamp.flatMap { $0.changed < start - OutputFolders.racyMargin ? $0 : nil }
            record.folders.append(OutputFolders.Folder(path: path, stamp: trusted, files: count))
        }
    }

    /// The first kept file (of those `init` was given) that is neither in a folder vouched for nor among the files
    /// read, nor in `staged`: a kept file that disappeared.
    func firstMissing(staged: Set<String>) -> String? {
        for (path, folder) in keptFiles where folder < 0 || !vouched[Int(folder)] {
            if !files.contains(path) && !staged.contains(path) { return path }
        }
        return nil
    }

    /// The record to write once the commit that changed `paths` is done: the folders above each of them have no
    /// stamp (the commit changed them, within the racy margin), those it made are added and those it removed left out.
    func record(afterChanging paths: [String], in outputPath: String) -> OutputFolders {
        var marked = Set<Substring>()
        for path in paths {
            var folder = Self.folder(of: path)
            while let current = folder, marked.insert(current).inserted {
                folder = Self.folder(of: current)
            }
        }
        var after = record
        for position in after.folders.indices where marked.remove(Substring(after.folders[position].path)) != nil {
            after.folders[position].stamp = nil
        }
        after.folders += marked.map { OutputFolders.Folder(path: String($0), stamp: nil, files: 0) }
        after.folders.removeAll { $0.stamp == nil && OutputFolders.currentStamp(of: Self.join(outputPath, $0.path), following: $0.path.isEmpty) == nil }
        return after
    }

    /// The folder holding `path`, relative to the output ("" for the output itself); nil for the output itself.
    private static func folder(of path: String) -> Substring? {
        folder(of: Substring(path))
    }

    private static func folder(of path: Substring) -> Substring? {
        guard !path.isEmpty else { return nil }
        return path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] } ?? path.prefix(0)
    }

    private static func join(_ outputPath: String, _ path: String) -> String {
        path.isEmpty ? outputPath : outputPath + "/" + path
    }
}
