import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import TallyFormat
import TallyTestFolder
import Testing

/// Runs the built `tally` binary, which sits beside the test bundle.
func tally(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tally")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = childEnvironment()
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // stderr is read on a thread of its own: a child that fills one pipe while the test reads the other would wait
    // for ever.
    let stderrData = BackgroundRead(err.fileHandleForReading)
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: stderrData.result(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
}

/// The test's environment, with the Swift runtime's crash backtracer off: a child that crashes must fail its test
/// at once. A backtracer that stalled (seen once, blocked on a socket read for 12 minutes) kept the child's stdout
/// open, and the test run hung instead of failing; glibc's and the runtime's one-line messages still reach stderr.
func childEnvironment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
}

/// Reads a pipe to its end on a Dispatch worker.
private final class BackgroundRead: Sendable {
    private let data = Mutex<Data>(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    func result() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}

func temporaryFolder() throws -> URL {
    let url = TestFolder.make("tally-cli")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct CLITests {
    /// A busy port stops `tally serve` at once, before any build, with a plain message.
    @Test func serveOnABusyPortSaysSoBeforeBuilding() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &size) == 0 }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let served = try tally(["serve", "--port", String(port)], in: folder)
        #expect(served.status == 1)
        #expect(served.stdout == "")
        #expect(served.stderr == "error: 127.0.0.1:\(port) is already in use\n"
                + "  hint: stop the server that uses it, or pick another port with --port (0 picks a free one)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))
    }

    @Test func helpExplainsEveryCommand() throws {
        let help = try tally(["--help"])
        #expect(help.status == 0)
        for command in ["build", "check", "serve", "init", "migrate"] { #expect(help.stdout.contains(command)) }
        let build = try tally(["build", "--help"])
        for option in ["--config", "--db", "--out", "--drafts"] { #expect(build.stdout.contains(option)) }
        let check = try tally(["check", "--help"])
        for option in ["--config", "--db", "--format"] { #expect(check.stdout.contains(option)) }
        let serve = try tally(["serve", "--help"])
        for option in ["--config", "--db", "--port", "--drafts", "127.0.0.1"] { #expect(serve.stdout.contains(option)) }
    }

    @Test func versionNamesTheReleaseAndTheDatabaseContract() throws {
        let result = try tally(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "0.5.0 (database contract version 3)\n")
    }

    @Test func initThenBuildMakesAWorkingSiteAndOneSummaryLine() throws {
        let folder = try temporaryFolder()
        let created = try tally(["init", "site"], in: folder)
        #expect(created.status == 0)
        let site = folder.appendingPathComponent("site")
        let built = try tally(["build"], in: site)
        #expect(built.status == 0)
        #expect(built.stderr == "")
        #expect(built.stdout.hasPrefix("Built 4 pages (8 files written, 0 unchanged, 2 static) in "))
        #expect(built.stdout.split(separator: "\n").count == 1)
        let home = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(home.contains("<li><strong>Example Charity</strong>: An example organization: replace it with the ones you give to.</li>"))
        let unchanged = try tally(["build"], in: site)
        #expect(unchanged.status == 0)
        #expect(unchanged.stdout.hasPrefix("Up to date: 4 pages, nothing changed since the last build (checked in "))
        let forced = try tally(["build", "--force"], in: site)
        #expect(forced.stdout.hasPrefix("Built 4 pages (0 files written, 8 unchanged, 2 static) in "))
        let ignored = try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignored == "/public/\n/.public.tally-build\n/.public.tally-pages\n/.public.tally-rows\n/.public.tally-rows-source\n/.public.tally-commit\n/.public.tally-folders\n")
        let again = try tally(["init", "site"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr == "site/.gitignore: error: already exists\n  hint: run `tally init` in an empty folder\n")
    }

    @Test func explainListsThePagesRenderedAndWhy() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        _ = try tally(["build"], in: folder)
        let about = folder.appendingPathComponent("content/about.md")
        try (String(contentsOf: about, encoding: .utf8) + "\nMore about us.\n").write(to: about, atomically: true, encoding: .utf8)
        let built = try tally(["build", "--explain"], in: folder)
        #expect(built.status == 0)
        let lines = built.stdout.split(separator: "\n")
        #expect(lines.first == "Rendered 1 page because its content file changed: /about/")
        #expect(lines.count == 2 && lines[1].hasPrefix("Built 4 pages (1 rendered, 3 kept; 1 file written, 7 unchanged, 2 static) in "))
        let unchanged = try tally(["build", "--explain"], in: folder)
        #expect(unchanged.stdout.hasPrefix("No page rendered: no input changed since the last build.\nUp to date: 4 pages"))
    }

    @Test func explainSaysWhichTablesTheUpdatedSnapshotCopied() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        _ = try tally(["build"], in: folder)
        try "UPDATE organizations SET name = name || ' (renamed)';\n".write(to: folder.appendingPathComponent("rename.sql"), atomically: true, encoding: .utf8)
        #expect(try tally(["migrate", "data/site.sqlite", "--seed", "rename.sql"], in: folder).status == 0)
        let built = try tally(["build", "--explain"], in: folder)
        #expect(built.status == 0)
        #expect(built.stdout.contains("\nSnapshot updated from the last build's: rows copied from organizations\nBuilt 4 pages ("), "\(built.stdout)")
    }

    @Test func timingsPrintEachStageOnStandardErrorAndLeaveTheSummaryAlone() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let built = try tally(["build", "--timings"], in: folder)
        #expect(built.status == 0)
        #expect(built.stdout.hasPrefix("Built 4 pages ") && built.stdout.split(separator: "\n").count == 1)
        let lines = built.stderr.split(separator: "\n")
        // Each stage's wall time, then the CPU time of every thread meanwhile.
        let stages = lines.prefix(9).map { $0.split(separator: " ms CPU  ", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(stages == ["Loading config", "Loading templates", "Loading content", "Opening database", "Expanding templated pages",
                           "Rendering pages", "Writing sitemap, robots.txt, 404 page and feeds", "Copying static files", "Swapping output"])
        #expect(lines.prefix(9).allSatisfy { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true && $0.contains(" ms  ") })
        // Then the build's own steps besides page renders (the snapshot, the manifest), by CPU time.
        #expect(lines.dropFirst(9).first == "Steps besides page renders, by CPU time:")
        let fileList = try #require(lines.firstIndex(of: "Render CPU time by content file, costliest first:"))
        let steps = lines[10..<fileList].map { $0.split(separator: " ms wall  ", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(steps.contains("snapshot made or copied") && steps.contains("page inputs and table digests"))
        // Then the content files by render time, each with its page count: the starter's four pages, one file each.
        let files = lines[(fileList + 1)...].map { $0.split(separator: "ms  ", maxSplits: 1).last.map { String($0.prefix { $0 != " " }) } ?? "" }
        #expect(files.sorted() == ["content/404.md", "content/about.md", "content/index.md", "content/users/[username].md"])
        #expect(lines[(fileList + 1)...].allSatisfy { $0.contains("(1 page, ") && $0.hasSuffix(" ms a page)") })
        // Up to date: only the config was read.
        let again = try tally(["build", "--timings"], in: folder)
        #expect(again.stderr.hasSuffix(" ms CPU  Loading config\n") && again.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFailedBuildPrintsOneDiagnosticPerProblemAndExitsNonZero() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        try "---\ntitle: Bad\n---\n```sql x\nSELECT nope FROM organizations\n```\n".write(
            to: folder.appendingPathComponent("content/bad.md"), atomically: true, encoding: .utf8)
        let result = try tally(["build"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            content/bad.md:5:1: error: no such column: nope (in query 'x')
              hint: check the column names; `tally docs database` lists every table's columns
            Build failed with 1 error; the previous output was left as it was.

            """)
    }

    @Test func migrateSeedsADatabaseAndReportsBadSQL() throws {
        let folder = try temporaryFolder()
        try "INSERT INTO nowhere VALUES (1);".write(to: folder.appendingPathComponent("bad.sql"), atomically: true, encoding: .utf8)
        let result = try tally(["migrate", "db.sqlite", "--seed", "bad.sql"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("bad.sql: error: seed SQL failed on 'db.sqlite': no such table: nowhere\n"))
    }

    @Test func migrateMakesTheDatabasesFolderAndAnEmptyDatabaseIsNamedOnce() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let migrated = try tally(["migrate", "new/folder/site.sqlite"], in: folder)
        #expect(migrated.status == 0)
        #expect(migrated.stdout == "Database ready: new/folder/site.sqlite\n")
        try Data().write(to: folder.appendingPathComponent("empty.sqlite"))
        let built = try tally(["build", "--db", "empty.sqlite"], in: folder)
        #expect(built.status == 1)
        #expect(built.stderr.hasPrefix("""
            \(folder.path)/empty.sqlite: error: database '\(folder.path)/empty.sqlite' has no tables
              hint: create Tally's tables in it with `tally migrate \(folder.path)/empty.sqlite`, then add data (`tally docs import`)

            """))
    }

    @Test func checkExitsZeroOnAGoodSiteAndOneWithOneLinePerProblem() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let good = try tally(["check"], in: folder)
        #expect(good.status == 0)
        #expect(good.stderr == "")
        #expect(good.stdout.hasPrefix("Checked 4 pages, 26 internal links and the data in "))
        #expect(good.stdout.hasSuffix(" s: no problems\n"))

        try "# Broken\n\n[Gone](/gone/)\n".write(to: folder.appendingPathComponent("content/broken.md"), atomically: true, encoding: .utf8)
        let bad = try tally(["check"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.stdout == "")
        #expect(bad.stderr == """
            public/broken/index.html:22:13: error: broken link '/gone/': nothing is built at /gone/ (page from content/broken.md)
              hint: fix the URL, or add content/gone.md
            Check found 1 problem in 5 pages, 33 internal links and the data.

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))
    }

    @Test func checkWritesJSONForMachinesOnStdout() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        try "# Broken\n\n[Gone](/gone/)\n".write(to: folder.appendingPathComponent("content/broken.md"), atomically: true, encoding: .utf8)
        let result = try tally(["check", "--format", "json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let problems = object?["problems"] as? [[String: Any]] ?? []
        #expect(object?["pages"] as? Int == 5)
        #expect(problems.count == 1)
        #expect(problems.first?["kind"] as? String == "broken-link")
        #expect(problems.first?["file"] as? String == "public/broken/index.html")
        #expect(problems.first?["line"] as? Int == 22)
        #expect(problems.first?["source"] as? String == "content/broken.md")
        let invalid = try tally(["check", "--format", "yaml"], in: folder)
        #expect(invalid.status == 64)
    }
}

/// `tally report`: one self-contained file per published user.
@Suite struct ReportCommandTests {
    /// A site with a users page that uses a stylesheet, an image, a script and links into the site.
    private func reportSite(baseURL: String) throws -> URL {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let files = [
            "tally.yaml": "title: Reports\ndatabase: data/site.sqlite\nbase_url: \(baseURL)\npublish_users: [ada]\n",
            "content/users/[username].md": "---\npages: SELECT username FROM users\ntitle: Report\n---\nGave to [AMF](/orgs/amf/).\n",
            "templates/default.mustache": """
                <!DOCTYPE html><html lang="en"><head><title>{{page.title}}</title><link rel="stylesheet" href="/style.css">\
                <link rel="alternate" type="application/atom+xml" href="/feed.xml"></head>\
                <body><img src="/favicon.svg" alt=""><script src="/app.js"></script>{{{content}}}</body></html>
                """,
            "static/favicon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "static/app.js": "fetch('https://tracker.example/')",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let seed = folder.appendingPathComponent("seed.sql")
        try "INSERT INTO users (username, created_at) VALUES ('ada', '2024-01-01'), ('riley', '2024-01-01');".write(to: seed, atomically: true, encoding: .utf8)
        _ = try tally(["migrate", "data/site.sqlite", "--seed", "seed.sql"], in: folder)
        return folder
    }

    @Test func aReportInlinesStylesAndImagesAndDropsScripts() throws {
        let folder = try reportSite(baseURL: "https://giving.example.org/")
        let result = try tally(["report", "--user", "ada", "--out", "ada.html"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Wrote ada's report ("))
        let html = try String(contentsOf: folder.appendingPathComponent("ada.html"), encoding: .utf8)
        #expect(html.contains("<style>"))
        #expect(html.contains("<img src=\"data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=\" alt=\"\">"))
        #expect(html.contains("<a href=\"https://giving.example.org/orgs/amf/\">AMF</a>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("tracker.example"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("=\"/"))
    }

    @Test func withoutAnAbsoluteBaseURLSiteLinksBecomeText() throws {
        let folder = try reportSite(baseURL: "/")
        #expect(try tally(["report", "--user", "ada", "--out", "ada.html"], in: folder).status == 0)
        let html = try String(contentsOf: folder.appendingPathComponent("ada.html"), encoding: .utf8)
        #expect(html.contains("<p>Gave to <a>AMF</a>.</p>"))
    }

    /// Every `tally …` command the starter site's pages and config tell a new user to run exists, and each
    /// `tally docs TOPIC` among them prints its topic (`tally help database` printed the general usage).
    @Test func theCommandsTheStarterSiteMentionsExist() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let subcommands: Set<String> = ["build", "check", "serve", "report", "import", "init", "migrate", "docs"]
        var docs: [String] = []
        for file in ["tally.yaml", "content/index.md", "content/about.md", "content/404.md", "content/users/[username].md"] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for mention in text.components(separatedBy: "`tally ").dropFirst() {
                let command = String(mention.prefix { $0 != "`" })
                let words = command.split(separator: " ").map(String.init)
                #expect(subcommands.contains(words.first ?? ""), "\(file): `tally \(command)`")
                if words.first == "docs" { docs.append(words.dropFirst().joined(separator: " ")) }
            }
        }
        #expect(docs == ["database"])
        for topic in docs {
            let result = try tally(["docs", topic], in: folder)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("# "))
        }
    }

    /// The starter site has a report page and an example user, so the report works before anything is changed.
    @Test func theStarterSitesExampleUserHasAReportAtOnce() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let result = try tally(["report", "--user", "example"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let html = try String(contentsOf: folder.appendingPathComponent("example-report.html"), encoding: .utf8)
        #expect(html.contains("<title>Example Person: giving report · My giving site</title>"))
        #expect(html.contains("<li>$25.00 in 1 gift</li>"))
        #expect(html.contains("<td>Example Charity</td>"))
    }

    /// Without the report page, the hint names the content file that makes it.
    @Test func aMissingReportPageNamesTheFileToCreate() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("content/users/[username].md"))
        let result = try tally(["report", "--user", "example"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            tally.yaml: error: the site has no page at /users/example/
              hint: create content/users/[username].md with `pages: SELECT url_segment(username) AS username, id AS user_id FROM users` \
            (the site `tally init` writes has one), or give the report's URL with --page

            """)
    }

    /// A published user with no row in the database: the page file exists, but its query gives no page for them.
    @Test func aReportPageWithoutTheUsersRowSaysSo() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let config = folder.appendingPathComponent("tally.yaml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "publish_users: [example]", with: "publish_users: [example, ghost]")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let result = try tally(["report", "--user", "ghost"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            tally.yaml: error: the site has no page at /users/ghost/
              hint: the `pages` query of content/users/[username].md gives no row with username = 'ghost'; it must select the user's username

            """)
    }

    @Test func aUserTheConfigDoesNotNameGetsNoReport() throws {
        let folder = try reportSite(baseURL: "/")
        let result = try tally(["report", "--user", "riley"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "tally.yaml: error: `riley` is not in publish_users\n  hint: a report holds personal data, so the config must name the user; it names ada\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("riley-report.html").path))
    }
}

/// `tally import` as a user runs it: a summary on stdout, located errors on stderr, exit 1 and nothing written.
@Suite struct ImportCommandTests {
    @Test func importsCreatingTheDatabaseThenRefusesABadFileWithItsPlace() throws {
        let folder = try temporaryFolder()
        try Data("Date,Amount,Currency,Organization\n2024-03-05,\"1,234.56\",USD,Water First\n".utf8)
            .write(to: folder.appendingPathComponent("gifts.csv"))
        let arguments = ["import", "csv", "gifts.csv", "--db", "data/site.sqlite", "--table", "donations", "--user", "ada",
                         "--map", "Date=donated_at,Amount=amount,Organization=organization", "--create-missing"]
        let dryRun = try tally(arguments + ["--dry-run"], in: folder)
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout == "Would import into data/site.sqlite: donations: 1 inserted; organizations: 1 inserted; users: 1 inserted\n")
        let imported = try tally(arguments, in: folder)
        #expect(imported.status == 0)
        #expect(imported.stdout == "Imported into data/site.sqlite: donations: 1 inserted; organizations: 1 inserted; users: 1 inserted\n")
        #expect(try tally(arguments, in: folder).stdout == "Imported into data/site.sqlite: donations: 1 skipped\n")

        try Data("Date,Amount,Currency,Organization\n2024-03-05,\"12,5O\",USD,Water First\n".utf8).write(to: folder.appendingPathComponent("gifts.csv"))
        let failed = try tally(arguments, in: folder)
        #expect(failed.status == 1)
        #expect(failed.stdout == "")
        #expect(failed.stderr == """
            gifts.csv:2:2: error: amount '12,5O' is not a number
              hint: write amounts such as 1234.56, 1,234.56 or $12
            Import failed with 1 error; nothing was written to data/site.sqlite.

            """)
    }

    @Test func withoutADatabaseOrASiteTheCommandSaysWhatToPass() throws {
        let folder = try temporaryFolder()
        let result = try tally(["import", "csv", "gifts.csv", "--table", "donations"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            tally.yaml: error: no --db given and no site config here
              hint: pass --db data/site.sqlite, or run inside a site
            Import failed with 1 error.

            """)
    }
}
