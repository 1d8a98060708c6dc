import Foundation
import Testing
@testable import TallyImport

/// Roll calls in the chambers' own XML and the members' roster: every roll call a record, every position kept,
/// and a file whose totals contradict its positions refused.
@Suite struct CongressImportTests {
    static let seed = """
        INSERT INTO representatives (id, name, party, state, district, chamber, position, bioguide_id) VALUES
          ('A000001', 'Ann Able', 'D', 'CA', '12', 'house', 'Speaker of the House', 'A000001'),
          ('B000002', 'Bo Baker', 'R', 'TX', '3', 'house', 'Representative', 'B000002');
        INSERT INTO representatives (id, name, party, state, chamber, position, lis_id) VALUES
          ('S000001', 'Sue Senate', 'D', 'NY', 'senate', 'Senator', 'S001'),
          ('S000002', 'Sam Senate', 'R', 'OH', 'senate', 'Senator', 'S002');
        INSERT INTO bills (id, title, chamber, status) VALUES ('hr3684-117', 'Infrastructure Investment and Jobs Act', 'house', 'passed');
        """

    static func house(number: Int = 100, question: String = "On Passage", type: String = "YEA-AND-NAY", result: String = "Passed",
                      legis: String = "H R 3684", totals: String? = nil, votes: [(String, String, String, String, String)]? = nil) -> String {
        let members = votes ?? [("A000001", "Able", "D", "CA", "Yea"), ("B000002", "Baker", "R", "TX", "Nay"), ("C000003", "Cole", "R", "OK", "Yea")]
        func count(_ party: String?, _ vote: String) -> Int { members.filter { (party == nil || $0.2 == party) && $0.4 == vote }.count }
        // The Clerk names the party in its totals and abbreviates it on each member.
        let byParty = ["D", "R"].map { party in
            "<totals-by-party><party>\(party == "D" ? "Democratic" : "Republican")</party><yea-total>\(count(party, "Yea"))</yea-total><nay-total>\(count(party, "Nay"))</nay-total><present-total>0</present-total><not-voting-total>0</not-voting-total></totals-by-party>"
        }.joined(separator: "\n")
        let all = "<totals-by-vote><total-stub>Totals</total-stub><yea-total>\(count(nil, "Yea"))</yea-total><nay-total>\(count(nil, "Nay"))</nay-total><present-total>0</present-total><not-voting-total>0</not-voting-total></totals-by-vote>"
        let recorded = members.map { id, name, party, state, vote in
            "<recorded-vote><legislator name-id=\"\(id)\" sort-field=\"\(name)\" unaccented-name=\"\(name)\" party=\"\(party)\" state=\"\(state)\" role=\"legislator\">\(name)</legislator><vote>\(vote)</vote></recorded-vote>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rollcall-vote>
            <vote-metadata>
            <majority>D</majority>
            <congress>117</congress>
            <session>1st</session>
            <chamber>U.S. House of Representatives</chamber>
            <rollcall-num>\(number)</rollcall-num>
            <legis-num>\(legis)</legis-num>
            <vote-question>\(question)</vote-question>
            <vote-type>\(type)</vote-type>
            <vote-result>\(result)</vote-result>
            <action-date>1-Jul-2021</action-date>
            <action-time time-etz="18:45">6:45 PM</action-time>
            <vote-desc>INVEST in America Act</vote-desc>
            <vote-totals>
            \(totals ?? byParty + "\n" + all)
            </vote-totals>
            </vote-metadata>
            <vote-data>
            \(recorded)
            </vote-data>
            </rollcall-vote>
            """
    }

    static let senate = """
        <?xml version="1.0" encoding="UTF-8"?>
        <roll_call_vote>
          <congress>117</congress>
          <session>1</session>
          <congress_year>2021</congress_year>
          <vote_number>314</vote_number>
          <vote_date>August 10, 2021, 11:32 AM</vote_date>
          <vote_question_text>On Passage of the Bill (H.R. 3684 As Amended)</vote_question_text>
          <question>On Passage of the Bill</question>
          <vote_title>Infrastructure Investment and Jobs Act</vote_title>
          <majority_requirement>1/2</majority_requirement>
          <vote_result>Bill Passed</vote_result>
          <document><document_congress>117</document_congress><document_type>H.R.</document_type><document_number>3684</document_number></document>
          <count><yeas>1</yeas><nays>1</nays><present/><absent/></count>
          <tie_breaker><by_whom>Vice President</by_whom><tie_breaker_vote>Yea</tie_breaker_vote></tie_breaker>
          <members>
            <member><member_full>Senate (D-NY)</member_full><last_name>Senate</last_name><party>D</party><state>NY</state><vote_cast>Yea</vote_cast><lis_member_id>S001</lis_member_id></member>
            <member><member_full>Senate (R-OH)</member_full><last_name>Senate</last_name><party>R</party><state>OH</state><vote_cast>Nay</vote_cast><lis_member_id>S002</lis_member_id></member>
          </members>
        </roll_call_vote>
        """

    func fixture() throws -> ImportFixture { try ImportFixture(seed: ImportFixture.seed + Self.seed) }

    @Test func aHouseRollCallIsARecordWithEveryPositionAndADepartedMemberIsAdded() throws {
        let fixture = try fixture()
        let summary = try fixture.run(ImportOptions(format: "house-vote"), [try fixture.file("roll100.xml", Self.house())]).get()
        #expect(summary.description == "representatives: 1 inserted; roll_call_positions: 3 inserted; roll_calls: 1 inserted")
        #expect(summary.warnings.map(\.description) == [
            "roll100.xml:25:1: warning: Cole (C000003, R-OK) is not in the database: added from the roll call\n  hint: a member who has left is not in the current roster; import the roster to add contact details",
        ])
        #expect(try fixture.rows("SELECT chamber, congress, session, number, voted_at, question, required_majority, passed, bill_id, bill_number, yea_count, nay_count FROM roll_calls") == [
            ["\"house\"", "117", "1", "100", "\"2021-07-01T18:45:00-04:00\"", "\"On Passage\"", "\"1/2\"", "1", "\"hr3684-117\"", "\"H R 3684\"", "2", "1"],
        ])
        #expect(try fixture.rows("SELECT representative_id, position, vote, party FROM roll_call_positions ORDER BY representative_id") == [
            ["\"A000001\"", "\"yes\"", "\"Yea\"", "\"D\""], ["\"B000002\"", "\"no\"", "\"Nay\"", "\"R\""], ["\"C000003\"", "\"yes\"", "\"Yea\"", "\"R\""],
        ])
        #expect(try fixture.run(ImportOptions(format: "house-vote"), [try fixture.file("roll100.xml", Self.house())]).get().description
                == "roll_call_positions: 3 skipped; roll_calls: 1 skipped")
    }

    /// A new roll call's positions go in without a look-up each; a member the file lists twice is still found
    /// again and updated by the later line, as any row found again.
    @Test func aMemberListedTwiceInANewRollCallIsOnePositionUpdatedByTheLaterLine() throws {
        let fixture = try fixture()
        let twice = Self.house(votes: [("A000001", "Able", "D", "CA", "Yea"), ("B000002", "Baker", "R", "TX", "Nay"), ("A000001", "Able", "D", "CA", "Nay")])
        let summary = try fixture.run(ImportOptions(format: "house-vote"), [try fixture.file("roll100.xml", twice)]).get()
        #expect(summary.description == "roll_call_positions: 2 inserted, 1 updated; roll_calls: 1 inserted")
        #expect(try fixture.rows("SELECT representative_id, vote FROM roll_call_positions ORDER BY representative_id") == [
            ["\"A000001\"", "\"Nay\""], ["\"B000002\"", "\"Nay\""],
        ])
    }

    @Test func totalsThatContradictThePositionsRefuseTheFile() throws {
        let fixture = try fixture()
        let wrong = Self.house(totals: """
            <totals-by-party><party>Democratic</party><yea-total>1</yea-total><nay-total>0</nay-total><present-total>0</present-total><not-voting-total>0</not-voting-total></totals-by-party>
            <totals-by-party><party>Republican</party><yea-total>2</yea-total><nay-total>1</nay-total><present-total>0</present-total><not-voting-total>0</not-voting-total></totals-by-party>
            <totals-by-vote><total-stub>Totals</total-stub><yea-total>3</yea-total><nay-total>1</nay-total><present-total>0</present-total><not-voting-total>0</not-voting-total></totals-by-vote>
            """)
        #expect(fixture.errors(ImportOptions(format: "house-vote"), [try fixture.file("roll100.xml", wrong)]) == [
            "roll100.xml:3:1: error: the roll call's 'yes' total is 3, but 2 members are recorded so\n  hint: the file contradicts itself and is not imported; download it again from the chamber",
            "roll100.xml:3:1: error: party Republican's 'yes' total is 2, but 1 members are recorded so\n  hint: the file contradicts itself and is not imported; download it again from the chamber",
        ])
        #expect(try fixture.rows("SELECT count(*) FROM roll_calls") == [["0"]])
    }

    @Test func aChangedRollCallIsRefusedUnlessReplaced() throws {
        let fixture = try fixture()
        _ = try fixture.run(ImportOptions(format: "house-vote"), [try fixture.file("roll100.xml", Self.house())]).get()
        let corrected = try fixture.file("roll100.xml", Self.house(result: "Failed"))
        #expect(fixture.errors(ImportOptions(format: "house-vote"), [corrected]) == [
            "roll100.xml:3:1: error: this roll call was imported before, and the file now says something else\n  hint: if the chamber corrected it, import again with --replace",
        ])
        var replace = ImportOptions(format: "house-vote")
        replace.replace = true
        #expect(try fixture.run(replace, [corrected]).get().description == "roll_call_positions: 3 inserted; roll_calls: 1 updated")
        #expect(try fixture.rows("SELECT result, passed FROM roll_calls") == [["\"Failed\"", "0"]])
        #expect(try fixture.rows("SELECT count(*) FROM roll_call_positions") == [["3"]])
    }

    @Test func aSpeakerElectionAndAQuorumCallAreNeitherYesNorNo() throws {
        let fixture = try fixture()
        let election = Self.house(number: 2, question: "Election of the Speaker", type: "ELECTION", result: "Jeffries", legis: "",
                                  totals: """
            <totals-by-candidate><candidate>Jeffries</candidate><candidate-total>1</candidate-total></totals-by-candidate>
            <totals-by-candidate><candidate>McCarthy</candidate><candidate-total>1</candidate-total></totals-by-candidate>
            <totals-by-candidate><candidate>Present</candidate><candidate-total>1</candidate-total></totals-by-candidate>
            """, votes: [("A000001", "Able", "D", "CA", "Jeffries"), ("B000002", "Baker", "R", "TX", "McCarthy"), ("C000003", "Cole", "R", "OK", "Present")])
        let quorum = Self.house(number: 3, question: "Call of the House", type: "QUORUM", result: "", legis: "QUORUM",
                                totals: "<totals-by-candidate><candidate>Present</candidate><candidate-total>2</candidate-total></totals-by-candidate>",
                                votes: [("A000001", "Able", "D", "CA", "Present"), ("B000002", "Baker", "R", "TX", "Present")])
        _ = try fixture.run(ImportOptions(format: "house-vote"), [try fixture.file("roll2.xml", election), try fixture.file("roll3.xml", quorum)]).get()
        #expect(try fixture.rows("SELECT number, passed, bill_number, required_majority FROM roll_calls ORDER BY number") == [
            ["2", "NULL", "NULL", "\"\""], ["3", "NULL", "NULL", "\"QUORUM\""],
        ])
        #expect(try fixture.rows("SELECT position, vote FROM roll_call_positions p JOIN roll_calls r ON r.id = p.roll_call_id WHERE r.number = 2 ORDER BY vote") == [
            ["\"candidate\"", "\"Jeffries\""], ["\"candidate\"", "\"McCarthy\""], ["\"present\"", "\"Present\""],
        ])
    }

    @Test func aSenateRollCallKeepsItsTieBreakerAndFindsSenatorsByTheirLISID() throws {
        let fixture = try fixture()
        let summary = try fixture.run(ImportOptions(format: "senate-vote"), [try fixture.file("vote_117_1_00314.xml", Self.senate)]).get()
        #expect(summary.description == "roll_call_positions: 2 inserted; roll_calls: 1 inserted")
        #expect(try fixture.rows("SELECT chamber, number, voted_at, result, passed, bill_id, tie_breaker_by, tie_breaker_vote FROM roll_calls") == [
            ["\"senate\"", "314", "\"2021-08-10T11:32:00\"", "\"Bill Passed\"", "1", "\"hr3684-117\"", "\"Vice President\"", "\"Yea\""],
        ])
        #expect(try fixture.rows("SELECT representative_id FROM roll_call_positions ORDER BY 1") == [["\"S000001\""], ["\"S000002\""]])
    }

    @Test func aPartyThatDiffersFromTheDatabaseIsNamedOnce() throws {
        let fixture = try fixture()
        let switched = Self.house(votes: [("A000001", "Able", "I", "CA", "Yea"), ("B000002", "Baker", "R", "TX", "Nay")],)
        let summary = try fixture.run(ImportOptions(format: "house-vote"), [try fixture.file("roll100.xml", switched)]).get()
        #expect(summary.warnings.map(\.description) == [
            "roll100.xml:23:1: warning: Able (A000001) votes as I here but is D in the database\n  hint: the roster may be older than the roll call; import the current roster",
        ])
    }

    /// A member already in the database keeps a leadership post the roster cannot name.
    @Test func theRosterKeysMembersByBioguideIDWithTheirLISIDAndCurrentTerm() throws {
        let fixture = try fixture()
        let roster = """
            - id: {bioguide: A000001, govtrack: 1}
              name: {first: Ann, last: Able, official_full: Ann B. Able}
              terms:
              - {type: rep, start: '2019-01-03', end: '2021-01-03', state: CA, district: 11, party: Democrat}
              - {type: rep, start: '2021-01-03', end: '2023-01-03', state: CA, district: 12, party: Democrat, url: 'https://able.house.gov',
                 address: 1 Cannon HOB, phone: 202-225-0001}
            - id: {bioguide: S999999, lis: S001}
              name: {first: Sue, last: Senate}
              terms:
              - {type: sen, start: '2019-01-03', end: '2025-01-03', state: NY, party: Democrat, contact_form: 'https://senate.gov/contact'}
            - id: {bioguide: D000004}
              name: {first: Dee, last: Delegate, official_full: Dee Delegate}
              terms:
              - {type: rep, start: '2021-01-03', end: '2023-01-03', state: DC, district: 0, party: Democrat}
            """
        let summary = try fixture.run(ImportOptions(format: "congress-roster"), [try fixture.file("legislators-current.yaml", roster)]).get()
        #expect(summary.description == "representatives: 1 inserted, 2 updated")
        #expect(try fixture.rows("SELECT id, name, party, district, position, bioguide_id, lis_id, phone, office, contact_form, term_end, source FROM representatives WHERE source = 'congress-legislators' ORDER BY id") == [
            ["\"A000001\"", "\"Ann B. Able\"", "\"D\"", "\"12\"", "\"Speaker of the House\"", "\"A000001\"", "NULL", "\"202-225-0001\"", "\"1 Cannon HOB\"", "NULL", "\"2023-01-03\"", "\"congress-legislators\""],
            ["\"D000004\"", "\"Dee Delegate\"", "\"D\"", "\"At-Large\"", "\"Delegate\"", "\"D000004\"", "NULL", "NULL", "NULL", "NULL", "\"2023-01-03\"", "\"congress-legislators\""],
            ["\"S000001\"", "\"Sue Senate\"", "\"D\"", "NULL", "\"Senator\"", "\"S999999\"", "\"S001\"", "NULL", "NULL", "\"https://senate.gov/contact\"", "\"2025-01-03\"", "\"congress-legislators\""],
        ])
    }

    /// What the data says about itself: `--set source=…` on every roll call and member a congress import writes,
    /// and nothing else may be set.
    @Test func setSourceSaysWhatTheRollCallsAndMembersAre() throws {
        let fixture = try fixture()
        var options = ImportOptions(format: "house-vote")
        options.set = ["source": "Fictional members; real totals"]
        _ = try fixture.run(options, [try fixture.file("roll100.xml", Self.house())]).get()
        #expect(try fixture.rows("SELECT source FROM roll_calls") == [["\"Fictional members; real totals\""]])
        // Cole has left: added from the roll call, he says what the roll call says.
        #expect(try fixture.rows("SELECT source FROM representatives WHERE id = 'C000003'") == [["\"Fictional members; real totals\""]])
        var roster = ImportOptions(format: "congress-roster")
        roster.set = ["source": "Invented"]
        let yaml = "- id: {bioguide: A000001}\n  name: {first: Ann, last: Able}\n  terms:\n  - {type: rep, state: CA, district: 11, party: Democrat}\n"
        _ = try fixture.run(roster, [try fixture.file("legislators-current.yaml", yaml)]).get()
        #expect(try fixture.rows("SELECT source FROM representatives WHERE id = 'A000001'") == [["\"Invented\""]])
        var other = ImportOptions(format: "senate-vote")
        other.set = ["question": "On Passage"]
        #expect(fixture.errors(other, [try fixture.file("vote_117_1_00314.xml", Self.senate)]) == [
            "vote_117_1_00314.xml: error: --set 'question' does not apply to senate-vote files\n  hint: they can set source; `tally docs import` says what each means",
        ])
        #expect(try fixture.rows("SELECT count(*) FROM roll_calls WHERE chamber = 'senate'") == [["0"]])
    }

    @Test func aFileOfTheOtherChamberOrNotXMLIsRefused() throws {
        let fixture = try fixture()
        #expect(fixture.errors(ImportOptions(format: "house-vote"), [try fixture.file("vote.xml", Self.senate)]) == [
            "vote.xml:2:1: error: this is not a House roll call: its root is <roll_call_vote>\n  hint: House roll calls start with <rollcall-vote>; Senate ones are imported with senate-vote",
        ])
        #expect(fixture.errors(ImportOptions(format: "senate-vote"), [try fixture.file("cut.xml", "<roll_call_vote><congress>117</congress><members>")]).first?
                    .hasPrefix("cut.xml:1:") == true)
    }
}
