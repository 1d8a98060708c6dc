import Foundation

/// The entries of one folder as `readdir` gives them: each name with its type (`DT_DIR`, `DT_REG`, …), which
/// costs no `stat` call per entry; that matters at 100,000 files. `.` and `..` are left out.
enum DirectoryEntries {
    static func forEach(in path: String, _ body: (_ name: String, _ type: UInt8) -> Void) {
        guard let stream = opendir(path) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            // Read the name where it is, up to its NUL: copying `d_name` copies all 256 bytes of the field, but
            // the kernel packs entries by their length, and the last one of a buffer can end just before an
            // unmapped page (a build crashed so, reading 10,000 content files).
            let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            body(name, entry.pointee.d_type)
        }
    }
}
