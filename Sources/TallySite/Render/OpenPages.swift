import Foundation
import TallyFormat
import TallyStore

/// A page open in a browser (`BuildOptions.openPages`), rendered as soon as the build's snapshot is open, before the
/// plan, the incremental bookkeeping and the other pages: `tally serve` shows it from memory until the output is
/// committed. Its bytes are the file the build then writes, since the same renderer, snapshot and titles make both.
package struct OpenPage: Sendable, Equatable {
    /// The page's URL path from the site root: `/orgs/amf/`.
    package let path: String
    /// Its file inside the output folder: `orgs/amf/index.html`.
    package let file: String
    /// The file's bytes; nil when the render failed.
    package let bytes: Data?
    /// The render's problems: with an error among them, the build will fail with it too.
    package let problems: [Diagnostic]
}

package enum OpenPages {
    /// Which pages are open, and what to call with them once rendered: once a build, and only when nothing before the
    /// render stage failed.
    package struct Request: Sendable {
        package let paths: Set<String>
        package let rendered: @Sendable ([OpenPage]) -> Void

        package init(paths: Set<String>, rendered: @escaping @Sendable ([OpenPage]) -> Void) {
            self.paths = paths
            self.rendered = rendered
        }
    }

    /// Renders those of `paths` that the site has as plain pages, before the build has its plan: a plan of the files
    /// that can give these URLs or their ancestors' finds each page's row and the titles its breadcrumbs show, as the
    /// whole plan would. The pages of a paginated listing are left to the build, which reads a listing's rows once for
    /// all its pages; so is a path no file gives.
    static func render(_ paths: Set<String>, renderer: PageRenderer, rewriter: SitePathRewriter?) -> [OpenPage] {
        let wanted = paths.union(paths.flatMap(ancestors(of:)))
        computeViewsRead(by: queriesRunAhead(renderer.sources, open: paths, ancestors: wanted), in: renderer.database)
        let (plan, _) = PageExpander.plan(renderer.sources, database: renderer.database, givingOnly: wanted)
        var pages = plan.singlePages.filter { wanted.contains($0.path) }
        for index in plan.templatedSources {
            PageExpander.forEachChunk(of: index, renderer.sources, plan: plan, database: renderer.database,
                                      wanted: wanted.contains) { pages += $0 }
        }
        var renderer = renderer
        let planAncestors = plan.ancestors
        renderer.titles = renderer.titlesKnownBeforeQueries(pages.filter { planAncestors.contains($0.path) })
        return pages.filter { paths.contains($0.path) && $0.listing == nil }.concurrentMap { [renderer] instance in
            let result = renderer.render(instance)
            // As `PageWriter.write` writes it.
            let bytes = result.page.map { page in Data(rewriter?.htmlBytes(page.html) ?? page.html) }
            return OpenPage(path: instance.path, file: instance.outputFile, bytes: bytes, problems: result.problems)
        }
    }

    /// The queries that rendering `open` ahead runs: every query of a file that can give one of those pages, and
    /// only the `pages` query of a file that gives nothing but their ancestors (`wanted`), whose titles the
    /// breadcrumbs take without running its body's queries. A home page that sums every gift from a materialized
    /// view must not make an organization's open page wait for the views to be computed again.
    static func queriesRunAhead(_ sources: [PageSource], open: Set<String>, ancestors wanted: Set<String>) -> [String] {
        func gives(_ source: PageSource, _ paths: Set<String>) -> Bool {
            source.route.isTemplated ? paths.contains(where: source.route.canGive) : paths.contains(source.route.path())
        }
        return sources.flatMap { source -> [String] in
            guard gives(source, wanted) else { return [] }
            let pages = [source.frontMatter.pagesQuery].compactMap { $0 }
            return gives(source, open) ? source.queries.map(\.sql) + pages : pages
        }
    }

    /// Computes the snapshot's stale materialized views first (`SiteDatabase.computeStaleViews`) when one of `sql`
    /// reads one of them: the open pages need the rows the build will see. Left to the build when that fails, which
    /// reports it.
    private static func computeViewsRead(by sql: [String], in database: SiteDatabase) {
        let stale = database.staleViews
        guard !stale.isEmpty else { return }
        if database.tablesRead(by: sql).contains(where: { $0.map { !$0.isDisjoint(with: stale) } ?? true }) {
            try? database.computeStaleViews()
        }
    }

    /// `/orgs/amf/` → `/orgs/`, `/`.
    private static func ancestors(of path: String) -> [String] {
        var found: [String] = []
        var prefix = Substring(path).dropLast()
        while let slash = prefix.lastIndex(of: "/") {
            prefix = prefix[...slash]
            found.append(String(prefix))
            prefix = prefix.dropLast()
        }
        return found
    }
}
