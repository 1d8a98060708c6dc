import TallyCharts
import TallyFormat

extension PageBlock {
    /// Draws the block from its query's rows; a problem is located at the key it comes from.
    /// - Parameters:
    ///   - number: the block's position on the page from 1, which keeps chart ids apart.
    ///   - title: the rendered `titleTemplate`, when the title has tags.
    ///   - locale: the page's, for a chart's ticks, labels and description (a table's cells format through the
    ///     helpers, which read it from the render session).
    func draw(from table: DataTable, number: Int, title: String?, file: String, locale: FormatLocale) -> Result<String, Diagnostic> {
        switch kind {
        case .chart(var spec):
            if let title { spec.title = title }
            spec.locale = locale
            do throws(ChartError) {
                return .success(try ChartRenderer.render(spec, data: ChartData(table), idPrefix: "chart-\(number)").html)
            } catch {
                return .failure(Diagnostic(file: file, line: line(of: error.key), message: error.message + " (in chart of '\(query)')",
                                           hint: error.hint))
            }
        case .table(var spec):
            if let title { spec.title = title }
            do throws(TableBlockRenderer.UnknownColumn) {
                return .success(try TableBlockRenderer(spec: spec, table: table, query: query).html())
            } catch {
                return .failure(Diagnostic(file: file, line: line(of: error.key),
                                           message: "\(error.key): column \"\(error.name)\" is not in the query result (in table of '\(query)')",
                                           hint: "available columns: " + table.columns.joined(separator: ", ")))
            }
        }
    }
}
