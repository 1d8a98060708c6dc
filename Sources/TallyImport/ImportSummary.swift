import TallyFormat

/// What an import did, or would do with `--dry-run`, per table.
public struct ImportSummary: Sendable, Equatable {
    public struct Counts: Sendable, Equatable {
        public var inserted = 0
        public var updated = 0
        public var skipped = 0
    }

    /// Table → counts, for every table the import touched.
    public var tables: [String: Counts] = [:]
    /// Records read but deliberately not imported, by reason: "boosts", "followers-only posts"…
    public var leftOut: [String: Int] = [:]
    /// Warnings: columns that map to nothing, and the like. Errors never reach a summary: they fail the import.
    public var warnings: [Diagnostic] = []
    /// How many rows `RowPlan` wrote without the general path: for tests, which check that it was taken.
    var plannedRows = 0

    /// `donations: 1,000 inserted, 2 updated, 5 skipped; organizations: 3 inserted`, tables in name order.
    public var description: String {
        var parts = tables.sorted { $0.key < $1.key }.map { table, counts in
            "\(table): " + [(counts.inserted, "inserted"), (counts.updated, "updated"), (counts.skipped, "skipped")]
                .filter { $0.0 > 0 }.map { "\(grouped($0.0)) \($0.1)" }.joined(separator: ", ")
        }.filter { !$0.hasSuffix(": ") }
        if parts.isEmpty { parts = ["nothing to import"] }
        let left = leftOut.sorted { $0.key < $1.key }.map { "\(grouped($0.value)) " + ($0.value == 1 ? Self.singular[$0.key] ?? $0.key : $0.key) }
        return parts.joined(separator: "; ") + (left.isEmpty ? "" : "; left out: " + left.joined(separator: ", "))
    }

    /// The reasons `leftOut` counts by, for a count of one.
    static let singular = ["boosts": "boost", "replies": "reply", "unlisted posts": "unlisted post", "followers-only posts": "followers-only post",
                           "private mentions": "private mention", "other activities": "other activity",
                           "rows of unpublished users": "row of an unpublished user"]

    private func grouped(_ count: Int) -> String {
        NumberText.grouped(UInt64(max(0, count)))
    }
}

/// An import that failed: every problem found, located in its file. Nothing was written.
public struct ImportFailure: Error, Sendable, Equatable {
    public let diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
