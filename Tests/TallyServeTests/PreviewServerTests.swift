import FlyingFox
import Foundation
import Synchronization
import Testing
import TallySite
import TallyStore
@testable import TallyServe

/// `tally serve` end to end: a real server on an ephemeral port, fetched over HTTP while files change.
@Suite struct PreviewServerTests {
    @Test func servesRebuildsOnChangeAndKeepsTheLastGoodSiteWhenARebuildFails() async throws {
        let site = try PreviewSite(["content/index.md": "# First version\n", "static/style.css": "body { margin: 0 }\n"])
        try await site.serve { server in
            let home = try await server.get("/")
            #expect(home.status == 200)
            #expect(home.header(.contentType) == "text/html; charset=utf-8")
            #expect(home.body.contains("<h1 id=\"first-version\">First version</h1>"))
            #expect(home.body.contains("<script>\n(() => {\n  const served = 1,"))
            #expect(try await server.get("/style.css").header(.contentType) == "text/css; charset=utf-8")
            #expect(!(try site.text("public/index.html")).contains("<script>"), "the script is never written to disk")

            try site.write("# Second version\n", to: "content/index.md")
            #expect(try await eventually { try await server.get("/").body.contains("<h1 id=\"second-version\">Second version</h1>") })

            try site.write("# Broken {{nope}}\n", to: "content/index.md")
            #expect(try await eventually { try await server.event(after: -1).ok == false })
            let event = try await server.event(after: -1)
            #expect(event.errors == ["content/index.md:1:10: error: unknown name `nope`\n  hint: define it with a ```sql nope block, or read front matter as page.nope"])
            #expect(try await server.get("/").body.contains("<h1 id=\"second-version\">Second version</h1>"))
            #expect(server.console.contains("Build failed with 1 error; still serving the last good build."))
            #expect(server.console.contains(event.errors[0]))

            try site.write("# Fixed\n", to: "content/index.md")
            #expect(try await eventually { try await server.event(after: event.generation).ok })
            #expect(try await server.get("/").body.contains("<h1 id=\"fixed\">Fixed</h1>"))
        }
    }

    @Test func rebuildsWhenAViewChanges() async throws {
        let site = try PreviewSite([
            "views/answer.sql": "SELECT 41 AS value\n",
            "content/index.md": "```sql answer\nSELECT value FROM answer\n```\n# Answer {{answer.value}}\n",
        ])
        try await site.serve { server in
            #expect(try await server.get("/").body.contains("<h1 id=\"answer-41\">Answer 41</h1>"))
            try site.write("SELECT 42 AS value\n", to: "views/answer.sql")
            #expect(try await eventually { try await server.get("/").body.contains("<h1 id=\"answer-42\">Answer 42</h1>") })
            #expect(server.console.contains("Changed: views/answer.sql; rebuilding"))
        }
    }

    /// A materialized view of each organization's gift count and a page per organization showing it: a saved
    /// donation changes the view, and the page with it.
    static let giftCountPages = [
        "views/gift_counts.sql": "-- tally: materialize\nSELECT organization_id, count(*) AS gifts FROM donations GROUP BY organization_id\n",
        "content/orgs/[slug].md": """
            ---
            pages: SELECT id, slug FROM organizations
            ---
            ```sql total
            SELECT gifts FROM gift_counts WHERE organization_id = :id
            ```
            # Gifts {{total.gifts}}

            """,
    ]

    /// As `tally serve` runs: incremental builds, the snapshot updated from the kept one when only rows changed.
    @Test func aSavedRowShowsOnItsPage() async throws {
        let site = try PreviewSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\npublish_users: [ada]\n",
        ].merging(Self.giftCountPages) { _, page in page }, seedSQL: """
            INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01');
            INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'AMF', '2024-01-01'), (2, 'gd', 'GD', '2024-01-01');
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 1, 100, 'USD', '2024-01-02');
            """)
        try await site.serve(stamp: .reuse) { server in
            #expect(try await server.get("/orgs/amf/").body.contains("<h1 id=\"gifts-1\">Gifts 1</h1>"))
            try site.sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 1, 250, 'USD', '2024-01-03')")
            #expect(try await eventually { try await server.get("/orgs/amf/").body.contains("<h1 id=\"gifts-2\">Gifts 2</h1>") })
            // The page is served once the output is committed; the build's summary is printed after its manifest is saved.
            #expect(try await eventually { server.console.contains { $0.hasPrefix("Built 2 pages (1 rendered, 1 kept)") && $0.hasSuffix("; donations updated") } },
                    "\(server.console)")
        }
    }

    /// `tally serve --timings`: each rebuild gets a reporter of its own, told its stages and steps, and finished once.
    @Test func eachRebuildReportsItsTimingsToAReporterOfItsOwn() async throws {
        let reporters = Mutex<[RecordedTimings]>([])
        let site = try PreviewSite(["content/index.md": "# First\n"])
        try await site.serve(stamp: .reuse, timings: {
            let reporter = RecordedTimings()
            reporters.withLock { $0.append(reporter) }
            return reporter
        }) { server in
            try site.write("# Second\n", to: "content/index.md")
            #expect(try await eventually { server.console.count { $0.hasPrefix("Built ") } == 2 })
        }
        let recorded = reporters.withLock { $0 }
        #expect(recorded.count == 2)
        for reporter in recorded {
            let (stages, steps, finished) = reporter.log.withLock { ($0.stages, $0.steps, $0.finished) }
            #expect(finished == 1)
            #expect(stages.first == .loadConfig && stages.contains(.renderPages) && stages.last == .swapOutput)
            #expect(steps.contains("snapshot made or copied"), "\(steps)")
        }
        #expect(recorded[1].log.withLock { $0.steps.contains("manifest load") }, "the second build goes on from the first's record")
    }

    @Test func servesTheSiteUnderTheBasePathOfItsBaseURL() async throws {
        let site = try PreviewSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\nbase_url: https://user.github.io/repo/\n",
            "content/index.md": "# Home\n",
            "content/about.md": "# About\n",
        ])
        try await site.serve { server in
            #expect(server.basePath == "/repo/")
            let root = try await server.get("/")
            #expect(root.status == 301)
            #expect(root.header(.location) == "/repo/")
            #expect(try await server.get("/repo").header(.location) == "/repo/")
            #expect(try await server.get("/repo/about").header(.location) == "/repo/about/")
            #expect(try await server.get("/repo/about/").body.contains("<h1 id=\"about\">About</h1>"))
            #expect(try await server.get("/about/").status == 404)
            #expect(try await server.get("/repo/../tally.yaml").status == 404)
        }
    }

    @Test func answersMissingPagesWithTheSitesOwn404Page() async throws {
        let site = try PreviewSite(["content/index.md": "# Home\n", "static/404.html": "<!DOCTYPE html><title>Lost</title><body>Lost</body>\n"])
        try await site.serve { server in
            let missing = try await server.get("/nowhere/")
            #expect(missing.status == 404)
            #expect(missing.body.hasPrefix("<!DOCTYPE html><title>Lost</title><body>Lost<script>"))
        }
    }
}

/// Waits, without asserting how long, until `condition` holds; gives up after a generous minute.
func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(100))
    }
    return false
}

/// A rebuild's timings as `tally serve --timings` would print them, kept for a test to read.
final class RecordedTimings: RebuildTimings {
    struct Log {
        var stages: [BuildStage] = []
        var steps: Set<String> = []
        var finished = 0
    }

    let log = Mutex(Log())

    var wantsPageTimes: Bool { true }
    func stageStarted(_ stage: BuildStage) { log.withLock { $0.stages.append(stage) } }
    func pagesRendered(_ done: Int, of total: Int) {}
    func stepTimed(_ name: String, wall: Duration, cpu: Duration) { _ = log.withLock { $0.steps.insert(name) } }
    func finish() { log.withLock { $0.finished += 1 } }
}
