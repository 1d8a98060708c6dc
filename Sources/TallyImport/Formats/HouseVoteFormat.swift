import Foundation
import TallyFormat

/// A roll call of the House as the Clerk publishes it (`clerk.house.gov/evs/YEAR/rollNNN.xml`): `rollcall-vote` with
/// `vote-metadata` (congress, session, `rollcall-num`, `legis-num`, question, type, result, date and Eastern time,
/// totals by party and in all, or by candidate in a Speaker election or a quorum call) and `vote-data`, a
/// `recorded-vote` per member with the member's `name-id` (a bioguide id).
enum HouseVoteFormat: ImportFormat {
    static let name = "house-vote"
    static let summary = "House Clerk roll call XML (rollNNN.xml), one file per roll call, into roll_calls and roll_call_positions"
    static let isTabular = false
    static let defaultSource: String? = "house-clerk"
    static let settableColumns = ["source"]

    /// Each member's `recorded-vote`: the `legislator`'s name and attributes, and the `vote`.
    private static let memberShape = XMLRecordShape(parent: "vote-data", element: "recorded-vote", fields: [
        .init(child: "legislator", attribute: nil), .init(child: "vote", attribute: nil), .init(child: "legislator", attribute: "name-id"),
        .init(child: "legislator", attribute: "party"), .init(child: "legislator", attribute: "state"),
    ])

    static func read(_ file: ImportFile, into session: ImportSession) throws {
        let (root, votes) = try XMLTree.read(file, records: memberShape)
        guard root.name == "rollcall-vote", let metadata = root["vote-metadata"] else {
            throw ImportFailure([Diagnostic(file: file.displayName, line: root.line, message: "this is not a House roll call: its root is <\(root.name)>",
                                            hint: "House roll calls start with <rollcall-vote>; Senate ones are imported with senate-vote")])
        }
        func number(_ path: String) throws -> Int {
            guard let value = Int(metadata.string(path).filter(\.isNumber)), !metadata.string(path).isEmpty else {
                throw ImportFailure([Diagnostic(file: file.displayName, line: metadata[path]?.line ?? metadata.line,
                                                message: "<\(path)> is missing or not a number", hint: "the file may be damaged; download it again")])
            }
            return value
        }
        var totals = RollCall.Totals()
        var partyTotals: [String: RollCall.Totals] = [:]
        let voteTotals = metadata["vote-totals"]
        for party in voteTotals?.all("totals-by-party") ?? [] {
            partyTotals[party.string("party")] = counts(party)
        }
        if let all = voteTotals?["totals-by-vote"] { totals = counts(all) }
        for candidate in voteTotals?.all("totals-by-candidate") ?? [] {
            let name = candidate.string("candidate"), count = Int(candidate.string("candidate-total")) ?? 0
            switch RollCall.position(of: name) {
            case "present": totals.present = count
            case "not voting": totals.notVoting = count
            default: totals.candidates[name] = count
            }
        }
        // The fields in `memberShape`'s order: the legislator's name, the vote, name-id, party, state.
        let members = votes.compactMap { vote -> RollCall.Member? in
            guard let name = vote[0] else { return nil }  // no <legislator>
            return RollCall.Member(id: vote[2] ?? "", name: name, party: vote[3] ?? "", state: vote[4] ?? "", vote: vote[1] ?? "", line: vote.line)
        }
        if let missing = members.first(where: { $0.id.isEmpty }) {
            throw ImportFailure([Diagnostic(file: file.displayName, line: missing.line, message: "\(missing.name) has no name-id",
                                            hint: "roll calls before 2003 carry no member ids and cannot be imported")])
        }
        let billNumber = metadata.string("legis-num")
        let amendment = metadata.string("amendment-num")
        let rollCall = RollCall(
            chamber: .house, congress: try number("congress"), session: try number("session"), number: try number("rollcall-num"),
            votedAt: try votedAt(metadata, file: file), question: metadata.string("vote-question"), voteType: metadata.string("vote-type"),
            requiredMajority: requiredMajority(metadata.string("vote-type")), result: metadata.string("vote-result"),
            billNumber: billNumber.isEmpty || billNumber.uppercased().hasPrefix("QUORUM") ? nil : billNumber,
            amendment: amendment.isEmpty ? nil : amendment, description: metadata.string("vote-desc"),
            totals: totals, partyTotals: partyTotals, tieBreaker: nil, members: members, line: metadata.line)
        try RollCallImport.write(rollCall, file: file, session: session)
    }

    private static func counts(_ element: XMLTree) -> RollCall.Totals {
        RollCall.Totals(yes: Int(element.string("yea-total")) ?? 0, no: Int(element.string("nay-total")) ?? 0,
                        present: Int(element.string("present-total")) ?? 0, notVoting: Int(element.string("not-voting-total")) ?? 0)
    }

    /// `2/3` for `2/3 YEA-AND-NAY`, `1/2` for other yea-and-nay and recorded votes, `QUORUM`, or "" when unknown.
    private static func requiredMajority(_ type: String) -> String {
        if type.hasPrefix("2/3") { return "2/3" }
        if type.hasPrefix("3/5") { return "3/5" }
        if type.contains("QUORUM") { return "QUORUM" }
        return type.contains("YEA-AND-NAY") || type.contains("RECORDED VOTE") ? "1/2" : ""
    }

    /// `action-date` (`11-May-2023`) and `action-time`'s `time-etz` (`18:45`, Eastern time) as ISO 8601 with the
    /// Eastern offset of that day: `2023-05-11T18:45:00-04:00`.
    private static func votedAt(_ metadata: XMLTree, file: ImportFile) throws -> String {
        let dateText = metadata.string("action-date")
        guard let day = DateText.parse(dateText, as: .date, format: "%d-%b-%Y") else {
            throw ImportFailure([Diagnostic(file: file.displayName, line: metadata["action-date"]?.line ?? metadata.line,
                                            message: "<action-date> \(Diagnostic.quoted(dateText)) is not a date like 11-May-2023",
                                            hint: "the file may be damaged; download it again")])
        }
        guard let time = metadata["action-time"]?.attributes["time-etz"], let local = DateText.parse(day + "T" + time, as: .dateTime, format: nil) else {
            return day
        }
        return EasternTime.stamp(local)
    }
}

/// Times the chambers publish in Washington's zone, given the offset they had that day.
enum EasternTime {
    static let zone = TimeZone(identifier: "America/New_York")

    /// `2023-05-11T18:45:00` (Eastern wall time) → `2023-05-11T18:45:00-04:00`.
    static func stamp(_ local: String) -> String {
        guard let zone, let date = ISODate(local) else { return local }
        // The offset at noon UTC of that day: the chambers do not sit across a clock change.
        let instant = Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch * 86_400 + 43_200))
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+", hours = abs(offset) / 3600, minutes = abs(offset) % 3600 / 60
        return local + sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "") + String(minutes)
    }
}
