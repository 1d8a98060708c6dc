import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// The bill and representative pages, recomputed in Swift from raw rows and compared with what the pages show.
/// Nothing here reuses a page's SQL: each figure is counted again over the published snapshot's plain rows.
@Suite struct CivicFiguresTests {
    struct Member { let id: String, name: String, party: String, chamber: String }
    struct Vote { let bill: String, member: String, vote: String, date: String }
    struct Bill { let id: String, title: String, status: String }
    struct Question { let id: Int64, member: String, votes: Int64, askedAt: String, answered: Bool, text: String }

    /// The example's rows as the site sees them: only the published users' personal rows.
    struct Rows {
        let members: [String: Member]
        let votes: [Vote]
        let bills: [Bill]
        let questions: [Question]
        /// Representative id → first names of the published users they represent, e.g. ["Ada"].
        let readers: [String: [String]]

        init(publishedUsers: [String] = ["ada", "sam"]) throws {
            let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: publishedUsers))
            var members: [String: Member] = [:]
            for row in try database.run("SELECT id, name, party, chamber FROM representatives").rows {
                members[row[0].text] = Member(id: row[0].text, name: row[1].text, party: row[2].text, chamber: row[3].text)
            }
            self.members = members
            votes = try database.run("SELECT bill_id, representative_id, vote, voted_on FROM bill_votes").rows.map {
                Vote(bill: $0[0].text, member: $0[1].text, vote: $0[2].text, date: $0[3].text)
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
    }

    static let rows = Result { try Rows() }

    /// yes, no, abstain, absent
    struct Tally: Equatable {
        var yes = 0, no = 0, abstain = 0, absent = 0
        mutating func add(_ vote: String) {
            switch vote {
            case "yes": yes += 1
            case "no": no += 1
            case "abstain": abstain += 1
            case "absent": absent += 1
            default: break
            }
        }
        var cells: String { [yes, no, abstain, absent].map { "<td class=\"num\">\($0)</td>" }.joined() }
    }

    static let chamberNames = ["house": "House", "senate": "Senate"]
    static let partyNames = ["D": "Democratic", "R": "Republican", "I": "Independent"]

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A chamber as the bill pages name it: "House", "Senate", or the value capitalised.
    static func chamberName(_ chamber: String) -> String { chamberNames[chamber] ?? chamber.prefix(1).uppercased() + chamber.dropFirst() }

    static func date(_ text: String) -> String { ISODate(text)?.humanReadable ?? text }

    /// A ratio as the page's whole-number percentage, rounded half away from zero.
    static func percent(_ part: Int, of whole: Int) -> String { "\(Int((Double(part * 100) / Double(whole)).rounded(.toNearestOrAwayFromZero)))%" }

    /// A ratio to one decimal place, as ```table``` blocks write `percent`.
    static func percent1(_ part: Int, of whole: Int) -> String {
        let tenths = Int((Double(part * 1000) / Double(whole)).rounded(.toNearestOrAwayFromZero))
        return "\(tenths / 10).\(tenths % 10)%"
    }

    @Test func everyBillPageGivesEachChambersTally() throws {
        let rows = try Self.rows.get()
        #expect(rows.bills.count == 12)
        for bill in rows.bills {
            let page = try ExampleSiteTests.page("bills/\(bill.id)/index.html")
            let votes = rows.votes.filter { $0.bill == bill.id }
            for (chamber, inChamber) in Dictionary(grouping: votes, by: { rows.members[$0.member]?.chamber ?? "" }) {
                var tally = Tally()
                inChamber.forEach { tally.add($0.vote) }
                let name = Self.chamberName(chamber)
                let first = inChamber.map(\.date).min() ?? ""
                #expect(page.contains("<tr><td>\(name)</td><td>\(Self.date(first))</td>\(tally.cells)</tr>"), "\(bill.id) \(name) table")
                #expect(page.contains("The \(name) voted \(tally.yes) to \(tally.no) on \(Self.date(first))"), "\(bill.id) \(name) sentence")
            }
            // The roll call lists every vote once.
            #expect(page.components(separatedBy: "<span class=\"badge vote badge-").count - 1 == votes.count, "\(bill.id) roll call")
            if votes.isEmpty { #expect(page.contains("No chamber has voted on this bill yet.")) }
        }
    }

    @Test func everyBillPageBreaksTheTallyDownByParty() throws {
        let rows = try Self.rows.get()
        for bill in rows.bills {
            let page = try ExampleSiteTests.page("bills/\(bill.id)/index.html")
            let votes = rows.votes.filter { $0.bill == bill.id }
            let groups = Dictionary(grouping: votes) { vote -> String in
                let member = rows.members[vote.member]
                return Self.chamberName(member?.chamber ?? "") + "|" + (Self.partyNames[member?.party ?? ""] ?? "No party")
            }
            #expect(groups.count >= (votes.isEmpty ? 0 : 2))
            for (group, inGroup) in groups {
                var tally = Tally()
                inGroup.forEach { tally.add($0.vote) }
                let parts = group.split(separator: "|").map(String.init)
                let share = tally.yes + tally.no == 0 ? "" : Self.percent1(tally.yes, of: tally.yes + tally.no)
                #expect(page.contains("<tr><td>\(parts[0])</td><td>\(parts[1])</td>\(tally.cells)<td class=\"num\">\(share)</td></tr>"),
                        "\(bill.id) \(group)")
            }
        }
    }

    @Test func theRollCallHighlightsOnlyThePublishedUsersRepresentatives() throws {
        let rows = try Self.rows.get()
        // Riley is in the database but not in publish_users: their representatives must look like anyone else's.
        let everyone = try Rows(publishedUsers: ["ada", "sam", "riley"])
        let rileysOnly = Set(everyone.readers.keys).subtracting(rows.readers.keys)
        #expect(!rileysOnly.isEmpty)
        var highlightedSomewhere = 0
        for bill in rows.bills {
            let page = try ExampleSiteTests.page("bills/\(bill.id)/index.html")
            let expected = rows.votes.filter { $0.bill == bill.id && rows.readers[$0.member] != nil }
            let highlighted = page.components(separatedBy: "<li class=\"yours\">").dropFirst().map { $0.components(separatedBy: "</li>")[0] }
            #expect(highlighted.count == expected.count, "\(bill.id)")
            highlightedSomewhere += highlighted.count
            for vote in expected {
                let names = rows.readers[vote.member, default: []].map { $0 + "’s" }.joined(separator: " and ")
                let member = try #require(rows.members[vote.member])
                #expect(highlighted.contains { $0.contains("/representatives/\(member.id)/\">\(Self.html(member.name))</a>") && $0.contains("\(names) representative") },
                        "\(bill.id): \(member.id) not marked")
            }
            for id in rileysOnly {
                #expect(!highlighted.contains { $0.contains("/representatives/\(id)/\"") }, "\(bill.id): \(id) is only Riley's")
            }
        }
        #expect(highlightedSomewhere > 0)
    }

    /// Agreement as docs/civic.md defines it: over the member's yes and no votes, on bills where the yes and no
    /// votes of their party's members in their chamber (the member included) did not tie.
    static func agreement(of member: Member, rows: Rows, partyTallies: [String: Tally]) -> (agreed: Int, counted: Int) {
        guard !member.party.isEmpty else { return (0, 0) }
        var agreed = 0, counted = 0
        for mine in rows.votes where mine.member == member.id && (mine.vote == "yes" || mine.vote == "no") {
            let party = partyTallies[mine.bill + "|" + member.chamber + "|" + member.party] ?? Tally()
            guard party.yes != party.no else { continue }
            counted += 1
            if (party.yes > party.no ? "yes" : "no") == mine.vote { agreed += 1 }
        }
        return (agreed, counted)
    }

    /// Every party's tally on every bill, keyed "bill|chamber|party".
    static func partyTallies(_ rows: Rows) -> [String: Tally] {
        var tallies: [String: Tally] = [:]
        for vote in rows.votes {
            guard let member = rows.members[vote.member] else { continue }
            tallies[vote.bill + "|" + member.chamber + "|" + member.party, default: Tally()].add(vote.vote)
        }
        return tallies
    }

    @Test func everyRepresentativePageGivesTheirPartyAgreement() throws {
        let rows = try Self.rows.get()
        let tallies = Self.partyTallies(rows)
        var belowFull = 0
        for member in rows.members.values {
            let page = try ExampleSiteTests.page("representatives/\(member.id)/index.html")
            let (agreed, counted) = Self.agreement(of: member, rows: rows, partyTallies: tallies)
            if counted > 0 {
                let percent = Self.percent(agreed, of: counted)
                #expect(page.contains("<strong>\(agreed) of \(counted)</strong> votes counted: <strong>\(percent)</strong>"), "\(member.id)")
                #expect(page.contains("<span class=\"value\">\(percent)</span>\n<span class=\"note\">\(agreed) of \(counted) votes counted</span>"),
                        "\(member.id) card")
                if agreed < counted { belowFull += 1 }
            } else if member.party.isEmpty {
                #expect(page.contains("does not belong to a party"), "\(member.id)")
            } else {
                #expect(!page.contains("votes counted:"), "\(member.id)")
            }
            var tally = Tally()
            rows.votes.filter { $0.member == member.id }.forEach { tally.add($0.vote) }
            let total = tally.yes + tally.no + tally.abstain + tally.absent
            if total > 0 {
                #expect(page.contains("\(total) roll calls on the bills tracked here: \(tally.yes) yes, \(tally.no) no,\n\(tally.abstain + tally.absent) abstained or absent"),
                        "\(member.id) record")
            } else {
                #expect(page.contains("has no recorded votes"), "\(member.id)")
            }
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

    @Test func theBillListAndStatusPagesListEveryBillOnce() throws {
        let rows = try Self.rows.get()
        let index = try ExampleSiteTests.page("bills/index.html")
        #expect(index.components(separatedBy: "<th scope=\"row\">").count - 1 == rows.bills.count)
        for bill in rows.bills {
            var house = Tally(), senate = Tally()
            for vote in rows.votes where vote.bill == bill.id {
                if rows.members[vote.member]?.chamber == "house" { house.add(vote.vote) }
                if rows.members[vote.member]?.chamber == "senate" { senate.add(vote.vote) }
            }
            let cells = zip(["House", "Senate"], [house, senate]).map { chamber, tally in
                "<td data-label=\"\(chamber) vote\" class=\"num\">" + (tally == Tally() ? "–" : "\(tally.yes)–\(tally.no)") + "</td>"
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

    @Test func theRosterCountsEveryMemberAndMarksThePublishedUsersRepresentatives() throws {
        let rows = try Self.rows.get()
        let page = try ExampleSiteTests.page("representatives/index.html")
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

    @Test func civicPagesHaveUniqueIdsAndOneTitleAndDescription() throws {
        let rows = try Self.rows.get()
        let paths = ["bills/index.html", "representatives/index.html"] + rows.bills.map { "bills/\($0.id)/index.html" }
            + Set(rows.bills.map(\.status)).map { "bills/status/\($0)/index.html" }
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
        for (folder, expected) in [("bills", ["index.html", "status/index.html"]), ("representatives", ["index.html"])] {
            let pages = (FileManager.default.subpaths(atPath: output.appendingPathComponent(folder).path) ?? []).filter { $0.hasSuffix(".html") }
            #expect(pages.sorted() == expected, "\(folder): \(pages)")
        }
        for page in [bills, roster, statuses] {
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
            INSERT INTO bill_votes VALUES ('b1', 'H-X-1', 'present', '2024-03-01'), ('b1', 'H-X-2', 'yes', NULL),
              ('b2', 'C-1', 'yes', '2024-01-05'), ('b2', 'H-X-1', '<b>nay</b>', '2024-01-06');
            INSERT INTO questions (user_id, representative_id, text, votes, asked_at, answer) VALUES
              (1, 'H-X-1', '<img src=x onerror=alert(1)>', 5, '2024-01-01', '<script>a</script> [x](javascript:alert(1))');
            """)
        #expect(summary.warnings.isEmpty)
        let output = root.appendingPathComponent("public")
        var pages: [String: String] = [:]
        for folder in ["bills", "representatives"] {
            for path in FileManager.default.subpaths(atPath: output.appendingPathComponent(folder).path) ?? [] where path.hasSuffix(".html") {
                pages[folder + "/" + path] = try String(contentsOf: output.appendingPathComponent(folder + "/" + path), encoding: .utf8)
            }
        }
        // A status with no letters or digits gets no page of its own; the others get one each.
        #expect(pages.keys.filter { $0.hasPrefix("bills/status/") }.sorted()
                == ["bills/status/in-committee-b/index.html", "bills/status/index.html", "bills/status/pending/index.html"])
        #expect(pages.count == 11)
        for (path, html) in pages {
            for raw in ["<script>", "<img src=x", "<em>Title", "<i>P</i>", "<b>Ada", "<b>nay", "javascript:"] {
                #expect(!html.contains(raw), "\(path) shows \(raw) as markup")
            }
            for link in ExampleSiteTests.rootRelativeLinks(in: html) { #expect(ExampleSiteTests.exists(link, in: output), "\(path) → \(link)") }
        }
        let bill = try #require(pages["bills/b1/index.html"])
        #expect(bill.contains("<strong class=\"role yours-tag\">&lt;b&gt;Ada&lt;/b&gt;’s and sam’s representative</strong>")
                || bill.contains("<strong class=\"role yours-tag\">sam’s and &lt;b&gt;Ada&lt;/b&gt;’s representative</strong>"))
        #expect(bill.contains("The House voted 1 to 0 on Mar 1, 2024"))
        #expect(pages["bills/b2/index.html"]?.contains("The City council voted 1 to 0 on Jan 5, 2024") == true)
        #expect(pages["bills/b3/index.html"]?.contains("No chamber has voted on this bill yet.") == true)
    }
}
