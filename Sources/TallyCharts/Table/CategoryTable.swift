/// The data table of a categories × series chart: one row per category, one column per series,
/// and a Total column for stacks of more than one series. Written straight from the dataset.
struct CategoryTable {
    let dataset: CategoryDataset
    let caption: String
    private let withTotals: Bool

    init(_ dataset: CategoryDataset, caption: String, totals: Bool) {
        self.dataset = dataset
        self.caption = caption
        withTotals = totals && dataset.series.count > 1
    }

    var header: [String] {
        let names = dataset.series.count == 1 && dataset.measureNames.count == 1
            ? [dataset.measureNames[0]] : dataset.series.map(\.name)
        return [dataset.xColumn] + names + (withTotals ? ["Total"] : []) + (dataset.limits.isEmpty ? [] : LimitMarks.headers)
    }

    var html: String {
        let header = self.header
        var out = SVGWriter(capacity: 256 + dataset.categories.count * (header.count * 40 + 24))
        ChartTable.writeHead(caption: caption, header: header, into: &out)
        let totals = withTotals ? dataset.categoryTotals() : []
        for (index, category) in dataset.categories.enumerated() {
            ChartTable.writeCell(category.label, header: true, into: &out)
            for series in dataset.series { ChartTable.writeCell(series.labels[index] ?? "", header: false, into: &out) }
            if withTotals { ChartTable.writeCell(totals[index].map(dataset.axisStyle.full) ?? "", header: false, into: &out) }
            if !dataset.limits.isEmpty {
                for cell in LimitMarks(dataset: dataset).cells(index) { ChartTable.writeCell(cell, header: false, into: &out) }
            }
            out.raw("</tr>" as StaticString)
        }
        ChartTable.writeTail(columns: dataset.categories.isEmpty ? header.count : 0, into: &out)
        return out.string
    }

    var emptyHTML: String { ChartTable(caption: caption, header: header, rows: []).html }
}
