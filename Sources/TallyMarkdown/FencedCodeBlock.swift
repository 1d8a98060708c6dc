/// A fenced code block found in a Markdown document: ```` ```sql gifts ```` has the info string "sql gifts".
public struct FencedCodeBlock: Sendable, Equatable {
    /// The whole info string after the opening fence, trimmed.
    public let info: String
    /// The code between the fences, ending in a newline when non-empty.
    public let code: String
    /// 1-based line of the opening fence.
    public let firstLine: Int
    /// 1-based line of the closing fence (or the last line of the document when the fence is never closed).
    public let lastLine: Int

    public init(info: String, code: String, firstLine: Int, lastLine: Int) {
        self.info = info
        self.code = code
        self.firstLine = firstLine
        self.lastLine = lastLine
    }

    /// The info string split on spaces: "sql gifts" → ["sql", "gifts"].
    public var infoWords: [Substring] { info.split(separator: " ", omittingEmptySubsequences: true) }
}
