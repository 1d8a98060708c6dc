/// The data table of a categories × series chart: one row per category, one column per series,
/// and a Total column for stacks of more than one series.
enum CategoryTable {
    static func make(_ dataset: CategoryDataset, caption: String, totals: Bool) -> ChartTable {
        let names = dataset.series.count == 1 && dataset.measureNames.count == 1
            ? [dataset.measureNames[0]] : dataset.series.map(\.name)
        let withTotals = totals && dataset.series.count > 1
        let categoryTotals = withTotals ? dataset.categoryTotals() : []
        var rows: [[String]] = []
        rows.reserveCapacity(dataset.categories.count)
        for (index, category) in dataset.categories.enumerated() {
            var row = [category.label]
            row.reserveCapacity(dataset.series.count + 2)
            for series in dataset.series { row.append(series.labels[index] ?? "") }
            if withTotals { row.append(categoryTotals[index].map(dataset.axisStyle.full) ?? "") }
            rows.append(row)
        }
        return ChartTable(caption: caption, header: [dataset.xColumn] + names + (withTotals ? ["Total"] : []), rows: rows)
    }
}
