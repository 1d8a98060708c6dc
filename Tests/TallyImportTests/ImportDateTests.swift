import GRDB
import Testing
@testable import TallyImport

/// The date that fills a `created_at` no column maps to (`tally import`: today) only fills new rows, so importing
/// the same file again on another day changes nothing.
@Suite struct ImportDateTests {
    @Test func anOrganizationFoundAgainKeepsItsCreatedAt() throws {
        let fixture = try ImportFixture()
        var options = ImportOptions(format: "csv")
        options.table = "organizations"
        options.map = ["EIN": "external_id"]
        options.createdAtDefault = "2025-01-01"
        let file = try fixture.file("orgs.csv", "EIN,NAME,CITY\n001234567,Evidence Action,Washington\n")
        #expect(try fixture.run(options, [file]).get().tables["organizations"]?.inserted == 1)

        options.createdAtDefault = "2025-02-01"
        #expect(try fixture.run(options, [file]).get().tables["organizations"]?.skipped == 1)
        // Another value in the same row is still updated, and the date stays.
        let moved = try fixture.file("orgs.csv", "EIN,NAME,CITY\n001234567,Evidence Action,Oakland\n")
        #expect(try fixture.run(options, [moved]).get().tables["organizations"]?.updated == 1)
        #expect(try texts(fixture, "SELECT slug || ' ' || city || ' ' || created_at FROM organizations WHERE external_id IS NOT NULL")
                == ["evidence-action Oakland 2025-01-01"])
    }

    @Test func aRowKeyedByItsValuesIsFoundAgainOnAnotherDay() throws {
        let fixture = try ImportFixture()
        var options = ImportOptions(format: "csv")
        options.table = "posts"
        options.user = "ada"
        options.createdAtDefault = "2025-01-01"
        let file = try fixture.file("posts.csv", "content\nGave to AMF today\n")
        #expect(try fixture.run(options, [file]).get().tables["posts"]?.inserted == 1)

        options.createdAtDefault = "2025-02-01"
        #expect(try fixture.run(options, [file]).get().tables["posts"]?.skipped == 1)
        #expect(try texts(fixture, "SELECT content || ' ' || created_at FROM posts") == ["Gave to AMF today 2025-01-01"])
    }

    private func texts(_ fixture: ImportFixture, _ sql: String) throws -> [String] {
        try DatabaseQueue(path: fixture.databasePath).read { db in try String.fetchAll(db, sql: sql) }
    }
}
