import Foundation
import Testing

/// `tally report --locale`: one report in another locale, the site's own output untouched.
@Suite struct ReportLocaleTests {
    @Test func aReportInGerman() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let result = try tally(["report", "--user", "example", "--locale", "de-DE"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let html = try String(contentsOf: folder.appendingPathComponent("example-report.html"), encoding: .utf8)
        #expect(html.contains("<html lang=\"de\">"))
        #expect(html.contains("<li>25,00\u{A0}$ in 1 gift</li>"))
    }

    @Test func anUnknownLocaleGetsDidYouMean() throws {
        let folder = try temporaryFolder()
        _ = try tally(["init", "."], in: folder)
        let result = try tally(["report", "--user", "example", "--locale", "de_DE"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "--locale: error: unknown locale `de_DE`\n  hint: did you mean `de-DE`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("example-report.html").path))
    }
}
