import TallyFormat
import TallySite

/// What `tally check` found: build problems, broken links and assets, missing titles and bad data.
public struct CheckReport: Sendable {
    /// Build problems first, then output problems by file and line, then data problems by table and row.
    public let problems: [CheckProblem]
    /// Pages the build rendered; 0 when it failed.
    public let pages: Int
    /// Internal URLs resolved in the generated HTML.
    public let internalLinks: Int
}

/// One problem `tally check` reports.
public struct CheckProblem: Sendable, Equatable {
    /// What went wrong, as a stable name for machines (`--format json`).
    public enum Kind: String, Sendable, CaseIterable {
        case build
        case fullScan = "full-scan"
        case brokenLink = "broken-link"
        case brokenAnchor = "broken-anchor"
        case missingAsset = "missing-asset"
        case missingTitle = "missing-title"
        case badAmount = "bad-amount"
        case unknownCurrency = "unknown-currency"
        case unknownReference = "unknown-reference"
        case rollCallTotals = "roll-call-totals"
        case categoryCycle = "category-cycle"
        case unsafeSlug = "unsafe-slug"
        case badDate = "bad-date"
        case unknownTimezone = "unknown-timezone"
        case badRate = "bad-rate"
    }

    public let kind: Kind
    public let diagnostic: Diagnostic
    /// The content (or static) file that produced the generated file the problem is in, when known.
    public let source: String?
    /// How many generated files have the same problem; the diagnostic names the first.
    public let count: Int

    init(_ kind: Kind, _ diagnostic: Diagnostic, source: String? = nil, count: Int = 1) {
        self.kind = kind
        self.diagnostic = diagnostic
        self.source = source
        self.count = count
    }
}
