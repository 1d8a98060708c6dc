import Foundation
import Testing
import TallySite
import TallyStore
@testable import TallyServe

/// `tally serve` keeps what one build made for the next (`BuildMemory`: the snapshot still open, the content files
/// loaded, the incremental record). After each of a sequence of edits, some with a page open, the served output must
/// be byte for byte what a build of the same inputs that renders everything writes.
@Suite struct EditSequenceTests {
    static let files = ShownAheadTests.files.merging(PreviewServerTests.giftCountPages) { _, page in page }.merging([
        "content/pages.md": "---\ntitle: Pages\n---\n```sql all\nSELECT url, title FROM site_pages ORDER BY url\n```\n{{#all}}- {{url}} {{title}}\n{{/all}}",
    ]) { _, page in page }

    /// One edit: what it does to the site, by name for the failure message.
    struct Edit: Sendable, CustomStringConvertible {
        let description: String
        let apply: @Sendable (PreviewSite) throws -> Void
    }

    static let edits: [Edit] = [
        Edit(description: "a donation saved") { try $0.sql(ShownAheadTests.donation) },
        Edit(description: "a content file edited") { try $0.write("---\ntitle: Pages\n---\nNo list now\n", to: "content/pages.md") },
        Edit(description: "an organization added") {
            try $0.sql("INSERT INTO organizations (id, slug, name, created_at) VALUES (2, 'gd', 'GD', '2024-01-01')")
        },
        Edit(description: "a content file added") { try $0.write("---\ntitle: New\n---\n# New page\n", to: "content/new.md") },
        Edit(description: "the layout edited") {
            try $0.write("<!DOCTYPE html><title>{{page.title}}</title><body class=\"v2\">{{{content}}}</body>\n", to: "templates/default.mustache")
        },
        Edit(description: "a donation deleted") { try $0.sql("DELETE FROM donations WHERE id = (SELECT max(id) FROM donations)") },
        Edit(description: "a view edited") {
            try $0.write("-- tally: materialize\nSELECT organization_id, count(*) * 10 AS gifts FROM donations GROUP BY organization_id\n",
                         to: "views/gift_counts.sql")
        },
        Edit(description: "a content file removed") { try FileManager.default.removeItem(at: $0.root.appendingPathComponent("content/new.md")) },
        Edit(description: "the database file replaced") { site in
            let database = site.root.appendingPathComponent("site.sqlite"), copy = site.root.appendingPathComponent("next.sqlite")
            try FileManager.default.copyItem(at: database, to: copy)
            try DatabaseMigrations.migrate(databaseAt: copy.path, seedSQL: "UPDATE organizations SET mission = '{\"motto\": \"Wells\"}' WHERE id = 1")
            guard rename(copy.path, database.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        },
        Edit(description: "the config edited") { try $0.write("title: Renamed\ndatabase: site.sqlite\npublish_users: [ada]\n", to: "tally.yaml") },
        Edit(description: "a donation saved after the config") { try $0.sql(ShownAheadTests.donation) },
    ]

    /// With the organization page open (rendered ahead of each build) and without.
    @Test(arguments: [true, false])
    func everyEditServedAsAForcedBuildWritesIt(pageOpen: Bool) async throws {
        try await Self.serve(Self.edits.map { ($0, false) }, pageOpen: pageOpen)
    }

    /// Builds that fail between good ones: what a failed build took out of `BuildMemory` (the open snapshot, the
    /// loaded files) must not leave the next good build going on from a state no build committed.
    static let failingEdits: [(edit: Edit, fails: Bool)] = [
        (Edit(description: "the layout broken") {
            try $0.write("<!DOCTYPE html><title>{{page.title}}</title><body>{{#nope}}{{{content}}}</body>\n", to: "templates/default.mustache")
        }, true),
        (Edit(description: "a donation saved while the layout is broken") { try $0.sql(ShownAheadTests.donation) }, true),
        (Edit(description: "a content file edited while the layout is broken") {
            try $0.write("---\ntitle: Pages\n---\nEdited while broken\n", to: "content/pages.md")
        }, true),
        (Edit(description: "the layout fixed") {
            try $0.write("<!DOCTYPE html><title>{{page.title}}</title><body class=\"v3\">{{{content}}}</body>\n", to: "templates/default.mustache")
        }, false),
        (Edit(description: "a view broken") { try $0.write("-- tally: materialize\nSELECT nope FROM donations\n", to: "views/gift_counts.sql") }, true),
        (Edit(description: "a donation deleted while the view is broken") {
            try $0.sql("DELETE FROM donations WHERE id = (SELECT min(id) FROM donations)")
        }, true),
        (Edit(description: "the view fixed") {
            try $0.write("-- tally: materialize\nSELECT organization_id, count(*) AS gifts FROM donations GROUP BY organization_id\n",
                         to: "views/gift_counts.sql")
        }, false),
    ]

    @Test(arguments: [true, false])
    func aGoodBuildAfterFailedOnesServesWhatAForcedBuildWrites(pageOpen: Bool) async throws {
        try await Self.serve(Self.failingEdits, pageOpen: pageOpen)
    }

    /// Serves the site, applies each edit in turn and waits for its build: a build that should fail must fail, and
    /// after each good one `public/` must be what a forced build of the same inputs writes.
    static func serve(_ edits: [(edit: Edit, fails: Bool)], pageOpen: Bool) async throws {
        let site = try PreviewSite(files, seedSQL: ShownAheadTests.seed)
        try await site.serve(stamp: .reuse) { server in
            #expect(try await server.get("/orgs/amf/").body.contains("Gifts 1</h1>"))
            let browser = pageOpen ? server.keepOpen("/orgs/amf/") : nil
            defer { browser?.cancel() }
            for (edit, fails) in edits {
                let builds = server.console.count(where: endsABuild)
                try edit.apply(site)
                #expect(try await eventually { server.console.count(where: endsABuild) > builds }, "\(edit)")
                let last = server.console.last(where: endsABuild) ?? ""
                #expect(last.hasPrefix("Build failed") == fails, "\(edit): \(last)")
                if !fails { #expect(try mismatches(site) == [], "\(edit)") }
            }
        }
    }

    static func endsABuild(_ line: String) -> Bool { line.hasPrefix("Built ") || line.hasPrefix("Build failed") }

    /// The files in which `public/` differs from a build of the same inputs that renders everything, into a folder
    /// of its own.
    static func mismatches(_ site: PreviewSite) throws -> [String] {
        var options = BuildOptions(root: site.root, outputPath: "forced")
        options.stamp = .record
        _ = try SiteBuilder.build(options).get()
        let served = files(in: site.root.appendingPathComponent("public"))
        let forced = files(in: site.root.appendingPathComponent("forced"))
        return Set(served.keys).union(forced.keys).filter { served[$0] != forced[$0] }.sorted()
    }

    private static func files(in folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.path + "/" + path) { files[path] = data }
        }
        return files
    }
}
