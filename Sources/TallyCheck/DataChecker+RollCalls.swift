import TallyFormat
import TallyStore

extension DataChecker {
    /// A roll call's totals (`yea_count`…) that differ from its recorded positions. `tally import` refuses such a
    /// file; a database written another way can still hold one, and every page would then show two figures for
    /// the same vote. A roll call with no positions at all is left alone: its totals are all the data has.
    func rollCallTotalProblems(_ schema: DataSchema) -> [CheckProblem] {
        guard schema.has("roll_calls", "id", "yea_count", "nay_count", "present_count", "not_voting_count"),
              schema.has("roll_call_positions", "roll_call_id", "position"),
              let table = try? database.run("""
                  SELECT rc.id, rc.yea_count, rc.nay_count, rc.present_count, rc.not_voting_count,
                         sum(p.position = 'yes'), sum(p.position = 'no'), sum(p.position = 'present'), sum(p.position = 'not voting')
                  FROM roll_calls rc JOIN roll_call_positions p ON p.roll_call_id = rc.id
                  GROUP BY rc.id ORDER BY rc.id
                  """) else { return [] }
        let totals = [("yea_count", "yes"), ("nay_count", "no"), ("present_count", "present"), ("not_voting_count", "not voting")]
        return table.rows.flatMap { row in
            totals.enumerated().compactMap { index, total -> CheckProblem? in
                let stated = row[1 + index].integer, counted = row[5 + index].integer ?? 0
                guard stated != counted else { return nil }
                return problem(.rollCallTotals, "roll_calls", row[0],
                               "\(total.0) is \(row[1 + index].text), but its positions have \(counted) '\(total.1)'",
                               hint: "a roll call's totals must equal its positions; import the chamber's file again or fix the rows")
            }
        }
    }
}
