import Foundation

/// Writes a file a block at a time: text appended is copied into a 64 KiB buffer, written out when it fills, so
/// a file of any size costs one block of memory rather than its whole text (the incremental record of 147,150
/// pages is 35 MB).
final class BlockWriter {
    private static let blockSize = 1 << 16
    private var descriptor: Int32
    private var block: [UInt8] = []
    private var failed = false

    /// Creates or truncates the file at `path`; nil when it cannot be opened.
    init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        block.reserveCapacity(Self.blockSize)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func append(_ text: String) {
        block.append(contentsOf: text.utf8)
        if block.count >= Self.blockSize { flush() }
    }

    func append(_ bytes: ArraySlice<UInt8>) {
        block.append(contentsOf: bytes)
        if block.count >= Self.blockSize { flush() }
    }

    /// Writes what is left and closes the file; false when any write failed (a full disk), so the caller keeps
    /// the file it would have replaced.
    func finish() -> Bool {
        flush()
        let closed = close(descriptor) == 0
        descriptor = -1
        return closed && !failed
    }

    private func flush() {
        if !failed && !block.withUnsafeBytes({ writeAll(descriptor, $0) }) { failed = true }
        block.removeAll(keepingCapacity: true)
    }
}
