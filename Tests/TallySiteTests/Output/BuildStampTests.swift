import Foundation
import Testing
@testable import TallySite
import TallyTestSupport
import TallyStore

/// A build with nothing changed since the last one into the same folder stops before rendering (`BuildStamp`).
@Suite struct BuildStampTests {
    private static let files = [
        "content/index.md": "---\ntitle: Home\n---\n```sql orgs\nSELECT name FROM organizations ORDER BY name\n```\n{{#orgs}}{{name}} {{/orgs}}",
        "content/about.md": "---\ntitle: About\n---\nAbout us",
        "static/style.css": "body { color: black }",
    ]
    private static let seed = "INSERT INTO organizations (slug, name, created_at) VALUES ('a', 'Alpha', '2024-01-01');"

    private func build(_ site: TestSite, _ stamp: BuildOptions.StampUse = .reuse) throws -> BuildSummary {
        var options = BuildOptions(root: site.root)
        options.stamp = stamp
        return try SiteBuilder.build(options).get()
    }

    private func stampFile(_ site: TestSite) -> URL { site.root.appendingPathComponent(".public.tally-build") }

    /// `tally` runs on the system's SQLite, whose version may plan queries otherwise: the binary's stamp, which every
    /// page and the kept snapshot depend on, names it.
    @Test func theBinarysStampNamesTheSQLiteLibrary() {
        #expect(FileStamps.executable.hasSuffix(", SQLite " + SiteDatabase.sqliteLibrary))
        #expect(SiteDatabase.sqliteLibrary.hasPrefix("20"), "sqlite3_sourceid() starts with the check-in's date")
    }

    @Test func aSecondBuildWithNothingChangedRendersNothing() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        let first = try build(site)
        #expect(!first.upToDate && first.pagesRendered == 2)
        let second = try build(site)
        #expect(second.upToDate)
        #expect(second.pagesRendered == 2 && second.filesWritten == 0 && second.staticFiles == 1)
        #expect(site.output("index.html")?.contains("Alpha") == true)
    }

    /// A file dated past 2262, where nanoseconds since 1970 no longer fit in 64 bits (`touch -d 2300-01-01`): the
    /// next build stamps it and rebuilds rather than stopping on an arithmetic overflow.
    @Test func anOutputFileDatedPastTheYear2262IsStampedNotACrash() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        let page = site.root.appendingPathComponent("public/about/index.html")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 10_413_792_000)], ofItemAtPath: page.path)
        let next = try build(site)
        #expect(!next.upToDate)
        #expect(site.output("about/index.html")?.contains("About us") == true)
    }

    @Test func theStampLivesBesideTheOutputNotInIt() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        #expect(FileManager.default.fileExists(atPath: stampFile(site).path))
        #expect(!site.allFiles().contains { $0.hasPrefix("public/") && $0.contains("tally-build") })
    }

    @Test func editingContentTemplatesStaticFilesOrTheConfigRebuilds() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        let edits = [
            ("content/about.md", "---\ntitle: About\n---\nAbout us, again"),
            ("templates/default.mustache", "<!DOCTYPE html><title>{{page.title}}!</title><main>{{{content}}}</main>\n"),
            ("static/style.css", "body { color: navy }"),
            ("tally.yaml", "title: Test 2\ndatabase: site.sqlite\npublish_users: [ada]\n"),
            ("content/new.md", "A new page"),
        ]
        for (path, text) in edits {
            try site.write(text, to: path)
            let summary = try build(site)
            #expect(!summary.upToDate, "after editing \(path)")
            #expect(try build(site).upToDate, "a build after the one that followed editing \(path)")
        }
        #expect(site.output("about/index.html")?.contains("About us, again") == true)
        #expect(site.output("new/index.html") != nil)
    }

    /// Every option that changes what is written is in the stamp: `--locale`, and the listing a report writes whole.
    @Test func otherOutputSettingsRebuild() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        var options = BuildOptions(root: site.root)
        options.stamp = .reuse
        options.locale = "de-DE"
        #expect(try !SiteBuilder.build(options).get().upToDate)
        options.wholeListing = "/"
        #expect(try !SiteBuilder.build(options).get().upToDate)
        #expect(try SiteBuilder.build(options).get().upToDate)
    }

    /// `--out` naming the config's own output folder, or `--config` spelled another way, is the same build: `tally
    /// serve` after `tally build --out public` starts from the last build instead of rendering every page.
    @Test func theSameFoldersSpelledOtherwiseAreUpToDate() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        var options = BuildOptions(root: site.root)
        options.stamp = .reuse
        options.outputPath = "public"
        #expect(try !SiteBuilder.build(options).get().upToDate)
        options.outputPath = nil
        options.configFile = "./tally.yaml"
        #expect(try SiteBuilder.build(options).get().upToDate)
    }

    @Test func aChangedDatabaseRebuilds() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        let database = site.root.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: database,
                                       seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('b', 'Beta', '2024-01-01')")
        #expect(try !build(site).upToDate)
        #expect(site.output("index.html")?.contains("Alpha Beta") == true)
    }

    @Test func anOutputFileChangedOrDeletedByHandIsWrittenAgain() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        let page = site.root.appendingPathComponent("public/about/index.html")
        let original = try String(contentsOf: page, encoding: .utf8)
        try Data("edited".utf8).write(to: page)
        #expect(try !build(site).upToDate)
        #expect(site.output("about/index.html") == original)
        try FileManager.default.removeItem(at: page)
        let rebuilt = try build(site)
        #expect(!rebuilt.upToDate && rebuilt.filesWritten == 1)
        #expect(site.output("about/index.html") == original)
    }

    @Test func aQueryThatReadsTheClockIsNeverSkipped() throws {
        let site = try TestSite(["content/index.md": "```sql today\nSELECT date('now') AS day\n```\n{{#today}}{{day}}{{/today}}"])
        _ = try build(site)
        #expect(!FileManager.default.fileExists(atPath: stampFile(site).path))
        #expect(try !build(site).upToDate)
    }

    @Test func forceRendersEverythingAndStillRecordsAStamp() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try build(site)
        let forced = try build(site, .record)
        #expect(!forced.upToDate && forced.filesUnchanged > 0 && forced.filesWritten == 0)
        #expect(try build(site).upToDate)
    }

    @Test func libraryBuildsKeepNoStamp() throws {
        let site = try TestSite(Self.files, seedSQL: Self.seed)
        _ = try site.build().get()
        _ = try build(site, .none)
        #expect(!FileManager.default.fileExists(atPath: stampFile(site).path))
    }

    @Test func theWordsThatMakeAQueryVolatile() {
        #expect(BuildStamp.isVolatile("SELECT date('now')"))
        #expect(BuildStamp.isVolatile("SELECT * FROM t ORDER BY RANDOM()"))
        #expect(BuildStamp.isVolatile("select current_timestamp"))
        #expect(!BuildStamp.isVolatile("SELECT name FROM organizations WHERE created_at < '2024-01-01'"))
    }
}
