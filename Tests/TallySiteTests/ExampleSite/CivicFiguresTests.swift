import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// The bill, roll-call and representative pages, recomputed in Swift from raw rows and compared with what the pages
/// show. Nothing here reuses a page's SQL: each figure is counted again over the published snapshot's plain rows.
@Suite struct CivicFiguresTests {
    struct Member { let id: String, name: String, party: String, chamber: String, source: String }
    struct RollCall {
        let id: Int64, chamber: String, congress: Int64, session: Int64, number: Int64, votedAt: String, question: String
        let bill: String?, yea: Int, nay: Int, present: Int, notVoting: Int, passed: Int64?, source: String
        /// The example's passage votes: passage, or concurring in the other chamber's amendment.
        var isPassage: Bool { question.hasPrefix("On Passage") || question.contains("Concur") }
        var path: String { "/roll-calls/\(chamber)-\(congress)-\(session)/\(number)/" }
        var label: String { (chamber == "senate" ? "vote " : "roll call ") + String(number) }
        var day: String { String(votedAt.prefix(10)) }
    }
    struct Position { let rollCall: Int64, member: String, position: String, vote: String, party: String }
    struct Bill { let id: String, title: String, status: String }
    struct Question { let id: Int64, member: String, votes: Int64, askedAt: String, answered: Bool, text: String }

    /// The example's rows as the site sees them: only the published users' personal rows.
    struct Rows {
        let members: [String: Member]
        let rollCalls: [RollCall]
        let positions: [Position]
        let bills: [Bill]
        let questions: [Question]
        /// Representative id → first names of the published users they represent, e.g. ["Ada"].
        let readers: [String: [String]]

        init(publishedUsers: [String] = ["ada", "sam"]) throws {
            let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: publishedUsers))
            var members: [String: Member] = [:]
            for row in try database.run("SELECT id, name, party, chamber, source FROM representatives").rows {
                members[row[0].text] = Member(id: row[0].text, name: row[1].text, party: row[2].text, chamber: row[3].text, source: row[4].text)
            }
            self.members = members
            rollCalls = try database.run("""
                SELECT id, chamber, congress, session, number, voted_at, question, bill_id, yea_count, nay_count, present_count,
                       not_voting_count, passed, source FROM roll_calls
                """).rows.map {
                RollCall(id: $0[0].integer ?? 0, chamber: $0[1].text, congress: $0[2].integer ?? 0, session: $0[3].integer ?? 0,
                         number: $0[4].integer ?? 0, votedAt: $0[5].text, question: $0[6].text, bill: $0[7] == .null ? nil : $0[7].text,
                         yea: Int($0[8].integer ?? 0), nay: Int($0[9].integer ?? 0), present: Int($0[10].integer ?? 0),
                         notVoting: Int($0[11].integer ?? 0), passed: $0[12].integer, source: $0[13].text)
            }
            positions = try database.run("SELECT roll_call_id, representative_id, position, vote, party FROM roll_call_positions").rows.map {
                Position(rollCall: $0[0].integer ?? 0, member: $0[1].text, position: $0[2].text, vote: $0[3].text, party: $0[4].text)
            }
            bills = try database.run("SELECT id, title, status FROM bills").rows.map { Bill(id: $0[0].text, title: $0[1].text, status: $0[2].text) }
            questions = try database.run("SELECT id, representative_id, votes, asked_at, answer, text FROM questions").rows.map {
                Question(id: $0[0].integer ?? 0, member: $0[1].text, votes: $0[2].integer ?? 0, askedAt: $0[3].text,
                         answered: $0[4] != .null, text: $0[5].text)
            }
            var readers: [String: [String]] = [:]
            for row in try database.run("""
                SELECT ur.representative_id, u.display_name FROM user_representatives ur JOIN users u ON u.id = ur.user_id
                ORDER BY u.display_name
                """).rows {
                readers[row[0].text, default: []].append(String(row[1].text.split(separator: " ").first ?? ""))
            }
            self.readers = readers
        }

        func positions(of rollCall: RollCall) -> [Position] { positions.filter { $0.rollCall == rollCall.id } }

        /// A bill's roll calls in the order its page lists them.
        func rollCalls(on bill: String) -> [RollCall] {
            rollCalls.filter { $0.bill == bill }.sorted { ($0.votedAt, $0.chamber, $0.number) < ($1.votedAt, $1.chamber, $1.number) }
        }

        /// Each chamber's last passage vote on a bill, in the order the chambers held them.
        func passageVotes(on bill: String) -> [RollCall] {
            let passage = rollCalls(on: bill).filter(\.isPassage)
            return passage.filter { call in !passage.contains { $0.chamber == call.chamber && $0.votedAt > call.votedAt } }
        }
    }

    static let rows = Result { try Rows() }

    /// yes, no, present, not voting
    struct Tally: Equatable {
        var yes = 0, no = 0, present = 0, notVoting = 0
        mutating func add(_ position: String) {
            switch position {
            case "yes": yes += 1
            case "no": no += 1
            case "present": present += 1
            case "not voting": notVoting += 1
            default: break
            }
        }
        init() {}
        init(_ positions: [Position]) { positions.forEach { add($0.position) } }
        var cells: String { [yes, no, present, notVoting].map { "<td class=\"num\">\($0)</td>" }.joined() }
    }

    static let chamberNames = ["house": "House", "senate": "Senate"]
    static let partyNames = ["D": "Democratic", "R": "Republican", "I": "Independent"]

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    static func date(_ text: String) -> String { ISODate(text)?.humanReadable ?? text }

    /// A ratio as the page's whole-number percentage, rounded half away from zero.
    static func percent(_ part: Int, of whole: Int) -> String { "\(Int((Double(part * 100) / Double(whole)).rounded(.toNearestOrAwayFromZero)))%" }

    /// A ratio to one decimal place, as ```table``` blocks write `percent`.
    static func percent1(_ part: Int, of whole: Int) -> String {
        let tenths = Int((Double(part * 1000) / Double(whole)).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// Parties largest first, then by letter, as the pages order them.
    static func byParty(_ positions: [Position]) -> [(party: String, positions: [Position])] {
        Dictionary(grouping: positions) { $0.party.isEmpty ? "–" : $0.party }
            .map { (party: $0.key, positions: $0.value) }
            .sorted { ($1.positions.count, $0.party) < ($0.positions.count, $1.party) }
    }

    @Test func everyBillPageListsEachRollCallOnItWithThePartySplit() throws {
        let rows = try Self.rows.get()
        #expect(rows.bills.count == 12)
        for bill in rows.bills {
            let page = try ExampleSiteTests.page("bills/\(bill.id)/index.html")
            let calls = rows.rollCalls(on: bill.id)
            #expect(page.components(separatedBy: "<tr class=\"passage\"><th scope=\"row\">").count - 1 == calls.filter(\.isPassage).count,
                    "\(bill.id) passage marks")
            var rest = page[...]
            for call in calls {
                let chamber = try #require(Self.chamberNames[call.chamber])
                let split = Self.byParty(rows.positions(of: call)).map { "\($0.party) \(Tally($0.positions).yes)–\(Tally($0.positions).no)" }
                    .joined(separator: " · ")
                let row = "<a href=\"\(call.path)\">\(chamber) \(call.label)</a></th><td data-label=\"Date\"><time datetime=\"\(call.votedAt)\">"
                    + "\(Self.date(call.day))</time></td>"
                guard let found = rest.range(of: row) else { Issue.record("\(bill.id): \(call.path) not listed in order"); break }
                rest = rest[found.upperBound...]
                let line = rest.prefix { $0 != "\n" }
                #expect(line.contains("<td data-label=\"Yes–no\">\(call.yea)–\(call.nay)</td><td data-label=\"By party\">\(split)</td>"),
                        "\(bill.id) \(call.path) tally")
            }
            for call in calls where call.isPassage && call.passed == 1 {
                let verb = call.question.contains("Concur") ? "agreed to the other chamber’s amendment" : "passed it"
                #expect(page.contains("The \(Self.chamberNames[call.chamber] ?? "") \(verb) on \(Self.date(call.day)), \(call.yea) to \(call.nay)"),
                        "\(bill.id) \(call.path) sentence")
            }
            let passed = Set(calls.filter { $0.isPassage && $0.passed == 1 }.map(\.chamber))
            let progress = passed.count == 2 ? "Passed both chambers" : passed.first.map { "Passed the \(Self.chamberNames[$0] ?? $0)" }
            #expect(page.contains("badge-passage\">") == (progress != nil), "\(bill.id) progress")
            if let progress { #expect(page.contains("<li><span class=\"badge badge-passage\">\(progress)</span></li>"), "\(bill.id) progress") }
            if calls.isEmpty { #expect(page.contains("No chamber has voted on this bill in the roll calls recorded here.")) }
        }
        // The Fiscal Responsibility Act's day in the House: a failed amendment, a failed motion and the passage vote.
        let day = rows.rollCalls(on: "hr3746-118").filter { $0.chamber == "house" }
        #expect(day.map(\.question) == ["On Agreeing to the Amendment", "On Motion to Recommit", "On Passage"])
        #expect(day.map(\.passed) == [0, 0, 1])
    }

    @Test func everyBillPageBreaksEachChambersPassageVoteDownByParty() throws {
        let rows = try Self.rows.get()
        for bill in rows.bills {
            let page = try ExampleSiteTests.page("bills/\(bill.id)/index.html")
            for call in rows.passageVotes(on: bill.id) {
                let chamber = try #require(Self.chamberNames[call.chamber])
                let tally = Tally(rows.positions(of: call))
                #expect(page.contains("<tr><td>\(chamber)</td><td>\(call.label.prefix(1).uppercased() + call.label.dropFirst())</td><td>\(Self.date(call.day))</td>\(tally.cells)</tr>"),
                        "\(bill.id) \(chamber) table")
                for (party, members) in Self.byParty(rows.positions(of: call)) {
                    let counts = Tally(members)
                    let share = counts.yes + counts.no == 0 ? "" : Self.percent1(counts.yes, of: counts.yes + counts.no)
                    #expect(page.contains("<tr><td>\(chamber)</td><td>\(Self.partyNames[party] ?? party)</td>\(counts.cells)<td class=\"num\">\(share)</td></tr>"),
                            "\(bill.id) \(chamber) \(party)")
                }
            }
        }
    }

    @Test func theBillListAndStatusPagesListEveryBillOnce() throws {
        let rows = try Self.rows.get()
        let index = try ExampleSiteTests.page("bills/index.html")
        #expect(index.components(separatedBy: "<th scope=\"row\">").count - 1 == rows.bills.count)
        for bill in rows.bills {
            let passage = rows.passageVotes(on: bill.id)
            let cells = zip(["House", "Senate"], ["house", "senate"]).map { name, chamber in
                let tally = passage.first { $0.chamber == chamber }.map { Tally(rows.positions(of: $0)) }
                return "<td data-label=\"\(name) vote\" class=\"num\">" + (tally.map { "\($0.yes)–\($0.no)" } ?? "–") + "</td>"
            }.joined(separator: "\n")
            #expect(index.contains("<a href=\"/bills/\(bill.id)/\">\(Self.html(bill.title))</a></th>"), "\(bill.id)")
            #expect(index.contains(cells), "\(bill.id) tallies")
        }
        for (status, bills) in Dictionary(grouping: rows.bills, by: \.status) {
            let page = try ExampleSiteTests.page("bills/status/\(status)/index.html")
            #expect(page.components(separatedBy: "<th scope=\"row\">").count - 1 == bills.count, "\(status)")
            for bill in bills { #expect(page.contains("href=\"/bills/\(bill.id)/\""), "\(status): \(bill.id)") }
            let label = status.prefix(1).uppercased() + status.dropFirst()
            #expect(index.contains("href=\"/bills/status/\(status)/\">\(label) <span class=\"count\">\(bills.count)</span>"), "filter \(status)")
            #expect(page.contains("href=\"/bills/status/\(status)/\" aria-current=\"page\">"), "\(status) marked current")
        }
    }

    @Test func civicPagesHaveUniqueIdsAndOneTitleAndDescription() throws {
        let rows = try Self.rows.get()
        let paths = ["bills/index.html", "representatives/index.html", "roll-calls/index.html"] + rows.bills.map { "bills/\($0.id)/index.html" }
            + Set(rows.bills.map(\.status)).map { "bills/status/\($0)/index.html" }
            + rows.rollCalls.map { String($0.path.dropFirst()) + "index.html" }
            + Set(rows.rollCalls.map { "roll-calls/\($0.chamber)-\($0.congress)-\($0.session)/index.html" })
            + ["S-CA-1", "H-CA-11", "L-SF-D9", "S-ME-2"].map { "representatives/\($0)/index.html" }
        for path in paths {
            let page = try ExampleSiteTests.page(path)
            let ids = page.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(Set(ids).count == ids.count, "\(path) repeats an id: \(Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
            #expect(page.components(separatedBy: "<h1").count == 2, "\(path) h1")
            #expect(page.contains("<meta name=\"description\" content=\"") && !page.contains("<meta name=\"description\" content=\"\">"), "\(path)")
            #expect(!page.contains("<p><figure") && !page.contains("<p><div"), "\(path) wraps a block in <p>")
        }
    }

    @Test func aDatabaseWithoutBillsOrRepresentativesSaysSoAndMakesNoCivicPages() throws {
        let (root, summary) = try ExampleSite.build(seedSQL: """
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'water-first', 'Water First', '2024-01-01');
            """)
        #expect(summary.warnings.isEmpty)
        let output = root.appendingPathComponent("public")
        let read = { (path: String) in try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) }
        let bills = try read("bills/index.html")
        #expect(bills.contains("There are no bills in this database yet."))
        #expect(!bills.contains("<table") && !bills.contains("class=\"filters\""))
        let roster = try read("representatives/index.html")
        #expect(roster.contains("There are no representatives in this database yet."))
        #expect(!roster.contains("<ul class=\"roster") && !roster.contains("<table") && !roster.contains("<h2"))
        let statuses = try read("bills/status/index.html")  // the breadcrumbs' "Status"
        #expect(statuses.contains("There are no bills in this database yet."))
        #expect(!ExampleSiteTests.rootRelativeLinks(in: statuses).contains { $0.hasPrefix("/bills/status/") && $0 != "/bills/status/" })
        let rollCalls = try read("roll-calls/index.html")
        #expect(rollCalls.contains("There are no roll calls in this database yet."))
        #expect(!rollCalls.contains("<table"))
        for (folder, expected) in [("bills", ["chamber/index.html", "index.html", "status/index.html"]), ("representatives", ["index.html"]), ("roll-calls", ["index.html"])] {
            let pages = (FileManager.default.subpaths(atPath: output.appendingPathComponent(folder).path) ?? []).filter { $0.hasSuffix(".html") }
            #expect(pages.sorted() == expected, "\(folder): \(pages)")
        }
        for page in [bills, roster, statuses, rollCalls] {
            for link in ExampleSiteTests.rootRelativeLinks(in: page) { #expect(ExampleSiteTests.exists(link, in: output), "\(link)") }
        }
    }

    @Test func oddValuesInTheCivicTablesStayTextAndBreakNoPage() throws {
        let (root, summary) = try ExampleSite.build(seedSQL: """
            INSERT INTO users (id, username, display_name, created_at) VALUES (1, 'ada', '<b>Ada</b>', '2023-01-01'), (2, 'sam', '', '2023-01-01');
            INSERT INTO representatives (id, name, party, state, district, chamber, position) VALUES
              ('H-X-1', '<script>alert(1)</script>', '<i>P</i>', 'XX', '1', 'house', 'Representative'),
              ('H-X-2', 'Bob {{site.title}}', NULL, NULL, NULL, 'house', ''),
              ('C-1', 'Council & Co', '', 'XX', 'Ward 3', 'city council', 'Member');
            INSERT INTO user_representatives VALUES (1, 'H-X-1'), (2, 'H-X-1');
            INSERT INTO bills (id, title, summary, chamber, status, url) VALUES
              ('b1', '<em>Title</em>', '<script>x</script>', 'house', 'In committee <b>', 'javascript:alert(1)'),
              ('b2', 'No status', '', 'joint', '', NULL), ('b3', 'Nobody voted', '', 'senate', 'pending', NULL);
            INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, vote_type, required_majority, result, passed,
                                    bill_id, yea_count, nay_count, present_count, source) VALUES
              (1, 'house', 118, 2, 7, '2024-03-01T10:00:00-05:00', 'On Passage <script>', 'YEA-AND-NAY', '1/2', 'Passed <b>', 1, 'b1', 1, 0, 1,
               '<i>made up</i> {{site.title}}'),
              (2, 'city council', 1, 1, 1, '2024-01-05', 'On Passage', '', '', 'Passed', 1, 'b2', 1, 1, 0, '');
            INSERT INTO roll_call_positions VALUES (1, 'H-X-1', 'present', 'Present <b>', '<i>P</i>'), (1, 'H-X-2', 'yes', 'Yea', NULL),
              (2, 'C-1', 'yes', 'Aye', ''), (2, 'H-X-1', 'no', '<b>nay</b>', '<i>P</i>');
            INSERT INTO questions (user_id, representative_id, text, votes, asked_at, answer) VALUES
              (1, 'H-X-1', '<img src=x onerror=alert(1)>', 5, '2024-01-01', '<script>a</script> [x](javascript:alert(1))');
            """)
        #expect(summary.warnings.isEmpty)
        let output = root.appendingPathComponent("public")
        var pages: [String: String] = [:]
        for folder in ["bills", "representatives", "roll-calls", "questions"] {
            for path in FileManager.default.subpaths(atPath: output.appendingPathComponent(folder).path) ?? [] where path.hasSuffix(".html") {
                pages[folder + "/" + path] = try String(contentsOf: output.appendingPathComponent(folder + "/" + path), encoding: .utf8)
            }
        }
        // A status with no letters or digits gets no page of its own; the others get one each.
        #expect(pages.keys.filter { $0.hasPrefix("bills/status/") }.sorted()
                == ["bills/status/in-committee-b/index.html", "bills/status/index.html", "bills/status/pending/index.html"])
        // The odd chamber becomes a slug in the address of its page of bills, as in its roll calls'.
        #expect(pages.keys.filter { $0.hasPrefix("bills/chamber/") }.sorted()
                == ["bills/chamber/city-council/index.html", "bills/chamber/house/index.html", "bills/chamber/index.html"])
        // 10 bill pages, 4 representative pages, the roll calls' index, 2 sittings and 2 roll calls, and the questions
        // hub: all, answered, open, the officials asked and the one official's.
        #expect(pages.count == 24)
        #expect(pages["questions/to/H-X-1/index.html"]?.contains("Asked by <a href=\"/users/ada/\">&lt;b&gt;Ada&lt;/b&gt;</a>") == true)
        #expect(pages["bills/index.html"]?.contains("<td data-label=\"Readers’ representatives\" class=\"reader-votes\">&lt;b&gt;Ada&lt;/b&gt;’s: 1 present · sam’s: 1 present</td>") == true)
        #expect(pages["roll-calls/city-council-1-1/1/index.html"] != nil)
        for (path, html) in pages {
            // Members whose data says nothing about them are not called real or invented by any template (the
            // footer repeats the example's own site description, which is the site's to write).
            let main = (html.components(separatedBy: "<main").last ?? "").components(separatedBy: "</main>")[0].lowercased()
            #expect(!main.contains("fictional") && !main.contains("invented"), "\(path)")
            for raw in ["<script>", "<img src=x", "<em>Title", "<i>P</i>", "<b>Ada", "<b>nay", "javascript:"] {
                #expect(!html.contains(raw), "\(path) shows \(raw) as markup")
            }
            for link in ExampleSiteTests.rootRelativeLinks(in: html) { #expect(ExampleSiteTests.exists(link, in: output), "\(path) → \(link)") }
        }
        let rollCall = try #require(pages["roll-calls/house-118-2/7/index.html"])
        #expect(rollCall.contains("<strong class=\"role yours-tag\">&lt;b&gt;Ada&lt;/b&gt;’s and sam’s representative</strong>")
                || rollCall.contains("<strong class=\"role yours-tag\">sam’s and &lt;b&gt;Ada&lt;/b&gt;’s representative</strong>"))
        #expect(rollCall.contains("<strong>Source:</strong> &lt;i&gt;made up&lt;/i&gt; {{site.title}}</p>"))
        let bill = try #require(pages["bills/b1/index.html"])
        #expect(bill.contains("The House passed it on Mar 1, 2024, 1 to 0"))
        #expect(bill.contains("<td data-label=\"Position\"><span class=\"badge badge-present\">Present &lt;b&gt;</span></td>"))
        #expect(pages["bills/b2/index.html"]?.contains("The City council passed it on Jan 5, 2024, 1 to 1") == true)
        #expect(pages["bills/b3/index.html"]?.contains("No chamber has voted on this bill in the roll calls recorded here.") == true)
    }
}
