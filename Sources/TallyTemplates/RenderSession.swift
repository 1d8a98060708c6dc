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
        var result = html
        for (index, fragment) in fragments.enumerated().reversed() {
            let token = placeholderPrefix + String(index) + "x"
            result = result.replacingOccurrences(of: "<p>" + token + "</p>\n", with: fragment)
            result = result.replacingOccurrences(of: token, with: fragment)
        }
        return result
    }

    func record(_ problem: ValueProblem) {
        state.withLock { $0.problems.append(problem) }
    }

    func recordMissing(_ name: String) {
        state.withLock { state in
            if !state.missingNames.contains(name) { state.missingNames.append(name) }
        }
    }

    /// Values that a helper could not format, in the order met.
    public var problems: [ValueProblem] { state.withLock { $0.problems } }
    /// Names a template used that nothing on the page defines, in the order met.
    public var missingNames: [String] { state.withLock { $0.missingNames } }
}

/// A value a formatting helper could not use, such as a date that does not parse.
public struct ValueProblem: Sendable, Equatable {
    public let helper: String
    public let value: String
    public let message: String

    public init(helper: String, value: String, message: String) {
        self.helper = helper
        self.value = value
        self.message = message
    }
}

/// Site-wide settings the formatting helpers use.
public struct FormatSettings: Sendable {
    public var defaultCurrency: Currency
    /// Offset of the site's timezone from UTC, for a moment in time given as seconds since 1970.
    public var utcOffset: @Sendable (Int) -> Int

    public init(defaultCurrency: Currency, utcOffset: @escaping @Sendable (Int) -> Int = { _ in 0 }) {
        self.defaultCurrency = defaultCurrency
        self.utcOffset = utcOffset
    }
}
