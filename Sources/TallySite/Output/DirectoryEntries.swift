import Foundation

/// The entries of one folder as `readdir` gives them: each name with its type (`DT_DIR`, `DT_REG`, …), which
/// costs no `stat` call per entry; that matters at 100,000 files. `.` and `..` are left out.
enum DirectoryEntries {
    /// - Parameter undecodable: each entry whose name is not UTF-8, by its bytes. No `String` can name such a file:
    ///   one decoded with U+FFFD in place of the bad bytes names another path, which does not exist, so the caller
    ///   decides what to do with it (`rawPath(in:name:)`), rather than being handed a name that fails later.
    static func forEach(in path: String, undecodable: (_ name: [UInt8], _ type: UInt8) -> Void,
                        _ body: (_ name: String, _ type: UInt8) -> Void) {
        guard let stream = opendir(path) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            // Read the name where it is, up to its NUL: copying `d_name` copies all 256 bytes of the field, but
            // the kernel packs entries by their length, and the last one of a buffer can end just before an
            // unmapped page (a build crashed so, reading 10,000 content files).
            withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) { name in
                    guard let decoded = String(validatingCString: name) else {
                        return undecodable(Array(UnsafeRawBufferPointer(start: name, count: strlen(name))), type)
                    }
                    guard decoded != ".", decoded != ".." else { return }
                    body(decoded, type)
                }
            }
        }
    }

    /// `folder/name` as the C string the system calls take, for a name that is not UTF-8.
    static func rawPath(in folder: String, name: [UInt8]) -> [CChar] {
        (Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
    }

    /// A name that is not UTF-8 as messages show it, each bad byte as U+FFFD.
    static func shown(_ name: [UInt8]) -> String {
        String(decoding: name, as: UTF8.self)
    }

    /// Removes the file, link or folder (with everything in it) at `path`, whatever its names' bytes: an entry of
    /// the output Tally cannot have written, since every name it writes is UTF-8.
    static func removeTree(at path: [CChar]) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        if let stream = opendir(path) {
            var children: [[CChar]] = []
            while let entry = readdir(stream) {
                let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                    field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) {
                        Array(UnsafeBufferPointer(start: $0, count: strlen($0)))
                    }
                }
                guard name != [46], name != [46, 46] else { continue }
                children.append(path.dropLast() + [47] + name + [0])
            }
            closedir(stream)
            children.forEach(removeTree)
        }
        rmdir(path)
    }
}
