import Foundation

/// The output folder held open, so that a file in it is looked up from the folder rather than from `/` through
/// every folder above it: an incremental build stats each kept file (49,620 at 20,000 organizations).
final class OutputFolder: Sendable {
    /// -1 when the folder could not be opened (a first build): then no file is found in it.
    private let descriptor: Int32

    init(path: String) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The status of the file at `relativePath` (its bytes, without a NUL), following links as `stat` does; nil
    /// when there is none. A path starting with `/` is inside the folder too, as `folder + "/" + path` would be. A
    /// path with a NUL in it (a manifest edited by hand) names no file: `fstatat` would stop at the NUL and look up
    /// another one, whose stamp could then pass for this file's.
    func status(of relativePath: UnsafeBufferPointer<UInt8>) -> stat? {
        guard descriptor >= 0, !relativePath.contains(0) else { return nil }
        if relativePath.first == UInt8(ascii: "/") { return status(of: UnsafeBufferPointer(rebasing: relativePath.dropFirst())) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: relativePath.count + 1) { path -> stat? in
            for (index, byte) in relativePath.enumerated() { path[index] = CChar(bitPattern: byte) }
            path[relativePath.count] = 0
            var info = stat()
            guard let base = path.baseAddress, fstatat(descriptor, base, &info, 0) == 0 else { return nil }
            return info
        }
    }
}
