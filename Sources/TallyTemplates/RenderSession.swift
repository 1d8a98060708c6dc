#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TallyFormat

/// State for rendering one page: formatting settings, the problems values ran into, and the HTML fragments
/// that stand in the Markdown as placeholders until cmark-gfm has run.
///
/// Helpers such as `{{date(donated_at)}}` reach it through a task-local, so a template value never holds
/// page state and pages can render concurrently.
public final class RenderSession: Sendable {
    @TaskLocal public static var current: RenderSession?

    public let settings: FormatSettings
    private let state = Mutex(State())
    private let placeholderPrefix: String

    private struct State {
        var fragments: [String] = []
        var problems: [ValueProblem] = []
        var missingNames: [String] = []
        var missingKeys: [MissingKey] = []
    }

    /// - Parameter placeholderSeed: letters and digits unique to the build, so no database value can forge a placeholder.
    public init(settings: FormatSettings, placeholderSeed: String) {
        self.settings = settings
        self.placeholderPrefix = "tallyfragment" + placeholderSeed + "x"
    }

    /// Runs `body` with this session as the current one.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        try RenderSession.$current.withValue(self, operation: body)
    }

    /// Keeps trusted HTML aside and returns the placeholder that stands for it in Markdown.
    public func placeholder(for html: String) -> String {
        let index = state.withLock { state in
            state.fragments.append(html)
            return state.fragments.count - 1
        }
        return placeholderPrefix + String(index) + "x"
    }

    /// Replaces every placeholder in rendered HTML: a placeholder alone in a paragraph replaces the paragraph.
    public func substitutePlaceholders(in html: String) -> String {
        let fragments = state.withLock { $0.fragments }
        guard !fragments.isEmpty else { return html }
        var text = html, prefix = placeholderPrefix
        let substituted = text.withUTF8 { bytes in
            prefix.withUTF8 { prefix in RenderSession.substitute(fragments, prefix: prefix, in: bytes) }
        }
        return substituted.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// The same over UTF-8 bytes (`PageTemplate.renderBytes`), given back as bytes.
    public func substitutePlaceholders(in html: [UInt8]) -> [UInt8] {
        let fragments = state.withLock { $0.fragments }
        guard !fragments.isEmpty else { return html }
        var prefix = placeholderPrefix
        let substituted = html.withUnsafeBufferPointer { bytes in
            prefix.withUTF8 { prefix in RenderSession.substitute(fragments, prefix: prefix, in: bytes) }
        }
        return substituted ?? html
    }

    /// One pass over the bytes, jumping between candidates with `memchr`; Foundation's replacingOccurrences copied
    /// the page twice per fragment, and a loop over every byte was 2 % of a Markdown build.
    private static func substitute(_ fragments: [String], prefix: UnsafeBufferPointer<UInt8>,
                                   in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let paragraphOpen = Array("<p>".utf8), paragraphClose = Array("</p>\n".utf8)
        var result: [UInt8] = []
        var copied = 0, position = 0
        while let start = firstIndex(of: prefix, in: bytes, from: position) {
            var end = start + prefix.count, index = 0
            while end < bytes.count, (0x30...0x39).contains(bytes[end]), index < fragments.count {
                index = index * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            guard end > start + prefix.count, end < bytes.count, bytes[end] == UInt8(ascii: "x"), index < fragments.count else {
                position = start + 1
                continue
            }
            end += 1
            var replaced = start..<end
            if has(paragraphOpen, in: bytes, at: start - paragraphOpen.count), has(paragraphClose, in: bytes, at: end) {
                replaced = start - paragraphOpen.count..<end + paragraphClose.count
            }
            if copied == 0 { result.reserveCapacity(bytes.count + fragments.reduce(0) { $0 + $1.utf8.count }) }
            result += UnsafeBufferPointer(rebasing: bytes[copied..<replaced.lowerBound])
            result += fragments[index].utf8
            copied = replaced.upperBound
            position = replaced.upperBound
        }
        // Most pages use no placeholder they were given (`{{toc}}` is offered to every body): the text stays as it is,
        // rather than copied and checked as UTF-8 again.
        guard copied > 0 else { return nil }
        result += UnsafeBufferPointer(rebasing: bytes[copied...])
        return result
    }

    /// `memchr` to the needle's rarest byte in English text, then a comparison. The placeholder prefix starts with
    /// `t`, which a search for the first byte met every few bytes of a page.
    private static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, !needle.isEmpty else { return nil }
        let anchor = rarestByteOffset(in: needle), anchorByte = Int32(needle[anchor])
        var position = start + anchor
        while position < bytes.count, let found = memchr(base + position, anchorByte, bytes.count - position) {
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if has(needle, in: bytes, at: index - anchor) { return index - anchor }
            position = index + 1
        }
        return nil
    }

    /// Lowercase letters from the most to the least frequent in English; any other byte counts as rarer still.
    private static let letterFrequency = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)

    private static func rarestByteOffset(in needle: UnsafeBufferPointer<UInt8>) -> Int {
        let ranks = needle.map { letterFrequency.firstIndex(of: $0) ?? letterFrequency.count }
        return ranks.indices.max { ranks[$0] < ranks[$1] } ?? 0
    }

    private static func has(_ needle: some Collection<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index >= 0 && index + needle.count <= bytes.count && bytes[index..<index + needle.count].elementsEqual(needle)
    }

    func record(_ problem: ValueProblem) {
        state.withLock { $0.problems.append(problem) }
    }

    func recordMissing(_ name: String) {
        state.withLock { state in
            if !state.missingNames.contains(name) { state.missingNames.append(name) }
        }
    }

    func recordMissing(key: String, of name: String) {
        let missing = MissingKey(name: name, key: key)
        state.withLock { state in
            if !state.missingKeys.contains(missing) { state.missingKeys.append(missing) }
        }
    }

    /// How much the session has recorded, so that a render started over can forget what it recorded the first time.
    struct Checkpoint {
        fileprivate let fragments, problems, missingNames, missingKeys: Int
    }

    var checkpoint: Checkpoint {
        state.withLock { Checkpoint(fragments: $0.fragments.count, problems: $0.problems.count,
                                    missingNames: $0.missingNames.count, missingKeys: $0.missingKeys.count) }
    }

    /// Forgets what was recorded since `checkpoint`.
    func rollBack(to checkpoint: Checkpoint) {
        state.withLock { state in
            state.fragments.removeSubrange(checkpoint.fragments...)
            state.problems.removeSubrange(checkpoint.problems...)
            state.missingNames.removeSubrange(checkpoint.missingNames...)
            state.missingKeys.removeSubrange(checkpoint.missingKeys...)
        }
    }

    /// Values that a helper could not format, in the order met.
    public var problems: [ValueProblem] { state.withLock { $0.problems } }
    /// Names a template used that nothing on the page defines, in the order met.
    public var missingNames: [String] { state.withLock { $0.missingNames } }
    /// Keys read with a dot (`{{gifts.amout}}`) that their value cannot have, in the order met.
    public var missingKeys: [MissingKey] { state.withLock { $0.missingKeys } }
}

/// A key read with a dot that the value before the dot does not have: `gifts.amout`.
public struct MissingKey: Sendable, Equatable {
    public let name: String
    public let key: String

    public init(name: String, key: String) {
        self.name = name
        self.key = key
    }
}

/// A value a formatting helper could not use, such as a date that does not parse.
public struct ValueProblem: Sendable, Equatable {
    public let helper: String
    public let value: String
    public let message: String
    /// The query column the value came from, when it came from one.
    public let column: String?

    public init(helper: String, value: String, message: String, column: String? = nil) {
        self.helper = helper
        self.value = value
        self.message = message
        self.column = column
    }
}

/// The settings the formatting helpers use: the site's, with a page's own `locale` when its front matter has one.
public struct FormatSettings: Sendable {
    public var defaultCurrency: Currency
    /// Offset of the site's timezone from UTC, for a moment in time given as seconds since 1970.
    public var utcOffset: @Sendable (Int) -> Int
    /// How numbers, money, percents and dates are written: en-US unless the config or the page says otherwise.
    public var locale: FormatLocale

    public init(defaultCurrency: Currency, locale: FormatLocale = .enUS, utcOffset: @escaping @Sendable (Int) -> Int = { _ in 0 }) {
        self.defaultCurrency = defaultCurrency
        self.locale = locale
        self.utcOffset = utcOffset
    }
}
