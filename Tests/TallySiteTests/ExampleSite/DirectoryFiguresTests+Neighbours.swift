import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// An organization page's previous and next organizations and the posts that shared a gift to it, recounted from
/// the published snapshot's raw rows.
extension DirectoryFiguresTests {
    @Test func eachOrganizationLinksItsNeighboursInTheDirectorysOrder() throws {
        let ordered = Self.directoryOrder(try Self.organizations())
        #expect(ordered.count == 15)
        for (place, org) in ordered.enumerated() {
            let html = try ExampleSiteTests.page("orgs/\(org.slug)/index.html")
            #expect(html.contains("<p class=\"meta\">Organization \(place + 1) of \(ordered.count) in the <a href=\"/orgs/\">directory</a>"), "\(org.slug)")
            let previous = place > 0 ? ordered[place - 1] : nil
            let next = place + 1 < ordered.count ? ordered[place + 1] : nil
            #expect(html.contains("<li class=\"previous\">") == (previous != nil), "\(org.slug) previous")
            #expect(html.contains("<li class=\"next\">") == (next != nil), "\(org.slug) next")
            if let previous {
                #expect(html.contains("<li class=\"previous\"><a href=\"/orgs/\(previous.slug)/\"><span class=\"label\">Previous</span> \(previous.name)</a></li>"))
            }
            if let next {
                #expect(html.contains("<li class=\"next\"><a href=\"/orgs/\(next.slug)/\"><span class=\"label\">Next</span> \(next.name)</a></li>"))
            }
        }
    }

    /// A post counts when at least one delivery was published; it is listed on the organization its gift went to.
    @Test func anOrganizationPageListsThePostsThatSharedAGiftToIt() throws {
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
        let shared = try database.run("""
            SELECT o.slug, p.id, p.content, u.username, g.amount_cents, g.currency,
                   (SELECT count(*) FROM post_deliveries d WHERE d.post_id = p.id AND d.status = 'published' AND d.published_at IS NOT NULL),
                   (SELECT d.published_at FROM post_deliveries d WHERE d.post_id = p.id AND d.status = 'published' AND d.published_at IS NOT NULL
                    ORDER BY julianday(d.published_at) LIMIT 1), u.timezone
            FROM posts p JOIN donations g ON g.id = p.donation_id AND g.user_id = p.user_id
            JOIN organizations o ON o.id = g.organization_id JOIN users u ON u.id = p.user_id
            """).rows.filter { ($0[6].integer ?? 0) > 0 }
        #expect(shared.count > 10)
        let posts = Dictionary(grouping: shared) { $0[0].text }
        for org in try Self.organizations() {
            let html = try ExampleSiteTests.page("orgs/\(org.slug)/index.html")
            let mine = posts[org.slug] ?? []
            #expect(html.contains("<h2 id=\"posts-that-shared-a-gift\">") == !mine.isEmpty, "\(org.slug)")
            let section = (html.components(separatedBy: "<h2 id=\"posts-that-shared-a-gift\">").dropFirst().first ?? "").components(separatedBy: "</ul>")[0]
            #expect(section.components(separatedBy: "<li>").count - 1 == min(mine.count, 20), "\(org.slug) count")
            for row in mine {
                let amount = Money(minorUnits: row[4].integer ?? 0, currency: try #require(Currency.lookup(row[5].text))).formatted()
                #expect(section.contains(ReportFiguresTests.escapeForHTML(amount)), "\(org.slug) post \(row[1].text)")
                #expect(section.contains("<a href=\"/users/\(row[3].text)/posts/\">"), "\(org.slug) post \(row[1].text)")
                // The time is the first published delivery's, in the poster's own zone, which the line names.
                if let instant = ISO8601DateFormatter().date(from: row[7].text), let zone = TimeZone(identifier: row[8].text) {
                    let format = DateFormatter()
                    format.locale = Locale(identifier: "en_US_POSIX")
                    format.timeZone = zone
                    format.dateFormat = "MMM d, yyyy, HH:mm"
                    #expect(section.contains(format.string(from: instant) + " " + row[8].text + " time"), "\(org.slug) post \(row[1].text)")
                } else {
                    Issue.record("post \(row[1].text): \(row[7].text) in \(row[8].text) is not an instant in a zone")
                }
            }
        }
        // Riley is not published: none of Riley's posts is on an organization page.
        let everyone = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["riley"]))
        for row in try everyone.run("SELECT o.slug, p.content FROM posts p JOIN donations g ON g.id = p.donation_id JOIN organizations o ON o.id = g.organization_id").rows {
            #expect(!(try ExampleSiteTests.page("orgs/\(row[0].text)/index.html")).contains(CivicFiguresTests.html(row[1].text)))
        }
    }
}
