import TallyFormat
import TallyStore

/// The assemble stage: the files made from all the pages together (sitemap, robots.txt, 404 page and feeds),
/// written after the pages and before the static files. A static `robots.txt` or `404.html` replaces the generated
/// one; a static file in place of the sitemap or a feed is an error.
struct SiteAssembler {
    let config: SiteConfig
    /// The config file as diagnostics name it.
    let configFile: String
    let database: SiteDatabase
    let writer: OutputWriter

    func assemble(_ plan: PagePlan, sources: [PageSource], feedPages: FeedPages) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func write(_ text: String, to file: String, origin: OutputOrigin? = nil) {
            do throws(Diagnostic) { try writer.write(text, to: file, origin: origin) } catch { problems.append(error) }
        }
        let hasSitemap = Sitemap.write(plan: plan, sources: sources, config: config) { file, xml in write(xml, to: file, origin: .sitemap) }
        write(RobotsFile.text(sitemapURL: hasSitemap ? config.absoluteURL(for: "/" + Sitemap.file) : nil), to: RobotsFile.file)
        if plan.owners[Route.notFoundPath] == nil {
            let html = NotFoundPage.fallbackHTML(config: config)
            write(SitePathRewriter(basePath: config.basePath)?.html(html) ?? html, to: NotFoundPage.file)
        }
        guard let first = config.feeds.first else { return problems }
        guard config.hasAbsoluteBaseURL else {
            return problems + [Diagnostic(file: configFile, line: first.line, column: first.column, message: "feeds need an absolute `base_url`, such as https://example.org/",
                                          hint: "set `base_url` in \(configFile), or build with --base-url https://…")]
        }
        let builder = FeedBuilder(config: config, configFile: configFile, database: database, pages: feedPages)
        for definition in config.feeds {
            switch builder.feed(definition) {
            case .success(let feed): write(feed.xml, to: String(definition.path.dropFirst()), origin: .feed(configFile: configFile))
            case .failure(let failure): problems += failure.diagnostics
            }
        }
        return problems
    }
}
