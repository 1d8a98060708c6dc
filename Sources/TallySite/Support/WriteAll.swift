import Foundation

/// Writes every byte of `bytes` to `descriptor`, again after a short write or an interrupted one; false when a
/// write fails (a full disk). The one loop behind the output files, the streamed files and the block writers.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let start = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
        let count = write(descriptor, start + offset, bytes.count - offset)
        if count > 0 {
            offset += count
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return false
        }
    }
    return true
}
