import Foundation
import TallyFormat

extension BuildOptions {
    /// Reads the site config these options name, with `baseURL` (`--base-url`) and `locale` (`--locale`) in place
    /// of the config's own.
    public func loadConfig() -> Result<SiteConfig, BuildFailure> {
        SiteConfig.load(path: resolve(configFile).path, displayPath: configFile).flatMap { loaded in
            var config = loaded
            if let override = baseURL {
                guard let url = SiteConfig.normalizedBaseURL(override) else {
                    return .failure(BuildFailure([Diagnostic(file: "--base-url", message: "`--base-url` must be \(SiteConfig.baseURLExpectation)",
                                                             hint: "see `tally docs config` for `base_url`")]))
                }
                config.baseURL = url
            }
            if let override = locale {
                guard let found = FormatLocale.named(override) else {
                    let unknown = FormatLocale.unknown(override)
                    return .failure(BuildFailure([Diagnostic(file: "--locale", message: unknown.message, hint: unknown.hint)]))
                }
                config.locale = found
            }
            return .success(config)
        }
    }

    /// The options that change what a build writes, as text lines: a stamp or record made with other settings
    /// does not describe this build's output (`BuildStamp`, `PageInputs`).
    var outputSettings: [String] {
        [root.path, configFile, databasePath ?? "-", outputPath ?? "-", includeDrafts ? "drafts" : "-", baseURL ?? "-",
         locale ?? "-", wholeListing ?? "-"]
    }

    /// Where a build with `config` writes the site.
    public func outputFolder(_ config: SiteConfig) -> URL {
        resolve(outputPath ?? config.outputDirectory).standardizedFileURL
    }

    /// The database a build with `config` reads (`--db`, or the config's `database`).
    public func databaseURL(_ config: SiteConfig) -> URL {
        resolve(databasePath ?? config.database)
    }

    /// What a build with `config` reads: the content, templates, static and views folders, the config file, the
    /// database with its write-ahead log, and the files of `sources:`. A change to any of them calls for a rebuild.
    public func inputs(_ config: SiteConfig) -> [URL] {
        let database = databaseURL(config)
        return [config.contentDirectory, config.templatesDirectory, config.staticDirectory, config.viewsDirectory]
            .map(root.appendingPathComponent)
            + [resolve(configFile), database, URL(fileURLWithPath: database.path + "-wal")]
            + SourceImports(config, root: root).files
    }
}
