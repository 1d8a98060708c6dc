import TallyStore
import TallyTemplates

extension IncrementalBuild {
    /// The incremental side of a build into a kept output (`tally build`, `tally serve`): nil for builds into
    /// temporary folders (`BuildOptions.StampUse.none`), which keep no manifest. `--force` renders every page and
    /// records a new manifest.
    /// - Parameter siteQueries: the SQL of the data files and of the feeds that run a query (`SiteFiles`).
    static func start(_ options: BuildOptions, sources: [PageSource], templates: TemplateLibrary, templateFiles: [String: String],
                      database: SiteDatabase, titles: [String: String], writer: OutputWriter, feedPages: FeedPages,
                      planned: [String: PageOwner], siteQueries: [String] = [], progress: (any BuildProgress)? = nil) -> IncrementalBuild? {
        guard options.stamp != .none else { return nil }
        let timer = StepTimer(progress)
        let forced = options.stamp == .record
        let previous = forced ? nil : timer.measure("manifest load") { PageManifest.load(beside: writer.output, memory: options.memory) }
        let gather: @Sendable () -> PageInputs = {
            timer.measure("page inputs and table digests") {
                PageInputs.gather(options: options, sources: sources, templates: templates, templateFiles: templateFiles,
                                  database: database, titles: titles, siteQueries: siteQueries)
            }
        }
        // With no manifest to compare with, every page renders and the inputs are wanted only for the next build's
        // manifest: they are gathered beside the render instead of before it.
        let inputs: IncrementalBuild.Inputs = previous == nil ? .gathering(BackgroundWork(gather)) : .gathered(gather())
        return IncrementalBuild(previous: previous, forced: forced, inputs: inputs, sources: sources, database: database,
                                writer: writer, feedPages: feedPages, planned: planned, keepsReasons: options.explain,
                                snapshot: previous?.keptSnapshot(beside: writer.output), timer: timer, memory: options.memory,
                                showsListingTotal: sources.map { showsListingTotal($0, templates: templates) })
    }
}
