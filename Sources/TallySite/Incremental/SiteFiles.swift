import TallyFormat
import TallyStore

/// The files a build makes from the whole site or from a query rather than from one page: the sitemap, the feeds
/// that run a query, the data files (`orgs/search.json`). An incremental build keeps them as it keeps pages: when
/// what they are made from has the digest the last build recorded (`PageManifest.SiteFile`) and each of their files
/// is still in the output as that build left it, they are not made, read or compared again. Anything changed or
/// unknown makes them: a shared input (the config, the options, the binary), a table their query reads, a query that
/// reads the clock or does not compile, a file edited or deleted outside Tally.
struct SiteFiles {
    /// Nil for builds that keep no manifest (`tally check`, `tally report`): every file is made.
    let incremental: IncrementalBuild?

    /// Makes the site file `name` with `make` unless the incremental build keeps its files.
    /// - Parameters:
    ///   - inputs: a digest of what its files are made from besides the shared inputs; nil when none can say they
    ///     are unchanged. Asked only of an incremental build.
    ///   - make: writes the files and returns each with the stamp the writer gave it, or nil when it failed.
    func make(_ name: String, origin: OutputOrigin, inputs: () -> String?, _ make: () -> [OutputFileStamp]?) {
        guard let incremental else {
            _ = make()
            return
        }
        let digest = inputs()
        if let digest, incremental.keepsSiteFile(name, inputs: digest, origin: origin) { return }
        let files = make()
        if let digest, let files { incremental.noteSiteFile(name, inputs: digest, files: files) }
    }

    /// The digest of a query's SQL and of the rows of the tables it reads (`PageInputs.siteQueries`).
    func inputs(ofQuery sql: String) -> String? {
        incremental?.inputs.siteQueries[sql]
    }
}

extension IncrementalBuild {
    /// Whether the site file `name`, made from `inputs`, keeps the files the last build recorded for it, as they are
    /// in the output: then the writer keeps them in place, and they are recorded again.
    func keepsSiteFile(_ name: String, inputs: String, origin: OutputOrigin) -> Bool {
        guard everyPageReason == nil, let recorded = previous?.siteFiles[name], recorded.inputs == inputs,
              recorded.firstFileChanged(in: writer.outputPath) == nil else { return false }
        for file in recorded.files { writer.keep(file.path, origin: origin) }
        state.withLock {
            $0.siteFiles[name] = recorded
            $0.keptSiteFiles.insert(name)
        }
        return true
    }

    /// The names of the site files kept, sorted.
    var keptSiteFiles: [String] { state.withLock(\.keptSiteFiles).sorted() }

    /// Records the files the site file `name` wrote from `inputs`, each with the stamp the writer gave it.
    func noteSiteFile(_ name: String, inputs: String, files: [OutputFileStamp]) {
        state.withLock { $0.siteFiles[name] = PageManifest.SiteFile(inputs: inputs, files: files) }
    }
}
