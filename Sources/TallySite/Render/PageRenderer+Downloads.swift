import TallyFormat

extension PageRenderer {
    /// The CSV files of a page's queries marked `csv`, in the page's folder: `orgs/amf/index.html` → `orgs/amf/gifts.csv`.
    /// A paginated query's file holds the rows of its page, as the table above its link does. A table block's file has
    /// the block's `columns` (with the currency of each amount) and reads its `money` formats as amounts.
    static func downloads(of source: PageSource, tables: [String: DataTable], beside outputFile: String) -> [(file: String, text: String)] {
        // Most pages have none: their folder is not worked out (splitting the path was 1.6 % of a Markdown build).
        guard source.queries.contains(where: \.csv) else { return [] }
        // Up to the slash's byte: `...` would take a combining mark after it as part of the slash's Character.
        let folder = outputFile.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(outputFile[..<$0]) + "/" } ?? ""
        return source.queries.filter(\.csv).compactMap { query in
            guard let table = tables[query.name] else { return nil }
            let spec = source.blocks.lazy.compactMap { block -> TableSpec? in
                guard block.query == query.name, case .table(let spec) = block.kind, spec.csv else { return nil }
                return spec
            }.first
            guard let spec else { return (folder + query.name + ".csv", CSVText.make(table)) }
            let money = Set(spec.formats.filter { $0.value == .money }.keys)
            return (folder + query.name + ".csv", CSVText.make(Self.columns(spec.columns, money: money, of: table), moneyColumns: money))
        }
    }

    /// `table` with only `names` (every column when nil), each amount followed by its currency column if it was left out.
    private static func columns(_ names: [String]?, money: Set<String>, of table: DataTable) -> DataTable {
        guard let names else { return table }
        var kept: [Int] = []
        for name in names {
            guard let position = table.index(of: name) else { continue }
            kept.append(position)
            let isMoney = money.contains(name) || name.hasSuffix("_cents")
            if isMoney, let currency = ColumnNaming.currencyColumn(for: name, position: table.index(of:)),
               !kept.contains(currency), !names.contains(table.columns[currency]) {
                kept.append(currency)
            }
        }
        return DataTable(columns: kept.map { table.columns[$0] }, rows: table.rows.map { row in kept.map { row[$0] } })
    }
}
