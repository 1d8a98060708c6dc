import Foundation

extension BuildOptions {
    /// Reads the site config these options name.
    public func loadConfig() -> Result<SiteConfig, BuildFailure> {
        SiteConfig.load(path: resolve(configFile).path, displayPath: configFile)
    }

    /// Where a build with `config` writes the site.
    public func outputFolder(_ config: SiteConfig) -> URL {
        resolve(outputPath ?? config.outputDirectory).standardizedFileURL
    }

    /// What a build with `config` reads: the content, templates and static folders, the config file, and the
    /// database with its write-ahead log. A change to any of them calls for a rebuild.
    public func inputs(_ config: SiteConfig) -> [URL] {
        let database = resolve(databasePath ?? config.database)
        return [config.contentDirectory, config.templatesDirectory, config.staticDirectory].map(root.appendingPathComponent)
            + [resolve(configFile), database, URL(fileURLWithPath: database.path + "-wal")]
    }
}
