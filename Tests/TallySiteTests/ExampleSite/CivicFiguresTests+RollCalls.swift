import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// Roll-call pages: totals, party splits, kinds, ties, elections and the published users' representatives.
extension CivicFiguresTests {
    @Test func everyRollCallsTotalsAreItsPositionsAndItsPageShowsThemByParty() throws {
        let rows = try Self.rows.get()
        #expect(rows.rollCalls.count == 25)
        for call in rows.rollCalls {
            let positions = rows.positions(of: call)
            let tally = Tally(positions)
            let stated: [Int] = [call.yea, call.nay, call.present, call.notVoting]
            #expect([tally.yes, tally.no, tally.present, tally.notVoting] == stated, "\(call.path) totals")
            let page = try ExampleSiteTests.page(String(call.path.dropFirst()) + "index.html")
            // Every member once, each with the vote as the file wrote it.
            #expect(page.components(separatedBy: "<span class=\"badge vote badge-").count - 1 == positions.count, "\(call.path) members")
            for position in positions {
                let name = Self.html(try #require(rows.members[position.member]).name)
                #expect(page.contains("href=\"/representatives/\(position.member)/\">\(name)</a> <span class=\"badge vote badge-"
                                      + Slug.make(position.position) + "\">\(position.vote)</span>"), "\(call.path) \(position.member)")
            }
            if call.question == "Call of the House" {
                #expect(page.contains("This is a <strong>quorum call</strong>"), "\(call.path)")
                #expect(page.contains("\(tally.present) answered\npresent"), "\(call.path) present")
                #expect(!page.contains("tally-chart"), "\(call.path) charts a quorum call")
                continue
            }
            #expect(page.contains("\(call.yea) yes, \(call.nay) no"), "\(call.path) result")
            for (party, members) in Self.byParty(positions) {
                let name = Self.partyNames[party] ?? party
                #expect(page.contains("<tr><td>\(name)</td>\(Tally(members).cells)</tr>"), "\(call.path) \(party)")
                #expect(page.contains(">\(name) <span class=\"count\">(\(members.count))</span></h3>"), "\(call.path) \(party) list")
            }
            #expect(page.contains("<strong>Source:</strong> \(Self.html(call.source))"), "\(call.path) source")
        }
    }

    @Test func aTiedSenateVoteNamesItsTieBreakerOrSaysTheDataCannotTell() throws {
        let page = try ExampleSiteTests.page("roll-calls/senate-117-2/325/index.html")
        #expect(page.contains("The vote was tied 50 to 50; the <strong>Vice President</strong> broke the tie by voting <strong>Yea</strong>."))
        #expect(!page.contains("does not say who broke the tie"))
        let (root, _) = try ExampleSite.build(seedSQL: """
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, required_majority, result, passed,
                                    yea_count, nay_count) VALUES
              (1, 'senate', 117, 1, 9, '2021-03-06T12:00:00', 'On the Amendment', 'On the Amendment', '1/2', 'Amendment Agreed to', 1, 1, 1);
            INSERT INTO representatives (id, name, party, state, chamber, position) VALUES
              ('S1', 'Ann Sample', 'D', 'AL', 'senate', 'Senator'), ('S2', 'Bo Sample', 'R', 'AL', 'senate', 'Senator');
            INSERT INTO roll_call_positions VALUES (1, 'S1', 'yes', 'Yea', 'D'), (1, 'S2', 'no', 'Nay', 'R');
            """)
        let tied = try String(contentsOf: root.appendingPathComponent("public/roll-calls/senate-117-1/9/index.html"), encoding: .utf8)
        #expect(tied.contains("The members tied 1 to 1, and the data does not say who broke the tie or how"))
        #expect(!tied.contains("broke the tie by voting"))
        let (house, _) = try ExampleSite.build(seedSQL: """
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, required_majority, result, passed,
                                    yea_count, nay_count) VALUES
              (1, 'house', 117, 1, 9, '2021-03-06T12:00:00-05:00', 'On Agreeing to the Amendment', 'RECORDED VOTE', '1/2', 'Failed', 0, 1, 1);
            """)
        let houseTie = try String(contentsOf: house.appendingPathComponent("public/roll-calls/house-117-1/9/index.html"), encoding: .utf8)
        #expect(houseTie.contains("The members tied 1 to 1. In the House nobody breaks a tie: a tied question fails."))
        #expect(!houseTie.contains("does not say who broke the tie"))
    }

    /// The kind of a roll call follows from its question as the chambers word it; only passage votes and veto
    /// overrides say that a chamber passed a bill.
    static let questionsAndKinds: [(chamber: String, question: String, description: String, kind: String)] = [
        ("house", "On Passage", "", "Passage"), ("house", "On Motion to Suspend the Rules and Pass, as Amended", "", "Passage"),
        ("house", "On Motion to Suspend the Rules and Agree", "", "Passage"),
        ("house", "On Motion to Concur in the Senate Amendment", "", "Passage"), ("house", "On Agreeing to the Senate Amendment", "", "Passage"),
        ("house", "On Agreeing to the Conference Report", "", "Passage"), ("house", "On Motion to Recommit the Conference Report", "", "Procedural"),
        ("house", "On Agreeing to the Resolution", "Providing for consideration of H.R. 3746", "Procedural"),
        ("house", "On Agreeing to the Resolution", "Condemning an act", "Passage"),
        ("house", "On Ordering the Previous Question", "", "Procedural"), ("house", "On Motion to Table", "", "Procedural"),
        ("house", "On Motion to Refer the Veto Message", "", "Procedural"),
        ("house", "On Passage, Objections of the President To The Contrary Notwithstanding", "", "Veto override"),
        ("house", "On Agreeing to the Amendment", "", "Amendment"), ("house", "Call of the House", "", "Quorum call"),
        ("house", "Election of the Speaker", "", "Election"), ("house", "On Motion to Adjourn", "", "Procedural"),
        ("senate", "On Passage of the Bill (S. 2938)", "", "Passage"),
        ("senate", "On the Motion (Motion to Concur in the House Amendment to S. 2938)", "", "Passage"),
        ("senate", "On the Motion to Table (Motion to Table the Motion to Concur in the House Amendment)", "", "Procedural"),
        ("senate", "On the Cloture Motion (Motion to Invoke Cloture: Motion to Proceed to S. 4822)", "", "Procedural"),
        ("senate", "On the Motion to Proceed (Motion to Proceed to the Conference Report to Accompany H.R. 5)", "", "Procedural"),
        ("senate", "On Overriding the Veto (S. 1790)", "", "Veto override"), ("senate", "On the Joint Resolution (S.J.Res. 7)", "", "Passage"),
        ("senate", "On the Amendment (S.Amdt. 2137 to H.R. 3684)", "", "Amendment"), ("senate", "On the Nomination (Confirmation: Jane Doe)", "", "Nomination"),
    ]

    @Test func aRollCallsKindFollowsFromItsQuestion() throws {
        let rows = Self.questionsAndKinds.enumerated().map { number, call in
            "(\(number + 1), '\(call.chamber)', 118, 1, \(number + 1), '2023-03-01T12:00:00', '\(call.question)', "
                + "'\(call.question == "Call of the House" ? "QUORUM" : "YEA-AND-NAY")', '\(call.description)', 'Passed', 1, 2, 1)"
        }
        let (root, _) = try ExampleSite.build(seedSQL: """
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, description, result, passed,
                                    yea_count, nay_count) VALUES
            \(rows.joined(separator: ",\n"));
            """)
        for (number, call) in Self.questionsAndKinds.enumerated() {
            let page = try String(contentsOf: root.appendingPathComponent("public/roll-calls/\(call.chamber)-118-1/\(number + 1)/index.html"), encoding: .utf8)
            #expect(page.contains("<li><span class=\"badge\">\(call.kind)</span></li>"), "\(call.question)")
        }
    }

    /// A Speaker election names candidates and a quorum call records presence: neither page counts a yes or a no.
    @Test func anElectionShowsItsCandidatesAndNoYesOrNo() throws {
        let (root, _) = try ExampleSite.build(seedSQL: """
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, result, present_count) VALUES
              (1, 'house', 118, 1, 2, '2023-01-03T14:00:00-05:00', 'Election of the Speaker', 'ELECTION', '', 1);
            INSERT INTO representatives (id, name, party, state, district, chamber, position) VALUES
              ('A1', 'Ann Able', 'D', 'CA', '1', 'house', 'Representative'), ('B2', 'Bo Baker', 'R', 'TX', '2', 'house', 'Representative'),
              ('C3', 'Cy Cole', 'R', 'OK', '3', 'house', 'Representative');
            INSERT INTO roll_call_positions VALUES (1, 'A1', 'candidate', 'Jeffries', 'D'), (1, 'B2', 'candidate', 'McCarthy', 'R'),
              (1, 'C3', 'present', 'Present', 'R');
            """)
        let page = try String(contentsOf: root.appendingPathComponent("public/roll-calls/house-118-1/2/index.html"), encoding: .utf8)
        #expect(page.contains("This is an <strong>election</strong>: each member named a candidate"))
        #expect(page.contains("<tr><td>Jeffries</td><td class=\"num\">1</td></tr>") && page.contains("<tr><td>McCarthy</td><td class=\"num\">1</td></tr>"))
        #expect(page.contains("<span class=\"badge\">Election</span>"))
        #expect(!page.contains("yes,") && !page.contains("tally-chart") && !page.contains("badge-passed") && !page.contains("badge-failed"))
        let member = try String(contentsOf: root.appendingPathComponent("public/representatives/A1/index.html"), encoding: .utf8)
        #expect(member.contains("0 yes, 0 no,\n0 present, 1 naming a candidate and\n0 not voting."))
        #expect(member.contains("None of Ann Able's positions can be compared with a party majority yet."))
    }

    @Test func rollCallsHighlightOnlyThePublishedUsersRepresentatives() throws {
        let rows = try Self.rows.get()
        // Riley is in the database but not in publish_users: their representatives must look like anyone else's.
        let everyone = try Rows(publishedUsers: ["ada", "sam", "riley"])
        let rileysOnly = Set(everyone.readers.keys).subtracting(rows.readers.keys)
        #expect(!rileysOnly.isEmpty)
        var highlightedSomewhere = 0
        for call in rows.rollCalls {
            let page = try ExampleSiteTests.page(String(call.path.dropFirst()) + "index.html")
            let expected = rows.positions(of: call).filter { rows.readers[$0.member] != nil }
            let highlighted = page.components(separatedBy: "<li class=\"yours\">").dropFirst().map { $0.components(separatedBy: "</li>")[0] }
            #expect(highlighted.count == expected.count, "\(call.path)")
            highlightedSomewhere += highlighted.count
            for position in expected {
                let names = rows.readers[position.member, default: []].map { $0 + "’s" }.joined(separator: " and ")
                let member = try #require(rows.members[position.member])
                #expect(highlighted.contains { $0.contains("/representatives/\(member.id)/\">\(Self.html(member.name))</a>") && $0.contains("\(names) representative") },
                        "\(call.path): \(member.id) not marked")
            }
            for id in rileysOnly {
                #expect(!highlighted.contains { $0.contains("/representatives/\(id)/\"") }, "\(call.path): \(id) is only Riley's")
            }
        }
        #expect(highlightedSomewhere > 0)
        // Each bill page's box gives the readers' representatives' position on each of its roll calls.
        for bill in rows.bills {
            let page = try ExampleSiteTests.page("bills/\(bill.id)/index.html")
            let expected = rows.rollCalls(on: bill.id).flatMap { call in rows.positions(of: call).filter { rows.readers[$0.member] != nil } }
                .reduce(0) { $0 + rows.readers[$1.member, default: []].count }
            #expect(page.components(separatedBy: "<td data-label=\"Position\">").count - 1 == expected, "\(bill.id) readers")
        }
    }
}
