import Foundation
import Testing

/// `tally report --pdf` on a machine without Chromium says so before building and writes nothing; `--statement` for a
/// year without one says why.
@Suite struct ReportPDFCLITests {
    @Test func aMissingChromiumIsReportedWithHowToInstallIt() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let run = try tally(["report", "--user", "ada", "--pdf", "ada.pdf", "--chromium", "/nonexistent/chromium"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            /nonexistent/chromium: error: cannot run Chromium at this path, which --pdf prints with
              hint: install it (Debian and Ubuntu: `apt-get install chromium`), or give its path with --chromium or the TALLY_CHROMIUM environment variable

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ada.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))
    }

    @Test func aYearWithoutAStatementSaysWhy() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let run = try tally(["report", "--user", "example", "--statement", "1999"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == """
            tally.yaml: error: the site has no page at /users/example/statements/1999/
              hint: a statement is made for each year with a gift: check that example gave in 1999, and that the site has content/users/[username]/statements/[year].md (the example site's does; `tally docs content#year-end-giving-statements`)

            """)
    }
}
