import Foundation
import TallyFormat

/// A roll call of the Senate as its Legislative Information System publishes it (`vote_118_1_00100.xml`):
/// `roll_call_vote` with the congress, session, `vote_number`, `vote_date`, question, result, `majority_requirement`,
/// the `document` or `amendment` voted on, the `count`, the Vice President's `tie_breaker` where there was one,
/// and a `member` per senator with the `lis_member_id`. The file states no time zone, so none is added.
enum SenateVoteFormat: ImportFormat {
    static let name = "senate-vote"
    static let summary = "Senate LIS roll call XML (vote_CONGRESS_SESSION_NNNNN.xml), one file per roll call, into roll_calls and roll_call_positions"
    static let isTabular = false
    static let defaultSource: String? = "senate-lis"
    static let settableColumns = ["source"]

    /// Each senator's `member`.
    private static let memberShape = XMLRecordShape(parent: "members", element: "member", fields: [
        "lis_member_id", "member_full", "party", "state", "vote_cast",
    ].map { XMLRecordShape.Field(child: $0, attribute: nil) })

    static func read(_ file: ImportFile, into session: ImportSession) throws {
        let (root, senators) = try XMLTree.read(file, records: memberShape)
        guard root.name == "roll_call_vote" else {
            throw ImportFailure([Diagnostic(file: file.displayName, line: root.line, message: "this is not a Senate roll call: its root is <\(root.name)>",
                                            hint: "Senate roll calls start with <roll_call_vote>; House ones are imported with house-vote")])
        }
        func number(_ path: String) throws -> Int {
            guard let value = Int(root.string(path)) else {
                throw ImportFailure([Diagnostic(file: file.displayName, line: root[path]?.line ?? root.line,
                                                message: "<\(path)> is missing or not a number", hint: "the file may be damaged; download it again")])
            }
            return value
        }
        let dateText = root.string("vote_date")
        guard let votedAt = DateText.parse(dateText, as: .dateTime, format: "%B %d, %Y, %I:%M %p")
                ?? DateText.parse(dateText, as: .date, format: "%B %d, %Y") else {
            throw ImportFailure([Diagnostic(file: file.displayName, line: root["vote_date"]?.line ?? root.line,
                                            message: "<vote_date> \(Diagnostic.quoted(dateText)) is not a date like 'May 11, 2023, 06:45 PM'",
                                            hint: "the file may be damaged; download it again")])
        }
        // The fields in `memberShape`'s order.
        let members = senators.map { member in
            RollCall.Member(id: member[0] ?? "", name: member[1] ?? "", party: member[2] ?? "", state: member[3] ?? "", vote: member[4] ?? "",
                            line: member.line)
        }
        if let missing = members.first(where: { $0.id.isEmpty }) {
            throw ImportFailure([Diagnostic(file: file.displayName, line: missing.line, message: "\(missing.name) has no lis_member_id",
                                            hint: "the file may be damaged; download it again")])
        }
        let count = root["count"]
        let totals = RollCall.Totals(yes: Int(count?.string("yeas") ?? "") ?? 0, no: Int(count?.string("nays") ?? "") ?? 0,
                                     present: Int(count?.string("present") ?? "") ?? 0, notVoting: Int(count?.string("absent") ?? "") ?? 0)
        let documentType = root.string("document/document_type"), documentNumber = root.string("document/document_number")
        let amendedDocument = root.string("amendment/amendment_to_document_number")
        let billNumber = !documentType.isEmpty && !documentNumber.isEmpty && documentType != "PN" ? documentType + " " + documentNumber
            : (amendedDocument.isEmpty ? nil : amendedDocument)
        let amendment = root.string("amendment/amendment_number")
        let tieBreaker = root.string("tie_breaker/by_whom")
        let rollCall = RollCall(
            chamber: .senate, congress: try number("congress"), session: try number("session"), number: try number("vote_number"),
            votedAt: votedAt, question: root.string("vote_question_text").isEmpty ? root.string("question") : root.string("vote_question_text"),
            voteType: root.string("question"), requiredMajority: root.string("majority_requirement"),
            result: root.string("vote_result"),
            billNumber: billNumber, amendment: amendment.isEmpty ? nil : amendment, description: root.string("vote_title"),
            totals: totals, partyTotals: [:],
            tieBreaker: tieBreaker.isEmpty ? nil : (tieBreaker, root.string("tie_breaker/tie_breaker_vote")),
            members: members, line: root.line)
        try RollCallImport.write(rollCall, file: file, session: session)
    }
}
