import Foundation
import TallyFormat
import TallySite

/// `tally report`: one user's report page as a single self-contained HTML file.
public enum ReportBuilder {
    /// Builds the site into a temporary folder, takes the user's page and inlines everything it needs.
    /// - Parameter pagePattern: the page's URL with `{user}` for the username, e.g. `/users/{user}/`.
    public static func make(_ options: BuildOptions, user: String, pagePattern: String) -> Result<String, BuildFailure> {
        let config: SiteConfig
        switch options.loadConfig() {
        case .success(let loaded): config = loaded
        case .failure(let failure): return .failure(failure)
        }
        guard config.publishedUsers.contains(user) else {
            let named = config.publishedUsers.isEmpty ? "it names nobody" : "it names " + config.publishedUsers.joined(separator: ", ")
            return .failure(BuildFailure([Diagnostic(file: options.configFile, message: "`\(user)` is not in publish_users",
                                                     hint: "a report holds personal data, so the config must name the user; \(named)")]))
        }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tally-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        var buildOptions = options
        buildOptions.outputPath = temporary.appendingPathComponent("site").path
        let summary: BuildSummary
        switch SiteBuilder.build(buildOptions) {
        case .success(let built): summary = built
        case .failure(let failure): return .failure(failure)
        }
        let url = pagePattern.replacingOccurrences(of: "{user}", with: user)
        let relative = String(url.drop { $0 == "/" }) + (url.hasSuffix("/") ? "index.html" : "")
        guard let html = try? String(contentsOf: summary.output.appendingPathComponent(relative), encoding: .utf8) else {
            return .failure(BuildFailure([Diagnostic(file: options.configFile, message: "the site has no page at \(url)",
                                                     hint: "give the report's URL with --page, e.g. --page /people/{user}/")]))
        }
        let base = config.baseURL.hasPrefix("http://") || config.baseURL.hasPrefix("https://") ? config.baseURL : nil
        let page = SelfContainedPage(output: summary.output, absoluteBase: base.map { $0.hasSuffix("/") ? $0 : $0 + "/" },
                                     basePath: config.basePath)
        do throws(SelfContainedPage.Problem) {
            return .success(try page.inline(html))
        } catch {
            let path = switch error { case .missingFile(let path): path }
            return .failure(BuildFailure([Diagnostic(file: relative, message: "the page uses \(path), which the build did not write",
                                                     hint: "add the file to static/ or fix the link in the layout")]))
        }
    }
}
