import Foundation
import TallyTestFolder
import Testing
@testable import TallyReport
import TallyFormat
import TallySite
import TallyTestSupport

/// `tally report --pdf`: the print stylesheet, the default paper, Chromium's failures, and real PDFs of the example's
/// report and statement read back with poppler's `pdftotext` and `pdfinfo`.
@Suite struct PDFPrinterTests {
    static func folder() throws -> URL {
        let url = TestFolder.make("tally-pdf-test")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A stand-in for Chromium: a shell script with `body`.
    static func fakeChromium(_ body: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("chromium").path
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// Runs a poppler tool and returns its output.
    static func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test func theFooterTitleIsACSSStringWhateverTheText() {
        #expect(PrintStyle.cssString(#"Zoë "quoted" \ </style><script>"#) == #""Zoë \"quoted\" \\ \3C /style>\3C script>""#)
        #expect(PrintStyle.cssString("two\nlines") == #""two\a lines""#)
        let page = PrintStyle.adding(to: "<html><head><title>t</title></head><body></body></html>", title: "T", paper: .a4)
        #expect(page.hasPrefix("<html><head><title>t</title><style>@page { size: A4; "))
        #expect(page.contains(#"@bottom-left { content: "T"; "#))
        #expect(page.contains(#"@bottom-right { content: "Page " counter(page) " of " counter(pages); "#))
        #expect(page.hasSuffix("</style></head><body></body></html>"))
    }

    @Test func theFooterTitleIsThePageTitleWithoutTheSiteName() {
        #expect(PDFPrinter.footerTitle(of: "<title>Ada: giving report · Tally · example</title>") == "Ada: giving report · Tally")
        #expect(PDFPrinter.footerTitle(of: "<svg><title>chart</title></svg><title>Plain &amp; simple</title>") == "Plain & simple")
    }

    @Test(arguments: [("en", "USD", PaperSize.letter), ("en", "EUR", .a4), ("en-GB", "USD", .a4), ("en-US", "EUR", .letter),
                      ("fr_CA", "EUR", .letter), ("de", "EUR", .a4), ("es", "MXN", .letter)])
    func thePaperFollowsTheLanguagesRegionElseTheCurrency(language: String, currency: String, paper: PaperSize) throws {
        var config = SiteConfig()
        config.language = language
        config.currency = try #require(Currency.lookup(currency))
        #expect(PaperSize.default(for: config) == paper)
    }

    /// A locale other than the default decides by its region: Sam's German report prints on A4 on a US-dollar site.
    @Test func aLocaleChoosesThePaperByItsRegion() throws {
        var config = SiteConfig()
        config.language = "en"
        config.currency = try #require(Currency.lookup("USD"))
        config.locale = try #require(FormatLocale.named("de-DE"))
        #expect(PaperSize.default(for: config) == .a4)
        config.locale = try #require(FormatLocale.named("en-GB"))
        #expect(PaperSize.default(for: config) == .a4)
        config.locale = .enUS
        #expect(PaperSize.default(for: config) == .letter)
    }

    /// A euro site that names en-US as its locale prints on letter; the same site with no locale prints on A4,
    /// since the default en-US says nothing about where its readers are.
    @Test func aNamedEnUSLocaleChoosesLetterButTheDefaultDoesNot() throws {
        var config = SiteConfig()
        config.language = "en"
        config.currency = try #require(Currency.lookup("EUR"))
        #expect(config.namedLocale == nil)
        #expect(PaperSize.default(for: config) == .a4)
        config.locale = .enUS
        #expect(config.namedLocale == .enUS)
        #expect(PaperSize.default(for: config) == .letter)
    }

    @Test func chromiumIsFoundByOptionThenEnvironmentThenPath() throws {
        let folder = try Self.folder()
        let fake = try Self.fakeChromium("exit 0", in: folder)
        #expect(PDFPrinter.locate(option: "/opt/c", environment: ["TALLY_CHROMIUM": "/env/c"]) == "/opt/c")
        #expect(PDFPrinter.locate(option: nil, environment: ["TALLY_CHROMIUM": "/env/c", "PATH": folder.path]) == "/env/c")
        #expect(PDFPrinter.locate(option: nil, environment: ["PATH": "/nowhere:" + folder.path]) == fake)
        #expect(PDFPrinter.locate(option: nil, environment: ["PATH": "/nowhere"]) == nil)
    }

    @Test func withoutChromiumTheErrorSaysHowToInstallIt() {
        #expect(PDFPrinter.missing(nil).description == """
            chromium: error: cannot find Chromium, which --pdf prints with
              hint: install it (Debian and Ubuntu: `apt-get install chromium`), or give its path with --chromium or the TALLY_CHROMIUM environment variable
            """)
        #expect(PDFPrinter.missing("/opt/none").description.hasPrefix("/opt/none: error: cannot run Chromium at this path, which --pdf prints with\n"))
    }

    @Test func aChromiumThatCrashesLeavesNoFileAndKeepsTheOldOne() throws {
        let folder = try Self.folder()
        let chromium = try Self.fakeChromium("""
            for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4 half' > "${a#--print-to-pdf=}";; esac; done
            echo "[1:2:ERROR:gpu_init.cc(1)] Passthrough is not supported" >&2
            echo "Trace/breakpoint trap" >&2
            exit 133
            """, in: folder)
        let destination = folder.appendingPathComponent("report.pdf").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: destination))
        #expect(throws: Diagnostic(file: destination, message: "Chromium stopped (status 133) without a whole PDF: [1:2:ERROR:gpu_init.cc(1)] Passthrough is not supported",
                                   hint: "nothing was written; check that Chromium starts (`\(chromium) --headless --version`) and that fonts are installed (fonts-dejavu)")) {
            try PDFPrinter(chromium: chromium).print("<html><head></head></html>", title: "T", paper: .a4, to: destination)
        }
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["chromium", "report.pdf"])
    }

    @Test func aChromiumThatNeverFinishesIsStoppedAtTheTimeLimit() throws {
        let folder = try Self.folder()
        let chromium = try Self.fakeChromium("exec sleep 60", in: folder)
        let destination = folder.appendingPathComponent("report.pdf").path
        #expect(throws: Diagnostic(file: destination, message: "Chromium did not finish the PDF within 1 seconds, so it was stopped",
                                   hint: "nothing was written; try again, or allow longer with --pdf-timeout")) {
            try PDFPrinter(chromium: chromium, timeout: .seconds(1)).print("<html></html>", title: "T", paper: .a4, to: destination)
        }
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    /// The example's report and 2025 statement for Ada, printed by the real Chromium: the figures are text in the PDF,
    /// the footer numbers the pages, and the page counts are those the pages were looked at with (pdftoppm).
    @Test func theExampleReportAndStatementPrintWithTheirFiguresAsText() throws {
        let chromium = try #require(PDFPrinter.locate(option: nil), "install chromium (make gate-deps)")
        let root = try ExampleSite.copy()
        defer { try? FileManager.default.removeItem(at: root) }
        let options = BuildOptions(root: root)
        for (page, paper, figures, pages) in [
            ("/users/{user}/", PaperSize.letter, ["Ada Lindqvist", "$33,610.00", "117 gifts to 9 organizations", "$11,715.00 of $11,400.00"], 8),
            ("/users/{user}/statements/2025/", .a4, ["It is not a receipt", "$11,715.00", "$1,140.00", "Malaria Consortium", "Nigeria"], 3),
        ] {
            let html = try ReportBuilder.make(options, user: "ada", pagePattern: page).get()
            let pdf = root.appendingPathComponent("out.pdf").path
            try PDFPrinter(chromium: chromium).print(html, title: PDFPrinter.footerTitle(of: html), paper: paper, to: pdf)
            let text = try Self.poppler("pdftotext", ["-layout", pdf, "-"])
            for figure in figures { #expect(text.contains(figure), "\(page): \(figure)") }
            #expect(text.contains("Page 1 of \(pages)") && text.contains("Page \(pages) of \(pages)"), "\(page)")
            let info = try Self.poppler("pdfinfo", [pdf])
            #expect(info.contains("Pages:           \(pages)\n"), "\(page)")
            #expect(info.contains(paper == .a4 ? "(A4)" : "(letter)"), "\(page)")
        }
    }
}
