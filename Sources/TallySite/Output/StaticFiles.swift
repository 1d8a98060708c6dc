import Foundation
import TallyFormat

/// Copies `static/` into the output as is, except that for a site served below a sub-path, the root-relative
/// URLs in `.css` and `.html` files get the sub-path like the pages' URLs do.
///
/// A static file at the path of a file the build generated (a page, a feed, the sitemap, a data file's JSON,
/// `charts.css`) is an error naming both; only `robots.txt` and the fallback `404.html` are there to be replaced.
enum StaticFiles {
    static func copy(from directory: URL, displayDirectory: String, rewriter: SitePathRewriter?, pages: PageSourceIndex,
                     to writer: OutputWriter) -> (count: Int, problems: [Diagnostic]) {
        let (files, unnamed) = SourceFiles.list(in: directory, shownAs: displayDirectory)
        var problems = unnamed
        for relativePath in files {
            if let origin = writer.origin(of: relativePath) ?? pages[relativePath].map { OutputOrigin.page(source: $0) } {
                problems.append(Diagnostic(file: displayDirectory + "/" + relativePath, message: "this file would overwrite \(origin.description)",
                                           hint: origin.hint))
                continue
            }
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(relativePath).path) else {
                problems.append(Diagnostic(file: displayDirectory + "/" + relativePath, message: "cannot read static file",
                                           hint: "check its permissions"))
                continue
            }
            do throws(Diagnostic) {
                if let rewriter, let rewritten = rewrite(data, at: relativePath, with: rewriter) {
                    try writer.write(rewritten, to: relativePath)
                } else {
                    try writer.write(data, to: relativePath)
                }
            } catch { problems.append(error) }
        }
        return (files.count, problems)
    }

    private static func rewrite(_ data: Data, at path: String, with rewriter: SitePathRewriter) -> String? {
        let lowercased = path.lowercased()
        let isCSS = lowercased.hasSuffix(".css")
        guard isCSS || lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm"),
              let text = String(data: data, encoding: .utf8) else { return nil }
        return isCSS ? rewriter.css(text) : rewriter.html(text)
    }
}
