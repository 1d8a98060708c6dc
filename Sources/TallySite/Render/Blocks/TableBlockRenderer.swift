import TallyFormat
import TallyTemplates

/// Draws a ```` ```table ```` block as an HTML table, formatting each column the way the template helpers do.
/// Runs inside the page's render session, so money uses the site's currency and bad values are reported.
struct TableBlockRenderer {
    let spec: TableSpec
    let table: DataTable
    /// The query the table shows, whose CSV file (`<query>.csv`, beside the page) the table links to with `csv: true`.
    var query = ""

    /// A column the spec names that the query did not return, and the key that named it.
    struct UnknownColumn: Error {
        let name: String
        let key: String
    }

    func html() throws(UnknownColumn) -> String {
        // Each column's format reads every row, so it is worked out once per column.
        let columnFormats = table.columns.indices.map(format(of:))
        let shown = try shownColumns(columnFormats)
        let formats = shown.map { columnFormats[$0] }
        // The box scrolls sideways on a narrow screen, so the keyboard must be able to focus it in every browser:
        // a labelled region, named by the caption or else by the columns.
        let label = spec.title ?? "Table: " + shown.map(header).joined(separator: ", ")
        var out = "<div class=\"tally-table\" role=\"region\" tabindex=\"0\" aria-label=\"" + escapeHTML(label) + "\"><table>"
        if let title = spec.title { out += "<caption>" + escapeHTML(title) + "</caption>" }
        out += "<thead><tr>"
        for (column, format) in zip(shown, formats) {
            out += "<th scope=\"col\"" + (format.isNumeric ? " class=\"num\">" : ">") + escapeHTML(header(column)) + "</th>"
        }
        out += "</tr></thead><tbody>"
        if table.rows.isEmpty {
            out += "<tr><td colspan=\"\(max(shown.count, 1))\">No rows</td></tr>"
        }
        for row in table.rows {
            out += "<tr>"
            for (column, format) in zip(shown, formats) {
                out += (format.isNumeric ? "<td class=\"num\">" : "<td>") + escapeHTML(text(row, column, format)) + "</td>"
            }
            out += "</tr>"
        }
        out += "</tbody></table></div>"
        guard spec.csv else { return out }
        // Relative, so it names the file written beside this very page, whatever the site's base path.
        return out + "<p class=\"tally-download\"><a href=\"" + escapeHTML(query) + ".csv\" download>Download "
            + escapeHTML(spec.title ?? "these rows") + " as CSV</a> (\(table.rows.count) "
            + (table.rows.count == 1 ? "row" : "rows") + ")</p>"
    }

    private func shownColumns(_ formats: [TableSpec.ColumnFormat]) throws(UnknownColumn) -> [Int] {
        let index = Dictionary(table.columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for name in spec.headers.keys.sorted() where index[name] == nil { throw UnknownColumn(name: name, key: "headers") }
        for name in spec.formats.keys.sorted() where index[name] == nil { throw UnknownColumn(name: name, key: "formats") }
        if let names = spec.columns {
            var shown: [Int] = []
            for name in names {
                guard let position = index[name] else { throw UnknownColumn(name: name, key: "columns") }
                shown.append(position)
            }
            return shown
        }
        // A currency column that only says which currency an amount is in is already in the amount's text.
        let currencyColumns = Set(table.columns.indices.filter { formats[$0] == .money }.compactMap(table.currencyColumn(for:)))
        return table.columns.indices.filter { !currencyColumns.contains($0) }
    }

    private func header(_ column: Int) -> String {
        let name = table.columns[column]
        return spec.headers[name] ?? ColumnNaming.label(name)
    }

    private func format(of column: Int) -> TableSpec.ColumnFormat {
        let name = table.columns[column]
        if let chosen = spec.formats[name], chosen != .automatic { return chosen }
        if name.hasSuffix("_cents") { return .money }
        var sawNumber = false, sawDate = false, finestIsMonth = true
        for row in table.rows {
            switch row[column] {
            case .null: continue
            case .integer, .real: sawNumber = true
            case .text(let text):
                guard let date = ISODate(text), date.precision >= .month else { return .text }
                sawDate = true
                if date.precision > .month { finestIsMonth = false }
            }
        }
        if sawNumber { return sawDate ? .text : .number }
        if sawDate { return finestIsMonth ? .month : .date }
        return .text
    }

    private func text(_ row: [DataValue], _ column: Int, _ format: TableSpec.ColumnFormat) -> String {
        let value = row[column]
        let helper: String
        switch format {
        case .automatic, .text: return value.text
        case .number: helper = "number"
        case .money: helper = "money"
        case .percent: helper = "percent1"
        case .date: helper = "date"
        case .month: helper = "month"
        case .stars: helper = "stars"
        }
        let currency = format == .money ? table.currencyColumn(for: column).map { row[$0].text } : nil
        let formatted = Cell(value, currencyCode: currency).transform(helper) as? Cell
        return formatted?.value.text ?? value.text
    }
}

private extension TableSpec.ColumnFormat {
    var isNumeric: Bool { self == .number || self == .money || self == .percent }
}
