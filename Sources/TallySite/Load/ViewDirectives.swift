import Foundation
import TallyStore

/// What a view file says about how to create it, in comment lines of its own so the file stays plain SQL:
///
///     -- tally: materialize
///     -- tally: index (roll_call_id, party)
///
/// `materialize` computes the view once per build into a table of the snapshot, for a view that many pages read
/// and that would otherwise be computed again by each (an aggregate over a large table); `index` gives that table
/// an index on the columns pages filter by. Lines are counted from 0, like a query's.
enum ViewDirectives {
    static let prefix = "-- tally:"
    static let hint = "write `-- tally: materialize` and `-- tally: index (column, …)` on lines of their own; `tally docs content#views-queries-pages-share`"

    struct Problem: Error, Equatable {
        let line: Int
        let message: String
    }

    static func read(_ sql: String) -> Result<(materialize: Bool, indexes: [SiteView.Index]), Problem> {
        var materialize = false
        var indexes: [SiteView.Index] = []
        for (number, line) in sql.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix(prefix) else { continue }
            let directive = text.dropFirst(prefix.count).trimmingCharacters(in: .whitespacesAndNewlines)
            if directive == "materialize" {
                materialize = true
            } else if directive.hasPrefix("index"), directive.dropFirst("index".count).first.map({ $0 == " " || $0 == "(" }) ?? true {
                var list = directive.dropFirst("index".count).trimmingCharacters(in: .whitespaces)
                if list.hasPrefix("("), list.hasSuffix(")") { list = String(list.dropFirst().dropLast()) }
                let columns = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard !columns.isEmpty, columns.allSatisfy({ !$0.isEmpty }) else {
                    return .failure(Problem(line: number, message: "`\(directive)` names no columns to index"))
                }
                indexes.append(SiteView.Index(columns: columns, lineInFile: number))
            } else {
                return .failure(Problem(line: number, message: "unknown view directive `\(prefix) \(directive)`"))
            }
        }
        if let index = indexes.first, !materialize {
            return .failure(Problem(line: index.lineInFile, message: "only a materialized view can have an index"))
        }
        return .success((materialize, indexes))
    }
}
