import Dispatch
import Foundation
import Synchronization
import Testing
import TallySite
@testable import TallyServe

/// The pages open in a browser render first after a change and are served from memory until the build commits
/// (`OpenPages`, `PublishOnCommit.showAhead`). Each test holds the build right after that step, so what the server
/// serves between the two is looked at without any timing.
@Suite struct ShownAheadTests {
    static let files = [
        "tally.yaml": "title: Test\ndatabase: site.sqlite\npublish_users: [ada]\n",
        // Breadcrumbs, so the page shown ahead needs its ancestor's title as the build finds it.
        "templates/default.mustache": """
            <!DOCTYPE html><title>{{page.title}}</title><body>
            {{#page.breadcrumbs}}<a href="{{url}}">{{title}}</a>{{/page.breadcrumbs}}
            {{{content}}}</body>

            """,
        "content/orgs/index.md": "---\ntitle: Giving circle\n---\n# Organizations\n",
        "content/index.md": "```sql all\nSELECT count(*) AS gifts FROM donations\n```\n# All gifts {{all.gifts}}\n",
        "content/orgs/[slug].md": """
            ---
            pages: SELECT id, slug FROM organizations
            ---
            ```sql total
            SELECT count(*) AS gifts FROM donations WHERE organization_id = :id
            ```
            ```sql about
            SELECT json_extract(mission, '$.motto') AS motto FROM organizations WHERE id = :id
            ```
            # Gifts {{total.gifts}}

            {{about.motto}}

            """,
    ]
    static let seed = """
        INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01');
        INSERT INTO organizations (id, slug, name, mission, created_at) VALUES (1, 'amf', 'AMF', '{"motto": "Nets"}', '2024-01-01');
        INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 1, 100, 'USD', '2024-01-02');
        """
    static let donation = "INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 1, 250, 'USD', '2024-01-03')"

    /// At the root, and under a base path, which the page's links take on the way to its file.
    @Test(arguments: ["", "base_url: https://user.github.io/repo/\n"])
    func theOpenPageShowsASavedRowBeforeTheBuildCommitsWithTheBytesItWrites(baseURL: String) async throws {
        var files = Self.files
        files["tally.yaml"]! += baseURL
        let site = try PreviewSite(files, seedSQL: Self.seed)
        let held = BuildGate()
        try await site.serve(stamp: .reuse, shownAhead: held.wait) { server in
            // A test that stops early must not leave the build waiting, nor the server with it.
            defer { held.release() }
            let before = try await server.get(server.basePath + "orgs/amf/").body
            #expect(before.contains("<h1 id=\"gifts-1\">Gifts 1</h1>"))
            #expect(before.contains("<a href=\"\(server.basePath)orgs/\">Giving circle</a>"))
            let generation = try await server.event(after: -1, page: server.basePath + "orgs/amf/").generation
            let browser = server.keepOpen(server.basePath + "orgs/amf/")
            defer { browser.cancel() }

            try site.sql(Self.donation)
            let shown = try #require(await held.reached())
            // The build is held after the open page rendered: that page is served from memory with the new row…
            #expect(shown.map(\.path) == ["/orgs/amf/"])
            #expect(try await server.get(server.basePath + "orgs/amf/").body.contains("<h1 id=\"gifts-2\">Gifts 2</h1>"))
            let event = try await server.event(after: generation)
            #expect(event.ok && event.generation == generation + 1, "open pages are told to reload")
            #expect(server.console.contains { $0.hasPrefix("Showing /orgs/amf/ ahead of the build, ") })
            // …while a page that is not open, and the output folder, are the last good build's.
            #expect(try await server.get(server.basePath).body.contains("<h1 id=\"all-gifts-1\">All gifts 1</h1>"))
            #expect(try site.text("public/orgs/amf/index.html").contains("Gifts 1</h1>"))

            held.release()
            #expect(try await eventually { try await server.get(server.basePath).body.contains("<h1 id=\"all-gifts-2\">All gifts 2</h1>") })
            let written = try Data(contentsOf: site.root.appendingPathComponent("public/orgs/amf/index.html"))
            #expect(shown.first?.bytes == written, "the page shown ahead is the file the build writes, byte for byte")
            // Once committed, the page comes from the output folder again, not from memory.
            try site.write("<p>from the output folder</p>", to: "public/orgs/amf/index.html")
            #expect(try await server.get(server.basePath + "orgs/amf/").body.hasPrefix("<p>from the output folder</p>"))
        }
    }

    @Test func anOpenPageThatFailsToRenderShowsItsErrorBeforeTheBuildFails() async throws {
        let site = try PreviewSite(Self.files, seedSQL: Self.seed)
        let held = BuildGate()
        try await site.serve(stamp: .reuse, shownAhead: held.wait) { server in
            // A test that stops early must not leave the build waiting, nor the server with it.
            defer { held.release() }
            #expect(try await server.get("/orgs/amf/").body.contains("Nets"))
            let generation = try await server.event(after: -1, page: "/orgs/amf/").generation
            let browser = server.keepOpen("/orgs/amf/")
            defer { browser.cancel() }

            try site.sql("UPDATE organizations SET mission = 'not JSON' WHERE id = 1")
            let shown = try #require(await held.reached())
            #expect(shown.first?.bytes == nil)
            let event = try await server.event(after: generation)
            #expect(!event.ok)
            #expect(event.errors == ["content/orgs/[slug].md:8:1: error: malformed JSON (in query 'about')\n  hint: run the query with the sqlite3 shell to see what SQLite expects"])
            #expect(!server.console.contains { $0.hasPrefix("Build failed") }, "the build is still held")
            #expect(try await server.get("/orgs/amf/").body.contains("Nets"), "the last good build is served under the error")

            held.release()
            #expect(try await eventually { server.console.contains("Build failed with 1 error; still serving the last good build.") })
            #expect(try await server.event(after: -1).errors == event.errors)
        }
    }

    /// The snapshot's materialized views are computed after the open pages render (`deferViews`), unless an open
    /// page reads one that a changed table feeds: then first, so the page shows what the build will write.
    @Test func anOpenPageReadingAMaterializedViewShowsItComputedAgain() async throws {
        let site = try PreviewSite(Self.files.merging(PreviewServerTests.giftCountPages) { _, page in page }, seedSQL: Self.seed)
        let held = BuildGate()
        try await site.serve(stamp: .reuse, shownAhead: held.wait) { server in
            defer { held.release() }
            #expect(try await server.get("/orgs/amf/").body.contains("<h1 id=\"gifts-1\">Gifts 1</h1>"))
            _ = try await server.event(after: -1, page: "/orgs/amf/")
            let browser = server.keepOpen("/orgs/amf/")
            defer { browser.cancel() }

            try site.sql(Self.donation)
            let shown = try #require(await held.reached())
            #expect(shown.first?.bytes.map { String(decoding: $0, as: UTF8.self).contains("<h1 id=\"gifts-2\">Gifts 2</h1>") } == true)
            held.release()
            #expect(try await eventually { try await server.get("/").body.contains("All gifts 2") })
            #expect(try shown.first?.bytes == Data(contentsOf: site.root.appendingPathComponent("public/orgs/amf/index.html")))
        }
    }

    @Test func withNoPageOpenNothingIsRenderedAhead() async throws {
        let site = try PreviewSite(Self.files, seedSQL: Self.seed)
        let shownAhead = Mutex(0)
        try await site.serve(stamp: .reuse, shownAhead: { _ in shownAhead.withLock { $0 += 1 } }) { server in
            #expect(try await server.get("/orgs/amf/").body.contains("Gifts 1</h1>"))
            try site.sql(Self.donation)
            #expect(try await eventually { try await server.get("/orgs/amf/").body.contains("Gifts 2</h1>") })
            #expect(shownAhead.withLock { $0 } == 0)
        }
    }
}

/// Holds the build on its thread where `wait` is called, until the test releases it.
final class BuildGate: Sendable {
    private let shown = Mutex<[OpenPage]?>(nil)
    private let gate = DispatchSemaphore(value: 0)

    /// Called by the build: records the pages, then blocks until `release`.
    func wait(_ pages: [OpenPage]) {
        shown.withLock { $0 = pages }
        gate.wait()
    }

    /// The pages shown ahead once the build reached the gate; nil if it did not within a minute.
    func reached() async -> [OpenPage]? {
        _ = try? await eventually { shown.withLock { $0 != nil } }
        return shown.withLock { $0 }
    }

    func release() { gate.signal() }
}

extension PreviewSite.Connection {
    /// Long-polls the events as an open page's script does, until cancelled: `page` stays open.
    func keepOpen(_ page: String) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                _ = try? await event(after: Int.max - 1, page: page)
            }
        }
    }
}
