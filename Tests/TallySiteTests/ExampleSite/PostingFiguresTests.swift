import Foundation
import Testing
import TallyFormat
import TallyStore

/// The posting pages of the example site, checked against figures worked out here from raw delivery rows with
/// Foundation's calendar (not the pages' SQL): days and hours in the person's own time zone (`users.timezone`),
/// intervals, streaks, consistency, platforms and delivery statuses.
@Suite struct PostingFiguresTests {
    struct Delivery {
        let post: Int64; let at: Date?; let platform: String; let status: String; let likes: Int; let shares: Int; let donation: Bool
        let account: Int64
    }

    /// One person's deliveries and what the page should say about them.
    struct Activity {
        let deliveries: [Delivery]
        /// Each post's time: the earliest published delivery.
        let posts: [(id: Int64, at: Date)]
        let days: [String]
        let asOf: String
        /// The person's `users.timezone`: the example gives each of them one.
        let zone: TimeZone
        let database: SiteDatabase

        init(username: String) throws {
            database = try SiteDatabase(path: ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: ["ada", "sam"]))
            let zoneName = try database.run("SELECT timezone FROM users WHERE username = :username", parameters: ["username": .text(username)])
            zone = try #require(TimeZone(identifier: zoneName.rows.first?.first?.text ?? ""))
            let rows = try database.run("""
                SELECT p.id, d.published_at, a.platform, d.status, d.likes, d.shares, p.donation_id IS NOT NULL, d.account_id
                FROM post_deliveries d JOIN posts p ON p.id = d.post_id JOIN social_accounts a ON a.id = d.account_id
                JOIN users u ON u.id = p.user_id WHERE u.username = :username
                """, parameters: ["username": .text(username)]).rows
            let parser = ISO8601DateFormatter()
            deliveries = rows.map {
                Delivery(post: $0[0].integer ?? 0, at: $0[1] == .null ? nil : parser.date(from: $0[1].text), platform: $0[2].text,
                         status: $0[3].text, likes: Int($0[4].integer ?? 0), shares: Int($0[5].integer ?? 0), donation: $0[6].isTruthy,
                         account: $0[7].integer ?? 0)
            }
            var first: [Int64: Date] = [:]
            for delivery in deliveries where delivery.status == "published" {
                guard let at = delivery.at else { continue }
                first[delivery.post] = min(first[delivery.post] ?? at, at)
            }
            posts = first.map { ($0.key, $0.value) }.sorted { $0.at < $1.at }
            let calendar = Self.calendar(zone)
            days = Array(Set(posts.map { Self.localDay($0.at, calendar) })).sorted()
            asOf = days.last ?? ""
        }

        static func localDay(_ date: Date, _ calendar: Calendar) -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }

        func localDay(_ date: Date) -> String { Self.localDay(date, calendar) }

        var calendar: Calendar { Self.calendar(zone) }

        static func calendar(_ zone: TimeZone) -> Calendar {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar
        }

        /// Whole days from 1970 to a `YYYY-MM-DD` day, so day arithmetic ignores daylight saving time.
        static func dayNumber(_ day: String) -> Int {
            let parts = day.split(separator: "-").compactMap { Int($0) }
            return ISODate(year: parts[0], month: parts[1], day: parts[2]).daysSinceEpoch
        }

        /// Runs of consecutive posting days, oldest first, as (first day, last day, length).
        var streaks: [(from: String, to: String, length: Int)] {
            var runs: [(from: String, to: String, length: Int)] = []
            for day in days {
                if let last = runs.last, Self.dayNumber(day) == Self.dayNumber(last.to) + 1 {
                    runs[runs.count - 1] = (last.from, day, last.length + 1)
                } else {
                    runs.append((day, day, 1))
                }
            }
            return runs
        }

        var gapsInHours: [Double] { zip(posts, posts.dropFirst()).map { $1.at.timeIntervalSince($0.at) / 3600 } }
    }

    static func date(_ day: String) -> String { ISODate(day)?.humanReadable ?? day }

    @Test(arguments: ["ada", "sam"])
    func postsIntervalsStreaksAndConsistencyMatchTheRawRows(username: String) throws {
        let activity = try Activity(username: username)
        let html = try ExampleSiteTests.page("users/\(username)/posts/index.html")
        #expect(html.contains("As of <time datetime=\"\(activity.asOf)\">\(Self.date(activity.asOf))</time>"))
        #expect(html.contains("<span class=\"value\">\(activity.posts.count)</span><span class=\"note\">on \(activity.days.count) days since"))

        let gaps = activity.gapsInHours.sorted()
        let average = gaps.reduce(0, +) / Double(gaps.count)
        let median = gaps.count % 2 == 1 ? gaps[gaps.count / 2] : (gaps[gaps.count / 2 - 1] + gaps[gaps.count / 2]) / 2
        let inDays = average >= 48
        let unit = inDays ? "days" : "hours"
        for (label, hours) in [("Average interval", average), ("Median interval", median)] {
            let value = NumberText.decimal(inDays ? hours / 24 : hours, decimals: 1)
            #expect(html.contains("<span class=\"label\">\(label)</span><span class=\"value\">\(value) <small>\(unit)</small>"), "\(label)")
        }

        let streaks = activity.streaks
        let longest = try #require(streaks.max { ($0.length, $0.to) < ($1.length, $1.to) })
        #expect(html.contains("<span class=\"label\">Longest streak</span><span class=\"value\">\(longest.length) <small>days</small>"))
        #expect(html.contains("\(Self.date(longest.from))</time> to <time datetime=\"\(longest.to)\">\(Self.date(longest.to))"))
        let current = try #require(streaks.last)
        #expect(current.to == activity.asOf)
        let currentUnit = current.length == 1 ? "day" : "days"
        #expect(html.contains("<span class=\"label\">Current streak</span><span class=\"value\">\(current.length) <small>\(currentUnit)</small>"))

        // Consistency: weeks (seven-day blocks ending on the as-of day) among the last 12 with posts on 2+ days.
        let end = Activity.dayNumber(activity.asOf)
        let steady = (0..<12).filter { week in
            activity.days.filter { (end - 7 * week - 6...end - 7 * week).contains(Activity.dayNumber($0)) }.count >= 2
        }.count
        let score = Int((Double(steady) * 100 / 12).rounded())
        #expect(html.contains("<span class=\"value\">\(score) <small>of 100</small></span><span class=\"note\">\(steady) of the last 12 weeks"))
    }

    @Test(arguments: ["ada", "sam"])
    func calendarAndHoursUseThePersonsTimeZone(username: String) throws {
        let activity = try Activity(username: username)
        let html = try ExampleSiteTests.page("users/\(username)/posts/index.html")
        // The 12 months up to the as-of day: after the same date a year earlier.
        let cutoff = String((Int(activity.asOf.prefix(4)) ?? 0) - 1) + activity.asOf.dropFirst(4)
        #expect(html.contains("Times are in \(activity.zone.identifier) time.</p>"))
        let window = activity.posts.filter { activity.localDay($0.at) > cutoff && activity.localDay($0.at) <= activity.asOf }
        let activeDays = Set(window.map { activity.localDay($0.at) }).count
        #expect(html.contains("in the 12 months to \(Self.date(activity.asOf)): \(activeDays) of "))
        #expect(html.contains("days have some, \(window.count) in all."))

        var hours = [Int](repeating: 0, count: 24)
        for post in activity.posts { hours[activity.calendar.component(.hour, from: post.at)] += 1 }
        let table = hours.enumerated().map { "<tr><th scope=\"row\">\($0.offset)</th><td>\($0.element)</td></tr>" }.joined()
        #expect(html.contains("<caption>Posts by hour of the day</caption><thead><tr><th scope=\"col\">Hour</th><th scope=\"col\">Posts</th></tr></thead><tbody>\(table)</tbody>"))
    }

    @Test(arguments: ["ada", "sam"])
    func platformsStatusesAndDonationPostsMatchTheRawRows(username: String) throws {
        let activity = try Activity(username: username)
        let html = try ExampleSiteTests.page("users/\(username)/posts/index.html")
        let published = activity.deliveries.filter { $0.status == "published" && $0.at != nil }
        for (platform, deliveries) in Dictionary(grouping: published, by: \.platform) {
            let name = platform == "linkedin" ? "LinkedIn" : platform.prefix(1).uppercased() + platform.dropFirst()
            let likes = NumberText.grouped(UInt64(deliveries.reduce(0) { $0 + $1.likes }))
            let shares = NumberText.grouped(UInt64(deliveries.reduce(0) { $0 + $1.shares }))
            #expect(html.contains("<tr><th scope=\"row\">\(name)</th><td>\(deliveries.count)</td></tr>"), "\(name) posts")
            #expect(html.contains("<tr><th scope=\"row\">\(name)</th><td>\(likes)</td><td>\(shares)</td></tr>"), "\(name) likes and shares")
        }
        for (status, deliveries) in Dictionary(grouping: activity.deliveries, by: \.status) {
            let share = NumberText.percent(Double(deliveries.count) / Double(activity.deliveries.count), decimals: 1)
            #expect(html.contains("<td>\(status.capitalized)</td>\n<td style=\"text-align: right\">\(deliveries.count)</td>\n<td style=\"text-align: right\">\(share)</td>"), "\(status)")
        }
        let sharedDonations = Set(published.filter(\.donation).map(\.post))
        #expect(!sharedDonations.isEmpty)
        #expect(html.contains("<span class=\"label\">Donations shared</span><span class=\"value\">\(sharedDonations.count)</span>"))
        let list = try #require(html.components(separatedBy: "Posts that shared a donation</h2>").last?.components(separatedBy: "</ul>").first)
        #expect(list.components(separatedBy: "<li>").count - 1 == sharedDonations.count)
    }
}
