import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// Representative pages and the roster: contact, records, party agreement and questions.
extension CivicFiguresTests {
    /// A member's page shows their latest 100 roll calls, whatever the length of their record; a longer record gets
    /// a page per sitting, so no page's cost grows with the number of congresses in the database.
    @Test func aLongRecordIsSplitIntoSittingsAndTheMembersPageStaysBounded() throws {
        let calls = (1...130).map { number in
            "(\(number), 'house', \(number <= 70 ? 117 : 118), 1, \(number), '20\(number <= 70 ? 21 : 23)-03-01T12:\(String(format: "%02d", number % 60)):00', "
                + "'On Motion to Table', 'YEA-AND-NAY', 'Motion Agreed to', 1, 1, 0)"
        }
        let positions = (1...130).map { "(\($0), 'A1', 'yes', 'Yea', 'D')" }
        let (root, _) = try ExampleSite.build(seedSQL: """
            INSERT INTO representatives (id, name, party, state, district, chamber, position) VALUES ('A1', 'Ann Able', 'D', 'CA', '1', 'house', 'Representative');
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, result, passed, yea_count, nay_count) VALUES
            \(calls.joined(separator: ",\n"));
            INSERT INTO roll_call_positions VALUES \(positions.joined(separator: ", "));
            """)
        let read = { (path: String) in try String(contentsOf: root.appendingPathComponent("public/" + path), encoding: .utf8) }
        let member = try read("representatives/A1/index.html")
        #expect(member.components(separatedBy: "<tr><th scope=\"row\"><a href=\"/roll-calls/").count - 1 == 100)
        // The rows sit in one table, opened before the first and closed after the last.
        for page in [member, try read("representatives/A1/house-117-1/index.html")] {
            #expect(page.components(separatedBy: "<table class=\"stack-table record-table\">").count == 2)
            #expect(page.contains("<tbody>\n<tr><th scope=\"row\"><a href=\"/roll-calls/"))
            #expect(page.contains("</tr>\n</tbody>\n</table>\n</div>\n</section>"))
        }
        #expect(member.contains("<a href=\"/representatives/A1/house-118-1/\">House, 118th Congress, 1st session</a>: 60 roll calls"))
        #expect(member.contains("<a href=\"/representatives/A1/house-117-1/\">House, 117th Congress, 1st session</a>: 70 roll calls"))
        #expect(member.contains("<strong>130 of 130</strong> roll\ncalls counted"))
        let sitting = try read("representatives/A1/house-117-1/index.html")
        #expect(sitting.components(separatedBy: "<tr><th scope=\"row\"><a href=\"/roll-calls/house-117-1/").count - 1 == 70)
        #expect(sitting.contains("<h1>Ann Able: House roll calls, 117th Congress, 1st session</h1>"))
    }

    /// A sitting longer than 100 roll calls is paginated like the member's own page, newest first across its pages,
    /// so a sitting page's cost stays flat however many roll calls a session has.
    @Test func aLongSittingIsPaginatedNewestFirst() throws {
        let calls = (1...230).map { number in
            "(\(number), 'house', 117, 1, \(number), '2021-\(String(format: "%02d", 1 + number / 28))-\(String(format: "%02d", 1 + number % 28))T12:00:00', "
                + "'On Motion to Table', 'YEA-AND-NAY', 'Motion Agreed to', 1, 1, 0)"
        }
        let positions = (1...230).map { "(\($0), 'A1', '\($0 % 3 == 0 ? "no" : "yes")', 'Yea', 'D')" }
        let (root, _) = try ExampleSite.build(seedSQL: """
            INSERT INTO representatives (id, name, party, state, district, chamber, position) VALUES ('A1', 'Ann Able', 'D', 'CA', '1', 'house', 'Representative');
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, result, passed, yea_count, nay_count) VALUES
            \(calls.joined(separator: ",\n"));
            INSERT INTO roll_call_positions VALUES \(positions.joined(separator: ", "));
            """)
        let folder = root.appendingPathComponent("public/representatives/A1/house-117-1")
        let read = { (path: String) in try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) }
        let rowPrefix = "<tr><th scope=\"row\"><a href=\"/roll-calls/house-117-1/"
        let pages = try ["index.html", "page/2/index.html", "page/3/index.html"].map(read)
        #expect(pages.map { $0.components(separatedBy: rowPrefix).count - 1 } == [100, 100, 30])
        // Newest first across the pages: roll call 230 opens the first, 130 the second, 30 the third.
        for (page, newest) in zip(pages, [230, 130, 30]) {
            #expect(page.contains(rowPrefix + "\(newest)/\""))
            #expect(page.contains("230 roll calls, newest first"))
        }
        #expect(pages[1].contains("<link rel=\"prev\" href=\"/representatives/A1/house-117-1/\">"))
        #expect(pages[1].contains("<link rel=\"next\" href=\"/representatives/A1/house-117-1/page/3/\">"))
        #expect(pages[0].contains("<nav class=\"pagination\" aria-label=\"Pages\">"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page/4").path))
        // The member's own page counts the whole record from the materialized views.
        let member = try String(contentsOf: root.appendingPathComponent("public/representatives/A1/index.html"), encoding: .utf8)
        #expect(member.contains("230 roll calls: 154 yes, 76 no"))
        #expect(member.contains(rowPrefix + "230/\""))
    }

    /// Contact comes from the roster: the example gives the members with a website a phone, an office and a form.
    @Test func aRepresentativesContactIsListedOrSaidToBeUnknown() throws {
        let known = try ExampleSiteTests.page("representatives/S-AL-2/index.html")
        #expect(known.contains("<li>Phone: <a href=\"tel:2025550136\">202-555-0136</a></li>"))
        #expect(known.contains("<li>Office: 136 Example Senate Office Building, Washington, DC 20510</li>"))
        #expect(known.contains("<li>Contact form: <a href=\"https://example.org/congress/s-al-2/contact\">https://example.org/congress/s-al-2/contact</a></li>"))
        let unknown = try ExampleSiteTests.page("representatives/H-CA-11/index.html")
        #expect(unknown.contains("No phone, office, website or contact form is known for Ines Testerton in this database."))
        #expect(!unknown.contains("tel:"))
    }

    /// Agreement as the representative page explains it, roll call by roll call: over the member's yes and no
    /// positions, where the yes and no positions of their party's members on that roll call (the member included,
    /// party as the roll call gives it) did not tie.
    static func agreement(of member: Member, rows: Rows, partyTallies: [String: Tally]) -> (agreed: Int, counted: Int) {
        var agreed = 0, counted = 0
        for mine in rows.positions where mine.member == member.id && !mine.party.isEmpty && (mine.position == "yes" || mine.position == "no") {
            let party = partyTallies["\(mine.rollCall)|\(mine.party)"] ?? Tally()
            guard party.yes != party.no else { continue }
            counted += 1
            if (party.yes > party.no ? "yes" : "no") == mine.position { agreed += 1 }
        }
        return (agreed, counted)
    }

    /// Every party's tally on every roll call, keyed "roll call id|party".
    static func partyTallies(_ rows: Rows) -> [String: Tally] {
        var tallies: [String: Tally] = [:]
        for position in rows.positions { tallies["\(position.rollCall)|\(position.party)", default: Tally()].add(position.position) }
        return tallies
    }

    @Test func everyRepresentativePageGivesTheirRecordAndPartyAgreement() throws {
        let rows = try Self.rows.get()
        let tallies = Self.partyTallies(rows)
        var belowFull = 0
        for member in rows.members.values {
            let page = try ExampleSiteTests.page("representatives/\(member.id)/index.html")
            let (agreed, counted) = Self.agreement(of: member, rows: rows, partyTallies: tallies)
            if counted > 0 {
                let percent = Self.percent(agreed, of: counted)
                #expect(page.contains("<strong>\(agreed) of \(counted)</strong> roll\ncalls counted: <strong>\(percent)</strong>"), "\(member.id)")
                #expect(page.contains("<span class=\"value\">\(percent)</span>\n<span class=\"note\">\(agreed) of \(counted) votes counted</span>"),
                        "\(member.id) card")
                if agreed < counted { belowFull += 1 }
            } else if member.party.isEmpty && rows.positions.contains(where: { $0.member == member.id }) {
                #expect(page.contains("does not belong to a party"), "\(member.id)")
            } else {
                #expect(!page.contains("roll\ncalls counted:"), "\(member.id)")
            }
            let mine = rows.positions.filter { $0.member == member.id }
            let tally = Tally(mine)
            if mine.isEmpty {
                #expect(page.contains("has no recorded positions"), "\(member.id)")
            } else {
                #expect(page.contains("\(mine.count) roll calls: \(tally.yes) yes, \(tally.no) no,\n\(tally.present) present and\n\(tally.notVoting) not voting."),
                        "\(member.id) record")
                // One row per roll call, each linking to its page.
                for position in mine {
                    let call = try #require(rows.rollCalls.first { $0.id == position.rollCall })
                    #expect(page.contains("<a href=\"\(call.path)\">"), "\(member.id) \(call.path)")
                }
            }
            #expect(page.contains("<strong>Source:</strong> \(Self.html(member.source))"), "\(member.id) source")
        }
        // The example's party splits make some members break ranks; the figure is not trivially 100%.
        #expect(belowFull > 10)
    }

    @Test func questionsAreRankedByVotesWithTheirAnswers() throws {
        let rows = try Self.rows.get()
        let everyone = try Rows(publishedUsers: ["ada", "sam", "riley"])
        let unpublished = everyone.questions.filter { question in !rows.questions.contains { $0.id == question.id } }
        #expect(!unpublished.isEmpty)
        for (member, asked) in Dictionary(grouping: everyone.questions, by: \.member) {
            let page = try ExampleSiteTests.page("representatives/\(member)/index.html")
            let expected = rows.questions.filter { $0.member == member }
                .sorted { ($1.votes, $0.askedAt, $0.id) < ($0.votes, $1.askedAt, $1.id) }
            let shown = page.components(separatedBy: "<li class=\"question\" id=\"question-").dropFirst().map { Int64($0.prefix { $0.isNumber }) ?? -1 }
            #expect(shown == expected.map(\.id), "\(member) order")
            #expect(page.components(separatedBy: "<div class=\"answer\">").count - 1 == expected.filter(\.answered).count, "\(member) answers")
            #expect(page.components(separatedBy: "Not answered yet.").count - 1 == expected.filter { !$0.answered }.count, "\(member) unanswered")
            for question in expected {
                #expect(page.contains("<span class=\"value\">\(question.votes)</span>"), "\(member) votes of \(question.id)")
            }
            for question in unpublished where asked.contains(where: { $0.id == question.id }) {
                #expect(!page.contains(Self.html(question.text)), "\(member) shows an unpublished user's question")
            }
            if expected.isEmpty { #expect(page.contains("Nobody on this site has asked")) }
        }
    }

    @Test func theRosterCountsEveryMemberAndMarksThePublishedUsersRepresentatives() throws {
        let rows = try Self.rows.get()
        let page = try ExampleSiteTests.page("representatives/index.html")
        // What the members are, only as their data says it.
        let sources = Dictionary(grouping: rows.members.values.map(\.source).filter { !$0.isEmpty }, by: { $0 })
        #expect(sources.count == 1)
        for (source, members) in sources { #expect(page.contains("<li>\(Self.html(source)) (\(members.count) members)</li>")) }
        #expect(page.components(separatedBy: "<li><span class=\"seat\">").count + page.components(separatedBy: "<li class=\"yours\">").count - 2
                == rows.members.count)
        #expect(page.components(separatedBy: "<li class=\"yours\">").count - 1 == rows.readers.count)
        // The ten members least often with their party's majority, as on their own pages.
        let tallies = Self.partyTallies(rows)
        let rebels = rows.members.values.map { ($0, Self.agreement(of: $0, rows: rows, partyTallies: tallies)) }
            .filter { $0.1.counted > 0 && $0.1.agreed < $0.1.counted }
            .sorted { a, b in
                let (x, y) = (Double(a.1.agreed) / Double(a.1.counted), Double(b.1.agreed) / Double(b.1.counted))
                return x != y ? x < y : a.1.counted != b.1.counted ? a.1.counted > b.1.counted : a.0.name < b.0.name
            }
            .prefix(10)
        #expect(rebels.count == 10)
        // Cells without their alignment, whichever way the Markdown renderer writes it.
        let shown = (page.components(separatedBy: "Chamber and party</th>").last ?? "")
            .replacingOccurrences(of: "<td align=\"right\">", with: "<td>").replacingOccurrences(of: "<td style=\"text-align: right\">", with: "<td>")
        let expected = rebels.map { member, figure in
            "<a href=\"/representatives/\(member.id)/\">\(Self.html(member.name))</a></td>\n<td>\(Self.percent(figure.agreed, of: figure.counted))</td>\n"
                + "<td>\(figure.agreed) of \(figure.counted)</td>\n<td>\(Self.chamberNames[member.chamber] ?? "Local"), \(member.party)</td>"
        }
        var rest = shown[...]
        for row in expected {
            guard let found = rest.range(of: row) else { Issue.record("not shown in order: \(row)"); break }
            rest = rest[found.upperBound...]
        }
        for (chamber, members) in Dictionary(grouping: rows.members.values, by: \.chamber) {
            let name = Self.chamberNames[chamber] ?? "Local"
            let count = { (party: String) in members.filter { $0.party == party }.count }
            let cells = [members.count, count("D"), count("R"), count("I"), count("")].map { "<td class=\"num\">\($0)</td>" }.joined()
            #expect(page.contains("<tr><td>\(name)</td>\(cells)</tr>"), "\(name)")
        }
    }
}
