import GRDB
import TallyFormat

/// Checks a roll call against itself and writes it: the file's totals, by vote and by party, must equal its
/// recorded positions, or nothing of the file is imported. Members are found by the chamber's id; one the database
/// lacks (a member who has left) is added from the roll call's own data and reported once.
enum RollCallImport {
    static func write(_ rollCall: RollCall, file: ImportFile, session: ImportSession) throws {
        guard checkTotals(rollCall, file: file, session: session) else { return }
        var positions: [RollCallPositions.Position] = []
        positions.reserveCapacity(rollCall.members.count)
        for member in rollCall.members {
            guard let representative = try representativeID(for: member, chamber: rollCall.chamber, file: file, session: session) else { continue }
            positions.append(.init(representativeID: representative, member: member))
        }
        var billID: ImportValue = .null
        if let number = rollCall.billNumber, let id = RollCall.billID(number, congress: rollCall.congress),
           try Bool.fetchOne(session.writer.db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM bills WHERE id = ?)"), arguments: [id]) == true {
            billID = .text(id)
        }
        var record = ContractRecord(table: "roll_calls", values: [
            ("chamber", .text(rollCall.chamber.rawValue)), ("congress", .integer(Int64(rollCall.congress))),
            ("session", .integer(Int64(rollCall.session))), ("number", .integer(Int64(rollCall.number))),
            ("voted_at", .text(rollCall.votedAt)), ("question", .text(rollCall.question)), ("vote_type", .text(rollCall.voteType)),
            ("required_majority", .text(rollCall.requiredMajority)), ("result", .text(rollCall.result)),
            ("passed", RollCall.passed(rollCall.result).map(ImportValue.integer) ?? .null), ("bill_id", billID),
            ("bill_number", rollCall.billNumber.map(ImportValue.text) ?? .null), ("amendment", rollCall.amendment.map(ImportValue.text) ?? .null),
            ("description", .text(rollCall.description)),
            ("yea_count", .integer(Int64(rollCall.totals.yes))), ("nay_count", .integer(Int64(rollCall.totals.no))),
            ("present_count", .integer(Int64(rollCall.totals.present))), ("not_voting_count", .integer(Int64(rollCall.totals.notVoting))),
            ("tie_breaker_by", rollCall.tieBreaker.map { .text($0.by) } ?? .null),
            ("tie_breaker_vote", rollCall.tieBreaker.map { .text($0.vote) } ?? .null),
            ("source_file", .text(file.defaultSource)), ("source", .text(session.options.set["source"] ?? "")),
        ], location: SourceLocation(file: file.displayName, line: rollCall.line))
        record.refusesChange = !session.options.replace
        record.replacesChildren = ("roll_call_positions", "roll_call_id")
        guard let written = try session.record(record) else { return }
        try RollCallPositions.write(positions, of: written, file: file, writer: session.writer)
    }

    /// Whether the file's totals equal its positions, by vote and by party; each difference is an error.
    private static func checkTotals(_ rollCall: RollCall, file: ImportFile, session: ImportSession) -> Bool {
        var consistent = true
        func compare(_ stated: RollCall.Totals, _ counted: RollCall.Totals, _ whose: String) {
            let pairs = [("yes", stated.yes, counted.yes), ("no", stated.no, counted.no), ("present", stated.present, counted.present),
                         ("not voting", stated.notVoting, counted.notVoting)]
                + Set(stated.candidates.keys).union(counted.candidates.keys).sorted().map { ($0, stated.candidates[$0] ?? 0, counted.candidates[$0] ?? 0) }
            for (name, fileSays, positionsSay) in pairs where fileSays != positionsSay {
                consistent = false
                session.fail(Diagnostic(file: file.displayName, line: rollCall.line,
                                        message: "\(whose) '\(name)' total is \(fileSays), but \(positionsSay) members are recorded so",
                                        hint: "the file contradicts itself and is not imported; download it again from the chamber"))
            }
        }
        let counted = rollCall.countedTotals()
        compare(rollCall.totals, counted.all, "the roll call's")
        for (party, stated) in rollCall.partyTotals.sorted(by: { $0.key < $1.key }) {
            compare(stated, counted.byParty[RosterParty.letter(party)] ?? RollCall.Totals(), "party \(party)'s")
        }
        return consistent
    }

    /// The `representatives.id` of a member, adding one the database lacks from the roll call's own data.
    private static func representativeID(for member: RollCall.Member, chamber: RollCall.Chamber, file: ImportFile,
                                         session: ImportSession) throws -> String? {
        let db = session.writer.db
        let idColumn = chamber == .house ? "bioguide_id" : "lis_id"
        // Found once per import and member: a Congress is 700,000 positions by about 550 members.
        let cacheKey = ImportWriter.MemberKey(column: idColumn, id: member.id)
        var found = session.writer.memberLookups[cacheKey]
        if found == nil {
            let lookup = try db.cachedStatement(sql: "SELECT id, party FROM representatives WHERE \(idColumn) = ? OR id = ?")
            found = try Row.fetchOne(lookup, arguments: [member.id, member.id]).map { row in (id: row["id"], party: row["party"]) }
            if let found { session.writer.memberLookups[cacheKey] = found }
        }
        if let (id, party) = found {
            if let party, !party.isEmpty, !member.party.isEmpty, RosterParty.letter(party) != RosterParty.letter(member.party),
               session.reportOnce("party \(id)") {
                session.warn(Diagnostic(file: file.displayName, line: member.line,
                                        message: "\(member.name) (\(member.id)) votes as \(member.party) here but is \(party) in the database",
                                        hint: "the roster may be older than the roll call; import the current roster"))
            }
            return id
        }
        try db.execute(sql: """
            INSERT INTO representatives (id, name, party, state, chamber, position, \(idColumn), source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [member.id, member.name, member.party, member.state, chamber.rawValue,
                             chamber == .house ? "Representative" : "Senator", member.id, session.options.set["source"] ?? "roll call"])
        session.writer.summary.tables["representatives", default: .init()].inserted += 1
        session.writer.memberLookups[cacheKey] = (id: member.id, party: member.party)
        if session.reportOnce("departed \(member.id)") {
            session.warn(Diagnostic(file: file.displayName, line: member.line,
                                    message: "\(member.name) (\(member.id), \(member.party)-\(member.state)) is not in the database: added from the roll call",
                                    hint: "a member who has left is not in the current roster; import the roster to add contact details"))
        }
        return member.id
    }
}

/// Parties as the roster writes them (`Democrat`) and as roll calls do (`D`).
enum RosterParty {
    static func letter(_ party: String) -> String {
        // As roll calls and the roster write them, without lowercasing: asked for each position, and per party.
        switch party {
        case "D", "R", "I", "L": return party
        case "Democrat": return "D"
        case "Republican": return "R"
        default: break
        }
        switch party.lowercased() {
        case "democrat", "democratic", "d": return "D"
        case "republican", "r": return "R"
        case "independent", "i", "id": return "I"
        case "libertarian", "l": return "L"
        default: return party
        }
    }
}
