import TallyCharts
import TallyTemplates

/// A ```` ```chart ```` or ```` ```table ```` block taken out of a content file. It is drawn from one of the
/// page's queries after they run, and stands in the body as a Mustache tag until then.
struct PageBlock: Sendable {
    enum Kind: Sendable {
        case chart(ChartSpec)
        case table(TableSpec)
    }

    let kind: Kind
    /// The page query that feeds the block (its `data` key).
    let query: String
    /// Set by `id:`: the block is not drawn in the body but given to the layout as `{{{charts.<id>}}}`.
    let id: String?
    /// Line of the opening fence in the content file.
    let line: Int
    /// Line of each key in the content file, so a problem with a key points at it.
    let keyLines: [String: Int]
    /// A `title` with Mustache tags (`title: "Giving in {{main.currency}}"`), rendered with the page's data.
    let titleTemplate: PageTemplate?

    /// Root names the body uses for the blocks drawn in place: `tally_block_1`, `tally_block_2`, ….
    static let namePrefix = "tally_block_"

    /// A table block with `csv: true`, whose query is written beside the page as CSV.
    var offersCSV: Bool {
        if case .table(let spec) = kind { return spec.csv }
        return false
    }

    /// The line a problem with `key` is reported at: the key's own line, else the fence.
    func line(of key: String?) -> Int { key.flatMap { keyLines[$0] } ?? line }
}
