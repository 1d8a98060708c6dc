import Foundation
import TallyFormat
import TallyHTML

/// `tally report --pdf`: prints a self-contained report page to PDF with headless Chromium.
///
/// Chromium's `--print-to-pdf` has no footer of its own (`--no-pdf-header-footer` turns off its date-and-URL one),
/// so the page numbers and the title are CSS `@page` margin boxes, which Chromium draws since version 131: one
/// stylesheet added to the page, no DevTools session. Text stays text and SVG charts stay vector, because Chromium
/// prints the page rather than a picture of it.
public struct PDFPrinter: Sendable {
    /// The Chromium binary.
    public let chromium: String
    /// How long Chromium may take before it is stopped and the run fails.
    public let timeout: Duration

    public init(chromium: String, timeout: Duration = .seconds(120)) {
        self.chromium = chromium
        self.timeout = timeout
    }

    /// Where Chromium is: `--chromium`, else `TALLY_CHROMIUM`, else `chromium`, `chromium-browser` or
    /// `google-chrome` on the PATH; nil when there is none.
    public static func locate(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given = option ?? environment["TALLY_CHROMIUM"] { return given }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
        }
        return nil
    }

    /// The footer's title: the page's `<title>` without the site's name after its last " · "
    /// ("Ada Lindqvist: giving report · Tally example" → "Ada Lindqvist: giving report").
    public static func footerTitle(of html: String) -> String {
        let title = HTMLScanner.scan(html).title ?? ""
        guard let cut = title.range(of: " · ", options: .backwards) else { return title }
        return String(title[..<cut.lowerBound])
    }

    /// The error when there is no Chromium, saying how to install it.
    public static func missing(_ path: String?) -> Diagnostic {
        Diagnostic(file: path ?? "chromium", message: path == nil ? "cannot find Chromium, which --pdf prints with"
                       : "cannot run Chromium at this path, which --pdf prints with",
                   hint: "install it (Debian and Ubuntu: `apt-get install chromium`), or give its path with --chromium "
                       + "or the TALLY_CHROMIUM environment variable")
    }

    /// Prints `html` to `destination`. The PDF is written beside it under a temporary name and renamed into place
    /// only when Chromium finished, so a failed run leaves no half-written file (and an older PDF stays as it was).
    public func print(_ html: String, title: String, paper: PaperSize, to destination: String) throws(Diagnostic) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tally-pdf-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("report.html"), printed = work.appendingPathComponent("report.pdf")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try Data(PrintStyle.adding(to: html, title: title, paper: paper).utf8).write(to: page)
        } catch {
            throw Diagnostic(file: work.path, message: "cannot write the page to print: \(error.localizedDescription)",
                             hint: "check that the temporary folder is writable")
        }
        try run(page: page, printed: printed, log: work.appendingPathComponent("chromium.log"), destination: destination)
        let target = URL(fileURLWithPath: destination)
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try FileManager.default.copyItem(at: printed, to: partial)
            guard rename(partial.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw Diagnostic(file: destination, message: "cannot write the PDF: \(error.localizedDescription)",
                             hint: "check that the folder exists and is writable")
        }
    }

    /// Runs Chromium on `page` and checks that it left a whole PDF at `printed`.
    private func run(page: URL, printed: URL, log: URL, destination: String) throws(Diagnostic) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-pdf-header-footer",
                             "--user-data-dir=" + page.deletingLastPathComponent().appendingPathComponent("profile").path,
                             "--print-to-pdf=" + printed.path, page.absoluteString]
        // Chromium writes much to stderr; a file, not a pipe, so it can never block on a full pipe.
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try? FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw Self.missing(chromium)
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            throw Diagnostic(file: destination, message: "Chromium did not finish the PDF within \(Int(seconds)) seconds, so it was stopped",
                             hint: "nothing was written; try again, or allow longer with --pdf-timeout")
        }
        try? logHandle?.close()
        let bytes = (try? Data(contentsOf: printed)) ?? Data()
        let whole = bytes.starts(with: Array("%PDF-".utf8)) && bytes.suffix(64).range(of: Data("%%EOF".utf8)) != nil
        guard process.terminationStatus == 0, whole else {
            let said = (try? String(contentsOf: log, encoding: .utf8)).flatMap(Self.lastError) ?? "no message"
            throw Diagnostic(file: destination, message: "Chromium stopped (status \(process.terminationStatus)) without a whole PDF: \(said)",
                             hint: "nothing was written; check that Chromium starts (`\(chromium) --headless --version`) and that fonts are installed (fonts-dejavu)")
        }
    }

    /// The last line of Chromium's output that reads as an error, or else its last line.
    static func lastError(_ log: String) -> String? {
        let lines = log.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (lines.last { $0.contains("ERROR") || $0.lowercased().contains("error") } ?? lines.last).map { String($0.prefix(300)) }
    }
}
