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
        // The page's URL segment is made as the pages make it, with url_segment(username): "Zoë" → /users/zoe/.
        let url = pagePattern.replacingOccurrences(of: "{user}", with: Slug.segment(user))
        var buildOptions = options
        buildOptions.outputPath = temporary.appendingPathComponent("site").path
        // A report is read on paper: a paginated page (a statement's gifts) is written with all its rows.
        buildOptions.wholeListing = url
        let summary: BuildSummary
        switch SiteBuilder.build(buildOptions) {
        case .success(let built): summary = built
        case .failure(let failure): return .failure(failure)
        }
        let relative = String(url.drop { $0 == "/" }) + (url.hasSuffix("/") ? "index.html" : "")
        guard let html = try? String(contentsOf: summary.output.appendingPathComponent(relative), encoding: .utf8) else {
            return .failure(BuildFailure([missingPage(url, pagePattern: pagePattern, user: user, options: options, config: config)]))
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

    /// Why the report has no page: the content file that would make it is missing, or it makes no page for this user.
    private static func missingPage(_ url: String, pagePattern: String, user: String, options: BuildOptions,
                                    config: SiteConfig) -> Diagnostic {
        let route = pagePattern.split(separator: "/").joined(separator: "/").replacingOccurrences(of: "{user}", with: "[username]")
        let file = config.contentDirectory + "/" + route + ".md"
        let exists = FileManager.default.fileExists(atPath: options.resolve(file).path)
            || FileManager.default.fileExists(atPath: options.resolve(config.contentDirectory + "/" + route + "/index.md").path)
        let hint = exists
            ? "the `pages` query of \(file) gives no row with username = '\(user)'; it must select the user's username"
            : "create \(file) with `pages: SELECT url_segment(username) AS username, id AS user_id FROM users` (the site `tally init` writes has one), or give the report's URL with --page"
        return Diagnostic(file: options.configFile, message: "the site has no page at \(url)", hint: hint)
    }
}
