import Foundation
import Testing

/// Runs the built `tally` binary, which sits beside the test bundle.
private func tally(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tally")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, stdout, stderr)
}

private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct CLITests {
    @Test func helpExplainsEveryCommand() throws {
        let help = try tally(["--help"])
        #expect(help.status == 0)
        for command in ["build", "init", "migrate"] { #expect(help.stdout.contains(command)) }
        let build = try tally(["build", "--help"])
        for option in ["--config", "--db", "--out", "--drafts"] { #expect(build.stdout.contains(option)) }
    }

    @Test func initThenBuildMakesAWorkingSiteAndOneSummaryLine() throws {
        let folder = try temporaryFolder()
        let created = try tally(["init", "site"], in: folder)
        #expect(created.status == 0)
        let site = folder.appendingPathComponent("site")
        let built = try tally(["build"], in: site)
        #expect(built.status == 0)
        #expect(built.stderr == "")
        #expect(built.stdout.hasPrefix("Built 3 pages (6 files written, 0 unchanged, 2 static) in "))
        #expect(built.stdout.split(separator: "\n").count == 1)
        let home = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
        #expect(home.contains("The database has no organizations yet."))
        let again = try tally(["init", "site"], in: folder)
        #expect(again.status == 1)
        #expect(again.stderr == "site/content/404.md: error: already exists\n  hint: run `tally init` in an empty folder\n")
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
              hint: check the column names; docs/database.md lists every table's columns
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
}
