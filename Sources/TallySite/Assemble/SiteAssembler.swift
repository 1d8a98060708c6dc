import TallyFormat
import TallyStore

/// The assemble stage: the files made from all the pages together (sitemap, robots.txt, 404 page and feeds),
/// written after the pages and before the static files. A static `robots.txt` or `404.html` replaces the generated
/// one; a static file in place of the sitemap or a feed is an error. The sitemap and the feeds of a query are kept
/// from the last build when what they are made from is unchanged (`SiteFiles`).
struct SiteAssembler {
    let config: SiteConfig
    /// The config file as diagnostics name it.
    let configFile: String
    let database: SiteDatabase
    let writer: OutputWriter
    var siteFiles = SiteFiles(incremental: nil)
    var timer = StepTimer(nil)

    func assemble(_ plan: PagePlan, sources: [PageSource], feedPages: FeedPages) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func write(_ text: String, to file: String, origin: OutputOrigin? = nil) -> OutputFileStamp? {
            do throws(Diagnostic) {
                return OutputFileStamp(path: file, stamp: try writer.write(text, to: file, origin: origin))
            } catch {
                problems.append(error)
                return nil
            }
        }
        if config.hasAbsoluteBaseURL {
            timer.measure("sitemap") {
                siteFiles.make("sitemap", origin: .sitemap, inputs: { Sitemap.inputs(plan: plan, sources: sources) }) {
                    var files: [OutputFileStamp] = []
                    _ = Sitemap.write(plan: plan, sources: sources, config: config) { file, xml in
                        if let stamp = write(xml, to: file, origin: .sitemap) { files.append(stamp) }
                    }
                    return files
                }
            }
        }
        _ = write(RobotsFile.text(sitemapURL: config.hasAbsoluteBaseURL ? config.absoluteURL(for: "/" + Sitemap.file) : nil), to: RobotsFile.file)
        if plan.owners[Route.notFoundPath] == nil {
            let html = NotFoundPage.fallbackHTML(config: config)
            _ = write(SitePathRewriter(basePath: config.basePath)?.html(html) ?? html, to: NotFoundPage.file)
        }
        guard let first = config.feeds.first else { return problems }
        guard config.hasAbsoluteBaseURL else {
            return problems + [Diagnostic(file: configFile, line: first.line, column: first.column, message: "feeds need an absolute `base_url`, such as https://example.org/",
                                          hint: "set `base_url` in \(configFile), or build with --base-url https://…")]
        }
        let builder = FeedBuilder(config: config, configFile: configFile, database: database, pages: feedPages)
        for definition in config.feeds {
            let file = String(definition.path.dropFirst())
            let origin = OutputOrigin.feed(configFile: configFile)
            // A feed of pages is made from pages that render on every build (`IncrementalBuild.decide`): made each time.
            timer.measure("feeds") {
                siteFiles.make("feed " + definition.path, origin: origin, inputs: { definition.query.flatMap(siteFiles.inputs(ofQuery:)) }) {
                    switch builder.feed(definition) {
                    case .success(let feed): return write(feed.xml, to: file, origin: origin).map { [$0] }
                    case .failure(let failure):
                        problems += failure.diagnostics
                        return nil
                    }
                }
            }
        }
        return problems
    }
}
