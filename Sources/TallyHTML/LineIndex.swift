#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line and column of byte offsets in a document, for diagnostics.
package struct LineIndex {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Offsets of every line's first byte.
    private let lineStarts: [Int]

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var starts = [0]
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + offset, Int32(UInt8.newline), bytes.count - offset) {
            offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
            starts.append(offset)
        }
        lineStarts = starts
    }

    /// 1-based line and column of `offset`; the column counts Unicode scalars, not bytes.
    package func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let scalars = bytes[lineStarts[low]..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (low + 1, scalars + 1)
    }
}
