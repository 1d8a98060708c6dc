import TallyFormat

extension PageRenderer {
    /// The CSV files of a page's queries marked `csv`, in the page's folder: `orgs/amf/index.html` → `orgs/amf/gifts.csv`.
    /// A paginated query's file holds the rows of its page, as the table above its link does.
    static func downloads(of source: PageSource, tables: [String: DataTable], beside outputFile: String) -> [(file: String, text: String)] {
        let folder = outputFile.split(separator: "/", omittingEmptySubsequences: false).dropLast().map { $0 + "/" }.joined()
        return source.queries.filter(\.csv).compactMap { query in
            tables[query.name].map { (folder + query.name + ".csv", CSVText.make($0)) }
        }
    }
}
