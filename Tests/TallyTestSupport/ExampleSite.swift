import Foundation
import TallySite
import TallyStore
import TallyTestFolder

/// The repository's example site (`tally.yaml`, `content/`, `templates/`, `static/`, `views/`), copied into a
/// temporary folder with a database made from `data/example.sql`, exactly as `make site` builds it.
public enum ExampleSite {
    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A second database for the example content, written apart from data/example.sql in the shape real data arrives
    /// in (ids with spaces and dots, tags with capitals, accents, three currencies): Tests/Fixtures/second-database.sql.
    public static func secondDatabaseSQL() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("Tests/Fixtures/second-database.sql"), encoding: .utf8)
    }

    /// Copies the example site into a temporary folder, with its database made from `seedSQL` (default data/example.sql).
    public static func copy(seedSQL: String? = nil) throws -> URL {
        let root = TestFolder.make("tally-example")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        for item in ["tally.yaml", "content", "templates", "static", "views"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        let seed = try seedSQL ?? String(contentsOf: repository.appendingPathComponent("data/example.sql"), encoding: .utf8)
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("data/example.sqlite").path, seedSQL: seed)
        return root
    }

    /// Copies the example site into a temporary folder and builds it there.
    public static func build(seedSQL: String? = nil, baseURL: String? = nil) throws -> (root: URL, summary: BuildSummary) {
        let root = try copy(seedSQL: seedSQL)
        return (root, try SiteBuilder.build(BuildOptions(root: root, baseURL: baseURL)).get())
    }
}
