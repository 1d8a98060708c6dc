/// A document copied into a new one with some of its byte ranges replaced. Replacements come in document order,
/// and each unchanged stretch between them is copied in one piece, so a document with few edits costs about one copy.
package struct SourceEdits {
    /// The document; it must stay valid while the edits are made.
    package let source: UnsafeBufferPointer<UInt8>
    private var output: [UInt8] = []
    private var copiedUpTo = 0

    /// `growth` is how many bytes the edits are expected to add, reserved up front.
    package init(_ source: UnsafeBufferPointer<UInt8>, growth: Int) {
        self.source = source
        output.reserveCapacity(source.count + growth)
    }

    package mutating func replace(_ range: Range<Int>, with replacement: some Collection<UInt8>) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copiedUpTo..<range.lowerBound]))
        output.append(contentsOf: replacement)
        copiedUpTo = range.upperBound
    }

    /// The edited document.
    package mutating func finish() -> [UInt8] {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[copiedUpTo...]))
        copiedUpTo = source.count
        return output
    }
}
