import TallyFormat

/// The rows a templated file's `pages` query gave the plan, kept when they are few, so its pages are made from
/// them when they render rather than from the query run again (`PageExpander.forEachChunk`). A query that sums
/// every gift into a handful of pages costs as much to run as one that lists every organization; run once, its
/// rows cost the plan a few kilobytes. The snapshot does not change between the plan and the render, so the rows
/// are the ones the query would give again.
struct PlannedRows: Sendable {
    /// Rows kept for one file at most; a file with more is read again in chunks, as every file was, so memory does
    /// not grow with the number of pages.
    static let limit = 1_024

    let columns: [String]
    private(set) var rows: [[DataValue]] = []

    init(columns: [String]) {
        self.columns = columns
    }

    /// Adds a chunk of the query's rows; false once there are more than `limit`, when the rows are no longer kept.
    mutating func add(_ chunk: [[DataValue]]) -> Bool {
        guard rows.count + chunk.count <= Self.limit else {
            rows = []
            return false
        }
        rows += chunk
        return true
    }

    /// The rows in chunks of at most `size`, in the order the query gave them.
    func chunks(of size: Int) -> [ArraySlice<[DataValue]>] {
        stride(from: 0, to: rows.count, by: size).map { rows[$0..<min($0 + size, rows.count)] }
    }
}
