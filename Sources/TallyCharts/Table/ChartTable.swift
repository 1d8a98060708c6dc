/// The HTML table beside each chart, built from the same values with the same formatting. `role="img"` hides
/// the SVG's inside from assistive technology, so this table is how those readers get at the numbers.
struct ChartTable {
    var caption: String
    /// Column headers; the first names the row headers' column.
    var header: [String]
    /// Rows of cells; the first cell of each is the row's header.
    var rows: [[String]]

    /// `<details class="tally-data"><summary>Data</summary><table>…</table></details>`.
    var html: String {
        var out = SVGWriter(capacity: 256 + rows.count * (header.count * 32 + 24))
        Self.writeHead(caption: caption, header: header, into: &out)
        for row in rows {
            for (index, cell) in row.enumerated() { Self.writeCell(cell, header: index == 0, into: &out) }
            out.raw("</tr>" as StaticString)
        }
        Self.writeTail(columns: rows.isEmpty ? header.count : 0, into: &out)
        return out.string
    }

    /// The same table with a "No data" row, for charts with nothing to draw.
    var emptyHTML: String { ChartTable(caption: caption, header: header, rows: []).html }

    /// Everything up to the body's first row.
    static func writeHead(caption: String, header: [String], into out: inout SVGWriter) {
        out.raw("<details class=\"tally-data\"><summary>Data</summary><table><caption>" as StaticString)
        out.text(caption)
        out.raw("</caption><thead><tr>" as StaticString)
        for name in header {
            out.raw("<th scope=\"col\">" as StaticString)
            out.text(name)
            out.raw("</th>" as StaticString)
        }
        out.raw("</tr></thead><tbody>" as StaticString)
    }

    /// A row header (`<tr><th scope="row">`) or a data cell; rows close with `</tr>`.
    static func writeCell(_ text: String, header: Bool, into out: inout SVGWriter) {
        out.raw(header ? "<tr><th scope=\"row\">" as StaticString : "<td>" as StaticString)
        out.text(text)
        out.raw(header ? "</th>" as StaticString : "</td>" as StaticString)
    }

    /// Closes the table; `columns` above zero first adds the "No data" row spanning that many columns.
    static func writeTail(columns: Int, into out: inout SVGWriter) {
        if columns > 0 {
            out.raw("<tr><td colspan=\"" as StaticString)
            out.integer(columns)
            out.raw("\">No data</td></tr>" as StaticString)
        }
        out.raw("</tbody></table></details>" as StaticString)
    }
}
