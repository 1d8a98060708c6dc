import Foundation
import Synchronization

/// The records of the pages a build rendered or kept (`PageManifest.Page`), appended as they come to an unnamed
/// temporary file and read back once, when the manifest is written after the output is committed.
///
/// Held in a dictionary by URL until then, they were about 330 bytes a page for the whole render (49 MB at 147,150
/// pages), under everything the render and the sitemap took (docs/performance.md#peak-memory-by-stage). Without a
/// temporary folder to write in, the lines stay in memory, as compact as in the file.
final class PageRecordLog: Sendable {
    private static let blockSize = 1 << 16
    private let state = Mutex(State())

    private struct State {
        /// Read and write, already unlinked: the file goes when the process does. -1 when none could be made.
        var descriptor: Int32 = -1
        /// Lines not yet written: `<source>\t<path>\t<fields>\n`.
        var block: [UInt8] = []
        var failed = false
    }

    init() {
        let path = FileManager.default.temporaryDirectory.path + "/tally-pages-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { unlink(path) }
        state.withLock { $0.descriptor = descriptor }
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// Records `page` for the URL `path`; a later record of the same path replaces it. A name with a tab or a line
    /// break would not read back from the manifest: such a page is left out, to render next time.
    func append(_ path: String, _ page: PageManifest.Page) {
        let line = page.line
        guard PageManifest.isPlain(page.source), PageManifest.isPlain(path), !Self.hasLineBreak(line) else { return }
        state.withLock { state in
            state.block.append(contentsOf: page.source.utf8)
            state.block.append(UInt8(ascii: "\t"))
            state.block.append(contentsOf: path.utf8)
            state.block.append(UInt8(ascii: "\t"))
            state.block.append(contentsOf: line.utf8)
            state.block.append(UInt8(ascii: "\n"))
            if state.descriptor >= 0, state.block.count >= Self.blockSize { Self.flush(&state) }
        }
    }

    /// Whether `text` holds a `Character` that `isNewline`: by byte when it is ASCII (LF, VT, FF, CR), which every
    /// record is in practice; by `Character` otherwise (NEL, LS, PS). By `Character` alone it was most of the cost of
    /// recording a page.
    static func hasLineBreak(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x0A && byte <= 0x0D { return true }
            if byte >= 0x80 { ascii = false }
        }
        return !ascii && text.contains(where: \.isNewline)
    }

    /// Every path's latest record, grouped by content file and sorted by path, as `PageManifest.save` writes them;
    /// nil when the file could not be written or read back (a full disk): no manifest is better than a partial one.
    func sorted() -> SortedPageRecords? {
        state.withLock { state -> SortedPageRecords? in
            guard state.descriptor >= 0 else { return SortedPageRecords(state.block) }
            Self.flush(&state)
            var info = stat()
            guard !state.failed, fstat(state.descriptor, &info) == 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
            let read = bytes.withUnsafeMutableBytes { buffer in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    let count = pread(state.descriptor, base + offset, buffer.count - offset, off_t(offset))
                    if count > 0 { offset += count } else if count == 0 || errno != EINTR { break }
                }
                return offset
            }
            return read == bytes.count ? SortedPageRecords(bytes) : nil
        }
    }

    private static func flush(_ state: inout State) {
        let descriptor = state.descriptor
        if !state.failed && !state.block.withUnsafeBytes({ writeAll(descriptor, $0) }) { state.failed = true }
        state.block.removeAll(keepingCapacity: true)
    }
}

/// The log's lines read back, each path's last, in the manifest's order: by content file, then by path.
struct SortedPageRecords {
    private let bytes: [UInt8]
    /// The lines kept, as byte offsets: where the line starts, where its source and its path end, where it ends.
    private let lines: [Line]
    /// Content file → the range of `lines` that are its pages.
    private let ranges: [String: Range<Int>]

    private struct Line {
        let start: Int32
        let sourceEnd: Int32
        let pathEnd: Int32
        let end: Int32
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Line] = []
        var start = 0
        while start < bytes.count, let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let sourceEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")) ?? end
            let pathEnd = bytes[min(sourceEnd + 1, end)..<end].firstIndex(of: UInt8(ascii: "\t")) ?? end
            lines.append(Line(start: Int32(start), sourceEnd: Int32(sourceEnd), pathEnd: Int32(pathEnd), end: Int32(end)))
            start = end + 1
        }
        func source(_ line: Line) -> ArraySlice<UInt8> { bytes[Int(line.start)..<Int(line.sourceEnd)] }
        func path(_ line: Line) -> ArraySlice<UInt8> { bytes[Int(line.sourceEnd) + 1..<Int(line.pathEnd)] }
        // The last record of a path wins, as a dictionary's last assignment did: sort by path, keeping log order.
        let byPath = lines.indices.sorted { a, b in
            let order = Self.compare(path(lines[a]), path(lines[b]))
            return order != 0 ? order < 0 : a < b
        }
        var latest: [Line] = []
        latest.reserveCapacity(byPath.count)
        for (position, index) in byPath.enumerated() {
            if position + 1 < byPath.count, path(lines[byPath[position + 1]]) == path(lines[index]) { continue }
            latest.append(lines[index])
        }
        latest.sort { a, b in
            let order = Self.compare(source(a), source(b))
            return order != 0 ? order < 0 : Self.compare(path(a), path(b)) < 0
        }
        var ranges: [String: Range<Int>] = [:]
        var first = 0
        for index in latest.indices where index + 1 == latest.count || source(latest[index + 1]) != source(latest[index]) {
            ranges[String(decoding: source(latest[index]), as: UTF8.self)] = first..<index + 1
            first = index + 1
        }
        self.lines = latest
        self.ranges = ranges
    }

    /// Each page of `source`, sorted by path, made one at a time.
    func forEachPage(of source: String, _ body: (_ path: String, _ page: PageManifest.Page) -> Void) {
        for line in lines[ranges[source] ?? 0..<0] {
            let path = String(decoding: bytes[Int(line.sourceEnd) + 1..<Int(line.pathEnd)], as: UTF8.self)
            let fields = String(decoding: bytes[min(Int(line.pathEnd) + 1, Int(line.end))..<Int(line.end)], as: UTF8.self)
            body(path, PageManifest.Page(source: source, line: fields))
        }
    }

    /// Each page of `source` as its `page` line's bytes after the tag, `<path>\t<fields>`, sorted by path, with no
    /// `String` made: `append` kept out every record whose names or fields the manifest could not hold.
    func forEachLine(of source: String, _ body: (_ line: ArraySlice<UInt8>) -> Void) {
        for line in lines[ranges[source] ?? 0..<0] {
            body(bytes[Int(line.sourceEnd) + 1..<Int(line.end)])
        }
    }

    /// Byte order, which is Unicode scalar order for UTF-8: how `String`'s `<` sorts the paths the manifest held.
    private static func compare(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
