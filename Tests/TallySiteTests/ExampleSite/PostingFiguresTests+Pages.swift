import Foundation
import Testing
import TallyFormat

/// The posting pages beside the activity page: the post history, upcoming posts and the best hours per platform,
/// worked out from the raw rows in the person's own time zone.
extension PostingFiguresTests {
    /// Text as a Mustache HTML template writes it; cmark-gfm (a Markdown body) leaves the apostrophe as it is.
    static func escaped(_ text: String, apostrophe: Bool = true) -> String {
        let html = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        return apostrophe ? html.replacingOccurrences(of: "'", with: "&#39;") : html
    }

    static func platformName(_ platform: String) -> String {
        platform == "linkedin" ? "LinkedIn" : platform.prefix(1).uppercased() + platform.dropFirst()
    }

    /// "Dec 31, 2025, 10:20", as the `datetime` helper writes a local time.
    static func shown(_ date: Date, in zone: TimeZone) -> String {
        let parts = Activity.calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return ISODate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
                       minute: parts.minute ?? 0, precision: .second).humanReadableWithTime
    }

    /// Hours in the person's zone: the example's people post between 7 in the morning and midnight where they live.
    @Test(arguments: ["ada", "sam"])
    func nobodyPostsInTheSmallHoursOfTheirOwnZone(username: String) throws {
        let activity = try Activity(username: username)
        #expect(activity.posts.allSatisfy { activity.calendar.component(.hour, from: $0.at) >= 7 })
    }

    @Test(arguments: ["ada", "sam"])
    func theHistoryListsEverySentPostNewestFirstWithItsDeliveries(username: String) throws {
        let activity = try Activity(username: username)
        let rows = try activity.database.run("""
            SELECT p.id, p.content, p.created_at FROM posts p JOIN users u ON u.id = p.user_id WHERE u.username = :username
            """, parameters: ["username": .text(username)]).rows
        let parser = ISO8601DateFormatter()
        let byPost = Dictionary(grouping: activity.deliveries, by: \.post)
        let sent = rows.compactMap { row -> (id: Int64, text: String, at: Date, deliveries: [Delivery])? in
            let id = row[0].integer ?? 0
            let deliveries = (byPost[id] ?? []).sorted { $0.account < $1.account }
            guard deliveries.contains(where: { $0.status != "scheduled" }), let created = parser.date(from: row[2].text) else { return nil }
            let published = deliveries.filter { $0.status == "published" }.compactMap(\.at).min()
            return (id, row[1].text, published ?? created, deliveries)
        }.sorted { ($0.at, $0.id) > ($1.at, $1.id) }
        let perPage = 50
        let pages = (sent.count + perPage - 1) / perPage
        #expect(pages > 1)
        for page in 1...pages {
            let path = "users/\(username)/posts/history/" + (page == 1 ? "" : "page/\(page)/") + "index.html"
            let html = try ExampleSiteTests.page(path)
            let slice = sent[(page - 1) * perPage..<min(page * perPage, sent.count)]
            #expect(html.contains("\(slice.startIndex + 1)–\(slice.endIndex) of \(sent.count) posts"), "\(path)")
            #expect(html.components(separatedBy: "<li class=\"post\">").count - 1 == slice.count, "\(path)")
            var position = html.startIndex
            for post in slice {
                let published = post.deliveries.filter { $0.status == "published" }
                let likes = published.reduce(0) { $0 + $1.likes }, shares = published.reduce(0) { $0 + $1.shares }
                let statuses = post.deliveries.map { "\(Self.platformName($0.platform)): \($0.status)" }.joined(separator: " · ")
                let entry = "<p class=\"post-text\">\(Self.escaped(post.text))</p>\n<p class=\"post-meta\">"
                    + "<time datetime=\"\(Activity.localDay(post.at, activity.calendar))\">\(Self.shown(post.at, in: activity.zone))</time>"
                let figures = "<p class=\"post-deliveries\">\(statuses)</p>\n<p class=\"post-reactions\">"
                    + "\(NumberText.grouped(UInt64(likes))) \(likes == 1 ? "like" : "likes"), \(NumberText.grouped(UInt64(shares))) \(shares == 1 ? "share" : "shares")</p>"
                // In order: each post's entry is found after the one before it.
                guard let found = html.range(of: entry, range: position..<html.endIndex) else {
                    Issue.record("\(path): post \(post.id) missing or out of order"); continue
                }
                position = found.upperBound
                #expect(html[position...].contains(figures), "\(path): post \(post.id)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: try ExampleSiteTests.shared.get().root.appendingPathComponent("public/users/\(username)/posts/history/page/\(pages + 1)").path))
    }

    /// "Upcoming" is measured from the latest published delivery, never from the clock of the build.
    @Test(arguments: ["ada", "sam"])
    func upcomingPostsAreTheScheduledOnesAfterTheLatestPublishedPost(username: String) throws {
        let activity = try Activity(username: username)
        let latest = try #require(activity.deliveries.filter { $0.status == "published" }.compactMap(\.at).max())
        let rows = try activity.database.run("""
            SELECT p.id, p.content, p.scheduled_for FROM posts p JOIN users u ON u.id = p.user_id
            WHERE u.username = :username AND p.scheduled_for IS NOT NULL
            """, parameters: ["username": .text(username)]).rows
        let parser = ISO8601DateFormatter()
        let upcoming = rows.compactMap { row -> (text: String, at: Date, platforms: String)? in
            let scheduled = activity.deliveries.filter { $0.post == row[0].integer && $0.status == "scheduled" }.sorted { $0.account < $1.account }
            guard let at = parser.date(from: row[2].text), at > latest, !scheduled.isEmpty else { return nil }
            return (row[1].text, at, scheduled.map { Self.platformName($0.platform) }.joined(separator: ", "))
        }.sorted { $0.at < $1.at }
        #expect(!upcoming.isEmpty)
        let html = try ExampleSiteTests.page("users/\(username)/posts/index.html")
        let section = try #require(html.components(separatedBy: "Upcoming</h2>").last?.components(separatedBy: "</ul>").first)
        #expect(section.contains("(\(Self.shown(latest, in: activity.zone))), in\n\(activity.zone.identifier) time."))
        let items = upcoming.map { "<li>\(Self.escaped($0.text, apostrophe: false))<br />\n<em>\(Self.shown($0.at, in: activity.zone)) · \($0.platforms)</em></li>" }
        #expect(section.hasSuffix("<ul>\n" + items.joined(separator: "\n") + "\n"))
    }

    /// The best three hours in a row per platform (windows of 5 posts or more, platforms of 20 or more), by likes
    /// plus shares per published delivery, in the person's zone; ties go to the earlier hour.
    @Test(arguments: ["ada", "sam"])
    func bestHoursPerPlatformMatchTheRawRows(username: String) throws {
        let activity = try Activity(username: username)
        let html = try ExampleSiteTests.page("users/\(username)/posts/best-times/index.html")
        let published = activity.deliveries.filter { $0.status == "published" && $0.at != nil }
        for (platform, deliveries) in Dictionary(grouping: published, by: \.platform) {
            let name = Self.platformName(platform)
            let hours = deliveries.map { (hour: activity.calendar.component(.hour, from: $0.at!), engagement: $0.likes + $0.shares) }
            guard deliveries.count >= 20 else {
                #expect(html.contains("<strong>\(name): too few posts to tell</strong> (\(deliveries.count); it takes 20)."))
                continue
            }
            let windows = (0..<24).compactMap { start -> (start: Int, posts: Int, average: Double)? in
                let inside = hours.filter { ($0.hour - start + 24) % 24 < 3 }
                guard inside.count >= 5 else { return nil }
                return (start, inside.count, Double(inside.reduce(0) { $0 + $1.engagement }) / Double(inside.count))
            }
            let best = try #require(windows.max { ($0.average, -$0.start) < ($1.average, -$1.start) })
            let overall = Double(hours.reduce(0) { $0 + $1.engagement }) / Double(hours.count)
            func hour(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value):00" }
            #expect(html.contains("<strong>Posts on \(name) do best between \(hour(best.start)) and \(hour((best.start + 3) % 24))</strong>: "
                + "\(best.posts) of its\n\(deliveries.count) posts went out then, with \(NumberText.decimal(best.average, decimals: 1)) likes and shares each on average,\n"
                + "against \(NumberText.decimal(overall, decimals: 1)) over all \(deliveries.count)."), "\(name)")
        }
        #expect(html.contains("Hours and weekdays are in \(activity.zone.identifier) time."))
    }
}
