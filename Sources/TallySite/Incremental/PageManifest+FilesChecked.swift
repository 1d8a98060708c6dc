import Foundation

extension PageManifest.Page {
    /// The first of the page's files that is not in the output as its record says (changed, deleted, or never
    /// stamped), or nil when every one is: what `OutputFileStamp.current(_:in:) == file` tells for each file, without
    /// a `String` made for its path or its stamp. An incremental build asks this of every kept page, a `stat` each:
    /// 49,620 files at 20,000 organizations, where the strings cost more than the system calls.
    /// - Parameter output: the output folder, open (`OutputFolder`): each file is looked up from it, not from `/`.
    func firstFileChanged(in output: OutputFolder) -> String? {
        var line = self.line
        let changed = line.withUTF8 { bytes -> Range<Int>? in
            var fields = FieldCursor(bytes: bytes)
            // The params and the results, then pairs of a file and its stamp.
            guard fields.next() != nil, fields.next() != nil else { return nil }
            while let path = fields.next() {
                let stamp = fields.next() ?? bytes.count..<bytes.count
                guard let info = output.status(of: UnsafeBufferPointer(rebasing: bytes[path])), info.st_mode & S_IFMT == S_IFREG,
                      OutputFileStamp.matches(FileStamps.Stamp(info), UnsafeBufferPointer(rebasing: bytes[stamp])) else { return path }
            }
            return nil
        }
        return changed.map { String(decoding: line.utf8.dropFirst($0.lowerBound).prefix($0.count), as: UTF8.self) }
    }

    /// The paths of the page's files, without their stamps: what a kept page keeps in the output.
    var filePaths: [String] {
        var line = self.line
        return line.withUTF8 { bytes in
            var fields = FieldCursor(bytes: bytes)
            guard fields.next() != nil, fields.next() != nil else { return [] }
            var paths: [String] = []
            while let path = fields.next() {
                paths.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[path]), as: UTF8.self))
                _ = fields.next()
            }
            return paths
        }
    }

    /// The tab-separated fields of a record's line, one range at a time.
    private struct FieldCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var start = 0
        var done = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> Range<Int>? {
            guard !done else { return nil }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\t") { end += 1 }
            defer {
                done = end == bytes.count
                start = end + 1
            }
            return start..<end
        }
    }
}

extension OutputFileStamp {
    /// Whether `text` is `text(of: stamp)`, compared digit by digit: no `String` is made.
    static func matches(_ stamp: FileStamps.Stamp, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let size = matchSignedDecimal(stamp.size, text, at: 0),
              let modified = matchSignedDecimal(stamp.modified, text, at: afterColon(text, size)),
              let changed = matchSignedDecimal(stamp.changed, text, at: afterColon(text, modified)),
              let inode = matchDecimal(stamp.inode, text, at: afterColon(text, changed)) else { return false }
        return inode == text.count
    }

    /// The position after the colon at `position`; past the end, where no number matches, when there is none.
    private static func afterColon(_ text: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
        position < text.count && text[position] == UInt8(ascii: ":") ? position + 1 : text.count + 1
    }

    private static func matchSignedDecimal(_ number: Int, _ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        guard number < 0 else { return matchDecimal(UInt(number), text, at: position) }
        guard position < text.count, text[position] == UInt8(ascii: "-") else { return nil }
        return matchDecimal(number.magnitude, text, at: position + 1)
    }

    /// The position after `number`'s decimal digits when `text` has them at `position`.
    private static func matchDecimal(_ number: UInt, _ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        guard position + digits <= text.count else { return nil }
        var value = number
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            guard text[position + offset] == UInt8(ascii: "0") + UInt8(value % 10) else { return nil }
            value /= 10
        }
        return position + digits
    }
}
