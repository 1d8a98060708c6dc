import TallyFormat

/// The rows a templated file's `pages` query gave the plan, kept when they are few, so its pages are made from
/// them when they render rather than from the query run again (`PageExpander.forEachChunk`). A query that sums
/// every gift into a handful of pages costs as much to run as one that lists every organization; run once, its
/// rows cost the plan at most `byteLimit` bytes. The snapshot does not change between the plan and the render, so the rows
/// are the ones the query would give again.
struct PlannedRows: Sendable {
    /// Rows kept for one file at most, and the bytes of their values: a file with more is read again in chunks, as
    /// every file was, so memory grows neither with the number of pages nor with the length of their texts.
    static let limit = 1_024
    static let byteLimit = 64 * 1_024

    let columns: [String]
    private(set) var rows: [[DataValue]] = []
    private var bytes = 0

    init(columns: [String]) {
        self.columns = columns
    }

    /// Adds a chunk of the query's rows; false once there are more than `limit` or their values hold more than
    /// `byteLimit` bytes, when the rows are no longer kept.
    mutating func add(_ chunk: [[DataValue]]) -> Bool {
        bytes += chunk.reduce(0) { $0 + $1.reduce(0) { total, value in
            if case .text(let text) = value { total + 16 + text.utf8.count } else { total + 16 }
        } }
        guard rows.count + chunk.count <= Self.limit, bytes <= Self.byteLimit else {
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
