/// One roll call as a chamber's file states it, before it is checked and written: the House Clerk's and the Senate's
/// formats both read into this.
struct RollCall {
    enum Chamber: String { case house, senate }

    struct Member {
        /// The chamber's own id: the House's `name-id` (a bioguide id) or the Senate's `lis_member_id`.
        let id: String
        let name: String
        let party: String
        let state: String
        /// The position as written: `Yea`, `Aye`, `No`, `Not Voting`, or a candidate's name.
        let vote: String
        let line: Int
    }

    /// Totals the file states, to be checked against its recorded positions.
    struct Totals: Equatable {
        var yes = 0, no = 0, present = 0, notVoting = 0
        /// Speaker elections: votes per candidate.
        var candidates: [String: Int] = [:]
    }

    let chamber: Chamber
    let congress: Int
    let session: Int
    let number: Int
    /// ISO 8601, with the offset the file states (the House gives Eastern time; the Senate gives none).
    let votedAt: String
    let question: String
    let voteType: String
    let requiredMajority: String
    let result: String
    /// The bill as written (`H R 3684`, `H.R. 3684`), if the roll call is on one.
    let billNumber: String?
    let amendment: String?
    let description: String
    let totals: Totals
    /// Party → totals, where the file states them (the House does; the Senate does not).
    let partyTotals: [String: Totals]
    let tieBreaker: (by: String, vote: String)?
    let members: [Member]
    let line: Int

    /// `yes`, `no`, `present`, `not voting`, or `candidate` for a Speaker election's names.
    static func position(of vote: String) -> String {
        // The chambers' own spellings first, without lowercasing: each of a Congress's 700,000 positions is read
        // here once for the totals, once more per party, and once to be written.
        switch vote {
        case "Yea", "Aye": return "yes"
        case "Nay", "No": return "no"
        case "Present": return "present"
        case "Not Voting": return "not voting"
        default: break
        }
        switch vote.lowercased() {
        case "yea", "aye", "guilty": return "yes"
        case "nay", "no", "not guilty": return "no"
        case "present", "present, giving live pair": return "present"
        case "not voting": return "not voting"
        default: return "candidate"
        }
    }

    /// 1 when the result says the question carried, 0 when it says it failed, nil when it says neither (a quorum
    /// call, a Speaker election): the data cannot tell, and nothing is guessed.
    static func passed(_ result: String) -> Int64? {
        let text = result.lowercased()
        if ["failed", "rejected", "not agreed", "sustained", "not confirmed", "not passed", "not guilty"].contains(where: text.contains) { return 0 }
        if ["passed", "agreed to", "confirmed", "overridden", "adopted", "guilty", "held germane"].contains(where: text.contains) { return 1 }
        return nil
    }

    /// `H R 3684` or `H.R. 3684` in the 117th Congress → `hr3684-117`, the contract's bill id convention.
    static func billID(_ number: String, congress: Int) -> String? {
        let letters = number.lowercased().filter { $0.isLetter }
        let digits = number.filter { $0.isASCII && $0.isNumber }
        let known = ["hr", "s", "hres", "sres", "hjres", "sjres", "hconres", "sconres"]
        guard known.contains(letters), !digits.isEmpty else { return nil }
        return letters + digits + "-" + String(congress)
    }

    /// Counts the recorded positions as the file's totals count them, in all and by party letter: the Clerk names a
    /// party in `totals-by-party` (`Republican`) and abbreviates it on each member (`party="R"`). One pass for
    /// all, since a Congress is 700,000 positions.
    func countedTotals() -> (all: Totals, byParty: [String: Totals]) {
        var all = Totals(), byParty: [String: Totals] = [:]
        for index in members.indices {
            let vote = members[index].vote
            let position = RollCall.position(of: vote)
            func count(_ totals: inout Totals) {
                switch position {
                case "yes": totals.yes += 1
                case "no": totals.no += 1
                case "present": totals.present += 1
                case "not voting": totals.notVoting += 1
                default: totals.candidates[vote, default: 0] += 1
                }
            }
            count(&all)
            count(&byParty[RosterParty.letter(members[index].party), default: Totals()])
        }
        return (all, byParty)
    }
}
