import Foundation
@testable import TallySite
import TallyTestSupport
import Testing

/// What a kept page or site file is taken to have read: found by an independent review of the site files kept as
/// pages are (`SiteFiles`).
@Suite struct KeptInputsTests {
    /// A column renamed changes no value, but a `SELECT *` shows the names: the table's statement is in its digest.
    @Test func aColumnRenamedIsAChange() throws {
        let fixture = try IncrementalFixture(extra: ["content/named.json.sql": "SELECT * FROM named"])
        try fixture.sql("CREATE TABLE named (x TEXT); INSERT INTO named VALUES ('hello')")
        _ = try fixture.build()
        try fixture.sql("ALTER TABLE named RENAME COLUMN x TO y")
        _ = try fixture.build()
        #expect(try fixture.mismatches() == [])
        #expect(fixture.site.output("named.json")?.contains("\"y\"") == true)
    }

    /// SQLite's date functions read the clock when given no time.
    @Test(arguments: [
        ("SELECT strftime('%s') AS t", true), ("SELECT date() AS d", true), ("SELECT unixepoch( ) AS t", true),
        ("SELECT julianday() AS j", true), ("SELECT datetime('now') AS t", true),
        ("SELECT date(d.donated_at) FROM donations d", false), ("SELECT strftime('%Y', donated_at) FROM donations", false),
        ("SELECT update_date() FROM x", false),
    ])
    func theClockIsFoundInAQuery(_ sql: String, _ volatile: Bool) {
        #expect(BuildStamp.isVolatile(sql) == volatile)
    }

    /// A view that reads the clock makes each page that reads it render every build.
    @Test func aPageReadingAViewOfTheClockRendersEveryBuild() throws {
        let fixture = try IncrementalFixture(extra: [
            "views/clock.sql": "SELECT datetime() AS now",
            "content/clock.md": "```sql now\nSELECT now FROM clock\n```\n{{#now}}{{now}}{{/now}}\n",
        ])
        _ = try fixture.build()
        try fixture.sql("INSERT INTO organizations (slug, name, created_at) VALUES ('other', 'Other', '2020-01-01')")
        #expect(try fixture.build().renderReasons["/clock/"] == "a query reads the clock or random numbers")
    }
}
