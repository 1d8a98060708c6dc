import TallyFormat

/// The files Tally writes beside the pages (robots.txt, the sitemap, the 404 page, the chart stylesheet, the feeds
/// and the `.json.sql` / `.csv.sql` data files), and the pages whose folders would take their names:
/// `content/robots.txt.md` is the page /robots.txt/, written as `robots.txt/index.html`, where `robots.txt` must be a
/// file. Found in the plan, before anything is written; found only when writing, a first build failed with "Is a
/// directory", and an incremental build kept the previous robots.txt's stamp and then replaced it with the folder.
enum GeneratedFilesInTheWay {
    /// Where the chart stylesheet is written (`SiteBuilder`).
    static let chartStylesheet = "charts.css"

    /// One file Tally writes besides the pages: its path in the output, what messages call it, how else a site can
    /// have it (after "rename the content file"), and, for one the site declares, the error when another file Tally
    /// writes has its path.
    private struct Generated {
        let path: String
        let what: String
        var advice = ""
        var clash: ((_ other: String) -> Diagnostic)?
    }

    /// Every file Tally writes besides the pages, in the order it writes them.
    private static func generatedFiles(_ plan: PagePlan, dataFiles: [DataFile], config: SiteConfig, configFile: String) -> [Generated] {
        var files = [Generated(path: RobotsFile.file, what: "robots.txt", advice: "; to write robots.txt yourself, put it in static/robots.txt"),
                     Generated(path: chartStylesheet, what: "the chart stylesheet")]
        if plan.owners[Route.notFoundPath] == nil {
            files.append(Generated(path: NotFoundPage.file, what: "the 404 page", advice: "; to write the 404 page yourself, add content/404.md"))
        }
        let sitemap = ": Tally writes one whenever `base_url` is a full address"
        if config.hasAbsoluteBaseURL {
            files.append(Generated(path: Sitemap.file, what: "the sitemap", advice: sitemap))
            for part in 0..<(plan.pageCount / Sitemap.urlsPerFile + 1) where plan.pageCount > Sitemap.urlsPerFile {
                files.append(Generated(path: "sitemap-\(part + 1).xml", what: "the sitemap", advice: sitemap))
            }
        }
        for data in dataFiles {
            files.append(Generated(path: data.outputPath, what: "the data of \(data.file)", advice: ", or rename \(data.file)") { other in
                Diagnostic(file: data.file, message: "its output, \(data.outputPath), is also where Tally writes \(other)", hint: "rename \(data.file)")
            })
        }
        // Feeds need a full `base_url`; without one the assemble stage says so, and writes none.
        guard config.hasAbsoluteBaseURL else { return files }
        for feed in config.feeds {
            files.append(Generated(path: String(feed.path.dropFirst()), what: "the feed \(feed.path)",
                                   advice: ", or give the feed another `path` in \(configFile)") { other in
                Diagnostic(file: configFile, line: feed.line, column: feed.column,
                           message: "the feed \(feed.path) would be written where Tally writes \(other)",
                           hint: "give the feed another `path` in \(configFile)")
            })
        }
        return files
    }

    /// The errors for generated files in a page's way (`pagesInTheWay`) and for two generated files at one path
    /// (`sharedPaths`): the build stops before anything is written.
    static func problems(_ plan: PagePlan, sources: [PageSource], dataFiles: [DataFile], config: SiteConfig,
                         configFile: String) -> [Diagnostic] {
        let generated = generatedFiles(plan, dataFiles: dataFiles, config: config, configFile: configFile)
        return pagesInTheWay(of: generated, plan, sources: sources) + sharedPaths(of: generated, plan, sources: sources)
    }

    /// One error for each generated file that a page's URL is, or is inside of, naming the first such page.
    private static func pagesInTheWay(of generated: [Generated], _ plan: PagePlan, sources: [PageSource]) -> [Diagnostic] {
        // Keyed by `Substring`: a slice of a page's path is looked up without a copy, 30,000 pages and more.
        var files: [Substring: Generated] = [:]
        for file in generated { files[Substring(file.path)] = file }
        // A page written as a file rather than a folder's index.html: the 404 page, /404.html.
        for (path, owner) in plan.owners where !path.hasSuffix("/") {
            files[path.dropFirst()] = Generated(path: String(path.dropFirst()), what: "the page \(path) (\(sources[Int(owner.sourceIndex)].file))")
        }
        // A page is in the way of a file when the file's path is one of its ancestors' (or its own) as a folder:
        // /robots.txt/ or /robots.txt/more/ for robots.txt. Each path's folders are looked up, not every file's.
        var inTheWay: [Substring: String] = [:]
        for path in plan.owners.keys where path.hasPrefix("/") {
            var end = path.utf8.index(after: path.utf8.startIndex)
            while let slash = path.utf8[end...].firstIndex(of: UInt8(ascii: "/")) {
                let folder = path[path.index(after: path.startIndex)..<slash]
                if files[folder] != nil, inTheWay[folder].map({ path < $0 }) ?? true { inTheWay[folder] = path }
                end = path.utf8.index(after: slash)
            }
        }
        return inTheWay.sorted { $0.key < $1.key }.compactMap { file, path in
            guard let owner = plan.owners[path], let generated = files[file] else { return nil }
            let source = sources[Int(owner.sourceIndex)].file
            return Diagnostic(file: source, message: "the page \(path) needs a folder named \(file), where Tally writes \(generated.what)",
                              hint: "rename \(source)" + generated.advice)
        }
    }

    /// Two files Tally writes at one path: a feed's `path` that is a page's file, a data file's output, the sitemap's or
    /// robots.txt's. A full build kept whichever it wrote last, and an incremental build, which keeps a file whose inputs
    /// did not change, could keep the other: an error naming both, at the later one's declaration.
    private static func sharedPaths(of generated: [Generated], _ plan: PagePlan, sources: [PageSource]) -> [Diagnostic] {
        func page(at path: String) -> String? {
            let owner = path == "index.html" || path.hasSuffix("/index.html")
                ? plan.owners["/" + path.dropLast("index.html".count)] : plan.owners["/" + path]
            return owner.map { "the page generated from \(sources[Int($0.sourceIndex)].file)" }
        }
        var claimed: [String: String] = [:]
        var problems: [Diagnostic] = []
        for file in generated {
            if let other = claimed[file.path] ?? page(at: file.path), let clash = file.clash {
                problems.append(clash(other))
            } else {
                claimed[file.path] = claimed[file.path] ?? file.what
            }
        }
        return problems
    }
}
