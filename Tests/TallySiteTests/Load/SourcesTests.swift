import Foundation
import Testing
import TallyFormat
import TallySite
import TallyTestSupport

/// `sources:` in the config: files imported into every build's published snapshot, under the same privacy rules as
/// the database's own rows, while the database file is never written.
@Suite struct SourcesTests {
    static let config = """
        title: Sources
        database: site.sqlite
        publish_users: [ada]
        sources:
          - format: csv
            file: data/ada.csv
            table: donations
            user: ada
            map: {Datum: donated_at, Betrag: amount, Empfänger: organization, Zweck: note}
            currency: EUR
            decimal_comma: true
            date_format: "%d.%m.%Y"
          - format: csv
            files: [data/riley.csv]
            table: donations
            user: riley
            map: {Datum: donated_at, Betrag: amount, Empfänger: organization, Zweck: note}
            currency: EUR
            decimal_comma: true
            date_format: "%d.%m.%Y"

        """
    static let seed = """
        INSERT INTO users (id, username, created_at) VALUES (1, 'ada', '2024-01-01'), (2, 'riley', '2024-01-01');
        INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'amf', 'Against Malaria Foundation', '2024-01-01');
        """
    static let page = """
        ---
        title: Gifts
        ---
        ```sql gifts
        SELECT d.amount_cents, d.currency, d.note, u.username FROM donations d JOIN users u ON u.id = d.user_id ORDER BY d.id
        ```
        {{#gifts}}
        - {{username}}: {{money(amount_cents)}} {{note}}
        {{/gifts}}
        """

    func site(ada: String = "Datum;Betrag;Empfänger;Zweck\n05.03.2024;1.234,50;amf;<b>bold</b> {{site.title}} [x](javascript:alert(1))\n") throws -> TestSite {
        try TestSite([
            "tally.yaml": Self.config,
            "content/index.md": Self.page,
            "data/ada.csv": ada,
            "data/riley.csv": "Datum;Betrag;Empfänger;Zweck\n06.03.2024;99,00;amf;riley's secret gift\n",
        ], seedSQL: Self.seed)
    }

    @Test func sourceRowsArePublishedOnlyForPublishedUsersAndTheDatabaseIsNotWritten() throws {
        let site = try site()
        let before = try Data(contentsOf: site.root.appendingPathComponent("site.sqlite"))
        let summary = try site.build().get()
        #expect(summary.warnings.isEmpty)
        #expect(site.output("index.html") == """
            <!DOCTYPE html><title>Gifts</title><main><ul>
            <li>ada: €1,234.50 &lt;b&gt;bold&lt;/b&gt; {{site.title}} [x](javascript:alert(1))</li>
            </ul>
            </main>

            """)
        #expect(!site.allOutput().contains("secret"))
        #expect(try Data(contentsOf: site.root.appendingPathComponent("site.sqlite")) == before)
    }

    /// An unpublished user's rows are left out before they are written, so an organization they would have made
    /// with `create_missing` is never in the snapshot either.
    @Test func anUnpublishedUsersRowsCreateNothing() throws {
        let site = try TestSite([
            "tally.yaml": Self.config.replacingOccurrences(of: "    user: riley\n", with: "    user: riley\n    create_missing: true\n"),
            "content/index.md": "```sql orgs\nSELECT name FROM organizations ORDER BY name\n```\n{{#orgs}}{{name}};{{/orgs}}",
            "data/ada.csv": "Datum;Betrag;Empfänger;Zweck\n05.03.2024;10,00;amf;x\n",
            "data/riley.csv": "Datum;Betrag;Empfänger;Zweck\n06.03.2024;99,00;Secret Clinic;y\n",
        ], seedSQL: Self.seed)
        _ = try site.build().get()
        #expect(site.output("index.html")?.contains("<p>Against Malaria Foundation;</p>") == true)
        #expect(!site.allOutput().contains("Secret"))
    }

    @Test func aBadSourceRowFailsTheBuildAtItsPlaceAndKeepsThePreviousOutput() throws {
        let site = try site()
        _ = try site.build().get()
        try site.write("Datum;Betrag;Empfänger;Zweck\n05.03.2024;12,5O;amf;x\n", to: "data/ada.csv")
        #expect(site.errors() == ["data/ada.csv:2:2: error: amount '12,5O' is not a number\n  hint: write amounts such as 1234.56, 1,234.56 or $12"])
        #expect(site.output("index.html")?.contains("€1,234.50") == true)
    }

    @Test func aChangedSourceFileIsNoticedByTheBuildStamp() throws {
        let site = try site()
        var options = BuildOptions(root: site.root)
        options.stamp = .reuse
        _ = try SiteBuilder.build(options).get()
        #expect(try SiteBuilder.build(options).get().upToDate)
        try site.write("Datum;Betrag;Empfänger;Zweck\n05.03.2024;7,00;amf;changed\n", to: "data/ada.csv")
        let rebuilt = try SiteBuilder.build(options).get()
        #expect(!rebuilt.upToDate)
        #expect(site.output("index.html")?.contains("€7.00 changed") == true)
    }

    @Test(arguments: [
        ("sources:\n  - {format: cvs, file: a.csv}\n", [
            "tally.yaml:4:14: error: unknown source format `cvs`\n  hint: did you mean `csv`? the formats are csv, json, mastodon, house-vote, senate-vote, congress-roster",
        ]),
        ("sources:\n  - {format: csv, fiel: a.csv}\n", [
            "tally.yaml:4:5: error: this source has no `file`\n  hint: name the file to import, relative to the site",
            "tally.yaml:4:19: error: unknown source key `fiel`\n  hint: did you mean `file`? a source takes format, file, files, table, user, map, set, delimiter, decimal_comma, date_format, currency, create_missing, source, unlisted, replies, replace",
        ]),
        ("sources: data/a.csv\n", [
            "tally.yaml:3:10: error: `sources` must be a list of sources, each with `format` and `file`\n  hint: write `- {format: csv, file: data/gifts.csv, table: donations, user: ada}`; see `tally docs import`",
        ]),
    ])
    func aBadSourceEntryIsReportedAtItsLine(yaml: String, expected: [String]) throws {
        let site = try TestSite(["tally.yaml": "title: T\ndatabase: site.sqlite\n" + yaml, "content/index.md": "x"])
        #expect(site.errors() == expected)
    }
}
