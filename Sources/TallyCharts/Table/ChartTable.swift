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
        out.raw("<details class=\"tally-data\"><summary>Data</summary><table><caption>" as StaticString)
        out.text(caption)
        out.raw("</caption><thead><tr>" as StaticString)
        for name in header {
            out.raw("<th scope=\"col\">" as StaticString)
            out.text(name)
            out.raw("</th>" as StaticString)
        }
        out.raw("</tr></thead><tbody>" as StaticString)
        if rows.isEmpty {
            out.raw("<tr><td colspan=\"" as StaticString)
            out.integer(max(1, header.count))
            out.raw("\">No data</td></tr>" as StaticString)
        }
        for row in rows {
            out.raw("<tr>" as StaticString)
            for (index, cell) in row.enumerated() {
                out.raw(index == 0 ? "<th scope=\"row\">" as StaticString : "<td>" as StaticString)
                out.text(cell)
                out.raw(index == 0 ? "</th>" as StaticString : "</td>" as StaticString)
            }
            out.raw("</tr>" as StaticString)
        }
        out.raw("</tbody></table></details>" as StaticString)
        return out.string
    }
}
