import Foundation
import TallyTestFolder
import Testing
import TallyFormat
import TallyStore

/// Version 5's `exchange_rates` table and the `convert_cents` SQL function that pages convert money with.
@Suite struct ExchangeRatesTests {
    static func database(_ seed: String = "") throws -> (path: String, database: SiteDatabase) {
        let folder = TestFolder.make("tally-rates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("site.sqlite").path
        try DatabaseMigrations.migrate(databaseAt: path, seedSQL: seed)
        return (path, try SiteDatabase(path: path, policy: PublicationPolicy(publishedUsers: [])))
    }

    /// Other migrations may come before or after it (v4 is another engineer's); this one is registered by its name.
    @Test func versionFiveCreatesTheTable() throws {
        let (path, database) = try Self.database("""
            INSERT INTO exchange_rates (base_currency, quote_currency, month, rate, source) VALUES ('EUR', 'USD', '2025-01', '1.0354', 'ECB');
            """)
        let applied = try database.run("SELECT identifier FROM grdb_migrations ORDER BY rowid").rows.map { $0[0].text }
        #expect(applied.contains("v5: exchange rates"))
        #expect(applied.starts(with: ["v1", "v2: import keys", "v3: roll calls and the roster"]))
        #expect(try database.run("SELECT base_currency, quote_currency, month, rate, source, note FROM exchange_rates")
                == DataTable(columns: ["base_currency", "quote_currency", "month", "rate", "source", "note"],
                             rows: [[.text("EUR"), .text("USD"), .text("2025-01"), .text("1.0354"), .text("ECB"), .text("")]]))
        #expect(DatabaseMigrations.isCurrent(databaseAt: path))
    }

    @Test(arguments: [
        ("convert_cents(2500, 'EUR', 'USD', '1.0769')", DataValue.integer(2692)),
        ("convert_cents(1000, 'EUR', 'USD', '1.0705')", .integer(1070)),
        ("convert_cents(1000, 'eur', 'usd', '1.0715')", .integer(1072)),
        ("convert_cents(1000, 'JPY', 'USD', '0.0067')", .integer(670)),
        ("convert_cents(2500, 'USD', 'USD', NULL)", .integer(2500)),
        ("convert_cents(2500, 'EUR', 'USD', NULL)", .null),
        ("convert_cents(2500, 'EUR', 'USD', '1,07')", .null),
        ("convert_cents(2500, 'EUR', 'USD', 1.07)", .null),
        ("convert_cents(2500, 'EUR', 'XXX', '1.07')", .null),
        ("convert_cents('2500', 'EUR', 'USD', '1.07')", .null),
        ("convert_cents(25.5, 'EUR', 'USD', '1.07')", .null),
        ("convert_cents(9223372036854775807, 'EUR', 'USD', '2')", .null),
    ])
    func convertCents(expression: String, expected: DataValue) throws {
        #expect(try Self.database().database.run("SELECT \(expression) AS converted")
                == DataTable(columns: ["converted"], rows: [[expected]]))
    }
}
