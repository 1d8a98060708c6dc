import Foundation
import GRDB
import Synchronization
import TallyFormat
import TallyImport
import TallyStore

/// The config's `sources:`, imported by the same importer as `tally import` into each build's published snapshot,
/// before unpublished users and private columns are scrubbed from it.
package final class SourceImports: Sendable {
    let sources: [SourceDefinition]
    let root: URL
    let publishedUsers: Set<String>
    /// Warnings of the imports (columns that map to nothing), which the build reports with its own.
    private let collected = Mutex<[Diagnostic]>([])

    package init(_ config: SiteConfig, root: URL) {
        sources = config.sources
        publishedUsers = Set(config.publishedUsers)
        self.root = root
    }

    var warnings: [Diagnostic] { collected.withLock { $0 } }

    /// The files a build reads for its sources, for the build stamp and `tally serve`.
    var files: [URL] {
        sources.flatMap { $0.files.map(url) }
    }

    /// Imports every source into `db`, inside the snapshot's transaction; throws `StoreError.sources` on failure.
    package func importAll(into db: Database) throws {
        for source in sources {
            let files = source.files.map { ImportFile(path: url($0).path, displayName: $0) }
            var options = source.options
            options.onlyUsers = publishedUsers
            do throws(ImportFailure) {
                let summary = try Importer.run(options, files: files, in: db)
                collected.withLock { $0 += summary.warnings }
            } catch {
                throw StoreError.sources(error.diagnostics)
            }
        }
    }

    private func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }
}
