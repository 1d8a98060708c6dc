import Foundation
import Testing
import TallyStore
import TallyTestSupport

/// The questions hub, the report's questions and representatives, and the bill list's readers' votes, recounted
/// from the published snapshot's raw rows.
extension CivicFiguresTests {
    struct AskedQuestion { let id: Int64, user: String, member: String, votes: Int64, askedAt: String, answered: Bool, text: String }

    /// Every published user's questions, with who asked them, ranked as every list of questions ranks them.
    static func askedQuestions() throws -> [AskedQuestion] {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
        return try database.run("""
            SELECT q.id, u.username, q.representative_id, q.votes, q.asked_at, q.answer IS NOT NULL, q.text
            FROM questions q JOIN users u ON u.id = q.user_id
            """).rows.map {
            AskedQuestion(id: $0[0].integer ?? 0, user: $0[1].text, member: $0[2].text, votes: $0[3].integer ?? 0,
                          askedAt: $0[4].text, answered: $0[5].integer == 1, text: $0[6].text)
        }
        .sorted { ($1.votes, $0.askedAt, $0.id) < ($0.votes, $1.askedAt, $1.id) }
    }

    /// The ids of the questions a page lists, in its order.
    static func questionIDs(on page: String) -> [Int64] {
        page.components(separatedBy: "<li class=\"question\" id=\"question-").dropFirst().map { Int64($0.prefix { $0.isNumber }) ?? -1 }
    }

    @Test func theQuestionsHubRanksEveryPublishedQuestionAndFiltersThem() throws {
        let asked = try Self.askedQuestions()
        let rows = try Self.rows.get()
        #expect(asked.count == 23)
        let hub = try ExampleSiteTests.page("questions/index.html")
        #expect(Self.questionIDs(on: hub) == asked.map(\.id))
        let answered = asked.filter(\.answered).count
        #expect(hub.contains("All <span class=\"count\">\(asked.count)</span>"))
        #expect(hub.contains("Answered <span class=\"count\">\(answered)</span>"))
        #expect(hub.contains("Open <span class=\"count\">\(asked.count - answered)</span>"))
        for question in asked {
            let member = try #require(rows.members[question.member])
            #expect(hub.contains("<h3>\(Self.html(question.text))</h3>\n<p class=\"meta\">Asked by <a href=\"/users/\(question.user)/\">"),
                    "\(question.id) asker")
            #expect(hub.contains("of <a href=\"/representatives/\(member.id)/\">\(Self.html(member.name))</a>"), "\(question.id) official")
            #expect(hub.contains("<span class=\"value\">\(question.votes)</span>"), "\(question.id) votes")
        }
        #expect(hub.components(separatedBy: "<div class=\"answer\">").count - 1 == answered)
        #expect(Self.questionIDs(on: try ExampleSiteTests.page("questions/answered/index.html")) == asked.filter(\.answered).map(\.id))
        #expect(Self.questionIDs(on: try ExampleSiteTests.page("questions/open/index.html")) == asked.filter { !$0.answered }.map(\.id))
        let officials = try ExampleSiteTests.page("questions/to/index.html")
        for (member, theirs) in Dictionary(grouping: asked, by: \.member) {
            #expect(Self.questionIDs(on: try ExampleSiteTests.page("questions/to/\(member)/index.html")) == theirs.map(\.id), "\(member)")
            #expect(officials.contains("<a href=\"/questions/to/\(member)/\">"), "\(member) listed")
            // The representative's own page links to its filter page.
            #expect(try ExampleSiteTests.page("representatives/\(member)/index.html").contains("<a href=\"/questions/to/\(member)/\">"))
        }
        // Riley is not published: none of Riley's questions is on any page of the hub.
        let everyone = try Rows(publishedUsers: ["ada", "sam", "riley"]).questions
        let unpublished = everyone.filter { question in !asked.contains { $0.id == question.id } }
        #expect(!unpublished.isEmpty)
        for question in unpublished { #expect(!hub.contains(Self.html(question.text))) }
        #expect(try ExampleSiteTests.page("index.html").contains("<a href=\"/questions/\">Questions</a></strong>: \(asked.count) questions"))
    }

    /// The card's "13 asked, 7 answered" is the sum of the representatives table, which lists every official asked.
    @Test(arguments: ["ada", "sam"])
    func aReportsQuestionCountsAddUpWithItsTables(user: String) throws {
        let mine = try Self.askedQuestions().filter { $0.user == user }
        let rows = try Self.rows.get()
        let page = try ExampleSiteTests.page("users/\(user)/index.html")
        let answered = mine.filter(\.answered).count
        #expect(page.contains("<span class=\"value\">\(mine.count)</span>\n<span class=\"note\">\(answered) answered so far</span>"))
        let table = (page.components(separatedBy: "<h2 id=\"representatives\">").last ?? "").components(separatedBy: "</table>")[0]
            .replacingOccurrences(of: "<td style=\"text-align: right\">", with: "<td>")
        for (member, theirs) in Dictionary(grouping: mine, by: \.member) {
            let name = Self.html(try #require(rows.members[member]).name)
            #expect(table.contains("<a href=\"/representatives/\(member)/\">\(name)</a>"), "\(user): \(member) in the table")
            #expect(table.contains("<td>\(theirs.count)</td>\n<td>\(theirs.filter(\.answered).count)</td>"), "\(user): \(member) counts")
        }
        #expect(table.contains("<td><strong>\(mine.count)</strong></td>\n<td><strong>\(answered)</strong></td>"))
        let listed = (page.components(separatedBy: "<h2 id=\"questions-asked\">").last ?? "").components(separatedBy: "</ul>")[0]
        var rest = listed[...]
        for question in mine {
            // Text in Markdown comes out as cmark-gfm writes it: & < > " escaped, apostrophes as they are.
            let text = Self.html(question.text).replacingOccurrences(of: "&#39;", with: "'")
            guard let found = rest.range(of: "<li><strong>\(text)</strong> To ") else {
                Issue.record("\(user): question \(question.id) not listed in order"); break
            }
            rest = rest[found.upperBound...]
        }
        #expect(page.contains("href=\"#questions-asked\""))
    }

    @Test func aReportShowsThePersonsParty() throws {
        #expect(try ExampleSiteTests.page("users/ada/index.html").contains("<dt>Party</dt><dd>Independent</dd>"))
        #expect(try ExampleSiteTests.page("users/sam/index.html").contains("<dt>Party</dt><dd>Democratic</dd>"))
    }

    /// Each bill's row says how the published users' representatives voted on each chamber's last passage vote:
    /// "Ada’s: 3 yes · Sam’s: 2 yes, 1 no".
    @Test func theBillListShowsHowThePublishedUsersRepresentativesVoted() throws {
        let rows = try Self.rows.get()
        let list = try ExampleSiteTests.page("bills/index.html")
        var shown = 0
        for bill in rows.bills {
            let calls = Set(rows.passageVotes(on: bill.id).map(\.id))
            var perReader: [String: [String: Int]] = [:]
            for position in rows.positions where calls.contains(position.rollCall) {
                for reader in rows.readers[position.member] ?? [] { perReader[reader, default: [:]][position.position, default: 0] += 1 }
            }
            let expected = perReader.keys.sorted().map { reader in
                reader + "’s: " + ["yes", "no", "present", "not voting"].compactMap { word in perReader[reader]?[word].map { "\($0) \(word)" } }
                    .joined(separator: ", ")
            }.joined(separator: " · ")
            let row = try #require(list.components(separatedBy: "<a href=\"/bills/\(bill.id)/\">").dropFirst().first)
            let cell = row.components(separatedBy: "class=\"reader-votes\">")[1].prefix { $0 != "<" }
            #expect(cell == (expected.isEmpty ? "–" : expected), "\(bill.id)")
            if !expected.isEmpty { shown += 1 }
        }
        #expect(shown > 5)
        for chamber in ["house", "senate"] {
            let page = try ExampleSiteTests.page("bills/chamber/\(chamber)/index.html")
            let voted = Set(rows.rollCalls.filter { $0.chamber == chamber }.compactMap(\.bill))
            for bill in rows.bills {
                #expect(page.contains("<a href=\"/bills/\(bill.id)/\">") == voted.contains(bill.id), "\(chamber): \(bill.id)")
            }
            #expect(page.contains("href=\"/bills/chamber/\(chamber)/\" aria-current=\"page\">"))
        }
    }

    /// Local officials have no roll calls: their pages have no voting sections, only a sentence saying so.
    @Test func aMemberWithoutRollCallsGetsNoVotingSections() throws {
        let rows = try Self.rows.get()
        let without = rows.members.values.filter { member in !rows.positions.contains { $0.member == member.id } }
        #expect(without.count == 5)
        for member in without {
            let page = try ExampleSiteTests.page("representatives/\(member.id)/index.html")
            #expect(!page.contains("<h2 id=\"voting-record\">") && !page.contains("<h2 id=\"voting-with-the-party\">"), "\(member.id)")
            #expect(page.contains("\(Self.html(member.name)) has no recorded positions on the roll calls in this database, so this page has no voting record."))
        }
        let member = try ExampleSiteTests.page("representatives/H-CA-11/index.html")
        #expect(member.contains("<h2 id=\"voting-record\">") && member.contains("<h2 id=\"voting-with-the-party\">"))
    }
}
