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
}
