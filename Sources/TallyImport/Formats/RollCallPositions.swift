import GRDB
import GRDBSQLite

/// Writes a roll call's positions once its row is written. A new roll call's (or a replaced one's) go straight
/// into one prepared insert: no position can be in the table yet, and a whole Congress is 700,000 of them, for
/// which a `ContractRecord` each through `ImportWriter.write` was a third of the writing. A position the insert
/// refuses (a member the file lists twice), and every position of a roll call imported before, take that general
/// path, which finds the row and compares it.
enum RollCallPositions {
    struct Position {
        let representativeID: String
        let member: RollCall.Member
    }

    static let table = "roll_call_positions"
    private static let columns = ["roll_call_id", "representative_id", "position", "vote", "party"]

    static func write(_ positions: [Position], of rollCall: ImportWriter.WrittenRow, file: ImportFile, writer: ImportWriter) throws {
        guard rollCall.childrenAreNew else {
            for position in positions { try writer.write(record(position, file: file), parentID: rollCall.rowID) }
            return
        }
        try writer.restoreKeyIndex(on: table)
        let insert = try writer.insertStatement(table, columns: columns)
        let rollCallID = rollCall.rowID.databaseValue
        var inserted = 0
        for position in positions {
            let member = position.member
            let values = [rollCallID, position.representativeID.databaseValue, RollCall.position(of: member.vote).databaseValue,
                          member.vote.databaseValue, member.party.isEmpty ? .null : member.party.databaseValue]
            if StatementBinding.step(insert, values) == SQLITE_DONE {
                inserted += 1
            } else {
                try writer.write(record(position, file: file), parentID: rollCall.rowID, parentIsNew: true)
            }
        }
        if inserted > 0 { writer.summary.tables[table, default: .init()].inserted += inserted }
    }

    /// The position as a record for `ImportWriter.write`, located at the member's line for its problems.
    private static func record(_ position: Position, file: ImportFile) -> ContractRecord {
        let member = position.member
        return ContractRecord(table: table, values: [
            ("roll_call_id", .parent), ("representative_id", .text(position.representativeID)),
            ("position", .text(RollCall.position(of: member.vote))), ("vote", .text(member.vote)),
            ("party", member.party.isEmpty ? .null : .text(member.party)),
        ], location: SourceLocation(file: file.displayName, line: member.line))
    }
}
