import TallyFormat

/// The files Tally writes beside the pages (robots.txt, the sitemap, the 404 page, the chart stylesheet, the feeds
/// and the `.json.sql` / `.csv.sql` data files), and the pages whose folders would take their names:
/// `content/robots.txt.md` is the page /robots.txt/, written as `robots.txt/index.html`, where `robots.txt` must be a
/// file. Found in the plan, before anything is written; found only when writing, a first build failed with "Is a
/// directory", and an incremental build kept the previous robots.txt's stamp and then replaced it with the folder.
enum GeneratedFilesInTheWay {
    /// One error for each generated file that a page's URL is, or is inside of, naming the first such page.
    static func problems(_ plan: PagePlan, sources: [PageSource], dataFiles: [DataFile], config: SiteConfig,
                         configFile: String) -> [Diagnostic] {
        // Each file's path → what it is, and how else to have it, after "rename the content file".
        var files: [Substring: (what: String, advice: String)] = [:]
        files[Substring(RobotsFile.file)] = ("robots.txt", "; to write robots.txt yourself, put it in static/robots.txt")
        files["charts.css"] = ("the chart stylesheet", "")
        if plan.owners[Route.notFoundPath] == nil {
            files[Substring(NotFoundPage.file)] = ("the 404 page", "; to write the 404 page yourself, add content/404.md")
        }
        if config.hasAbsoluteBaseURL {
            let sitemap = ("the sitemap", ": Tally writes one whenever `base_url` is a full address")
            files[Substring(Sitemap.file)] = sitemap
            for part in 0..<(plan.pageCount / Sitemap.urlsPerFile + 1) where plan.pageCount > Sitemap.urlsPerFile {
                files["sitemap-\(part + 1).xml"] = sitemap
            }
            for feed in config.feeds {
                files[feed.path.dropFirst()] = ("the feed \(feed.path)", ", or give the feed another `path` in \(configFile)")
            }
        }
        // A page written as a file rather than a folder's index.html: the 404 page, /404.html.
        for (path, owner) in plan.owners where !path.hasSuffix("/") {
            files[path.dropFirst()] = ("the page \(path) (\(sources[Int(owner.sourceIndex)].file))", "")
        }
        for data in dataFiles {
            files[Substring(data.outputPath)] = ("the data of \(data.file)", ", or rename \(data.file)")
        }
        // A page is in the way of a file when the file's path is one of its ancestors' (or its own) as a folder:
        // /robots.txt/ or /robots.txt/more/ for robots.txt. Each path's folders are looked up, not every file's.
        // Keyed by `Substring`: a slice of a page's path is looked up without a copy, 30,000 pages and more.
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
    /// robots.txt's; a data file's output that is a page's file. A full build kept whichever it wrote last, and an
    /// incremental build, which keeps a file whose inputs did not change, could keep the other: an error naming both.
    static func sharedPaths(_ plan: PagePlan, sources: [PageSource], dataFiles: [DataFile], config: SiteConfig,
                            configFile: String) -> [Diagnostic] {
        func page(at path: String) -> String? {
            let owner = path.hasSuffix("index.html") && (path == "index.html" || path.hasSuffix("/index.html"))
                ? plan.owners["/" + path.dropLast("index.html".count)] : plan.owners["/" + path]
            return owner.map { "the page generated from \(sources[Int($0.sourceIndex)].file)" }
        }
        var claimed: [String: String] = [RobotsFile.file: "robots.txt", "charts.css": "the chart stylesheet"]
        if plan.owners[Route.notFoundPath] == nil { claimed[NotFoundPage.file] = "the 404 page" }
        if config.hasAbsoluteBaseURL { claimed[Sitemap.file] = "the sitemap" }
        var problems: [Diagnostic] = []
        for data in dataFiles {
            if let other = claimed[data.outputPath] ?? page(at: data.outputPath) {
                problems.append(Diagnostic(file: data.file, message: "its output, \(data.outputPath), is also where Tally writes \(other)",
                                           hint: "rename \(data.file)"))
            } else {
                claimed[data.outputPath] = "the data of \(data.file)"
            }
        }
        guard config.hasAbsoluteBaseURL else { return problems }
        for feed in config.feeds {
            let path = String(feed.path.dropFirst())
            if let other = claimed[path] ?? page(at: path) {
                problems.append(Diagnostic(file: configFile, line: feed.line, column: feed.column,
                                           message: "the feed \(feed.path) would be written where Tally writes \(other)",
                                           hint: "give the feed another `path` in \(configFile)"))
            } else {
                claimed[path] = "the feed \(feed.path)"
            }
        }
        return problems
    }
}
