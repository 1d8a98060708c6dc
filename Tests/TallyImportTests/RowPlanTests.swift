import Foundation
import Testing
@testable import TallyImport

/// `RowPlan` writes a CSV file's common rows straight from their bytes: the database, the summary, the warnings
/// and every error must be exactly those of the general path (`plansRows` off), whatever the file holds.
@Suite struct RowPlanTests {
    /// Plain rows the plan writes, among rows it hands to the general path: a space to trim, a grouped amount, a
    /// symbol, a lower-case currency, a repeated row, a repeated id, text that is not ASCII, an empty note,
    /// a note over two lines, an amount in yen, and an amount of one decimal.
    static let mixed = """
        Date;Amount;Currency;Organization;Reference;Note
        2024-03-05;10.00;USD;amf;TX1;a
        2024-03-05;10.00;USD;amf;TX2;a
        2024-03-06; 11.00;USD;GiveDirectly;TX3;b
        2024-03-07;"1,234.56";USD;Malaria Consortium;TX4;c
        2024-03-07;$12;USD;givedirectly;TX5;d
        2024-03-08;13.5;usd;amf;TX6;e
        2024-03-08;13.5;usd;amf;TX6;e again
        2024-03-09;14.00;EUR;amf;TX7;café
        2024-03-10;15.00;USD;amf;TX8;
        2024-03-11;16.00;USD;amf;TX9;"two
        lines"
        2024-03-12;500;JPY;amf;TX10;yen
        2024-03-12;500;JPY;amf;TX11;yen

        """

    /// Rows with problems between plain ones: the errors must be word for word the general path's.
    static let bad = """
        Date;Amount;Currency;Organization;Reference;Note
        2024-03-05;10.00;USD;amf;TX1;a
        2024-02-30;10.00;USD;amf;TX2;a
        2024-03-06;0.00;USD;amf;TX3;b
        2024-03-07;12.345;USD;amf;TX4;c
        2024-03-07;12.00;XYZ;amf;TX5;c
        2024-03-08;13.00;USD;Nobody;TX6;d
        2024-03-08;13.00;USD;amf;TX7;bell\u{7}
        2024-03-09;14.00;USD;amf;TX8
        2024-03-10;15.00;USD;amf;TX9;e

        """

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let reference: String
        let deferring: Bool
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "mixed, keyed by id", text: mixed, reference: "external_id", deferring: false),
        Case(name: "mixed, by fingerprint", text: mixed, reference: "", deferring: false),
        Case(name: "mixed, by fingerprint, index set aside", text: mixed, reference: "", deferring: true),
        Case(name: "bad rows, keyed by id", text: bad, reference: "external_id", deferring: false),
        Case(name: "bad rows, by fingerprint", text: bad, reference: "", deferring: true),
    ]

    /// What an import did: its summary or errors, then every row and index of the tables it writes.
    func outcome(_ testCase: Case, planned: Bool) throws -> (result: [String], rows: [[String]], plannedRows: Int) {
        let fixture = try ImportFixture()
        let file = try fixture.file("gifts.csv", testCase.text)
        let options = ImportFixture.donations {
            $0.map["Reference"] = testCase.reference
            $0.keyIndexDeferralBytes = testCase.deferring ? 0 : .max
            $0.plansRows = planned
        }
        let result: [String], plannedRows: Int
        switch fixture.run(options, [file]) {
        case .success(let summary):
            result = [summary.description] + summary.warnings.map(\.description)
            plannedRows = summary.plannedRows
        case .failure(let failure):
            result = failure.diagnostics.map(\.description)
            plannedRows = 0
        }
        let rows = try fixture.rows("SELECT * FROM donations ORDER BY id") + fixture.rows("SELECT * FROM organizations ORDER BY id")
            + fixture.rows("SELECT name, sql FROM sqlite_master ORDER BY name")
        return (result, rows, plannedRows)
    }

    @Test(arguments: cases) func writesWhatTheGeneralPathWrites(_ testCase: Case) throws {
        let planned = try outcome(testCase, planned: true), general = try outcome(testCase, planned: false)
        #expect(planned.result == general.result)
        #expect(planned.rows == general.rows)
        #expect(general.plannedRows == 0)
    }

    @Test func takesThePlainRowsOfAFile() throws {
        let planned = try outcome(Self.cases[0], planned: true)
        #expect(planned.result == ["donations: 11 inserted, 1 updated"])
        // The plan takes the 2nd, 6th, 10th, 11th and 12th rows. The first goes the general way, which finds the
        // user and the organization; so do the space, the grouping, the symbol, the repeated id, the text that is
        // not ASCII and the empty note.
        #expect(planned.plannedRows == 5)
    }

    @Test func aFingerprintFromBytesIsTheGeneralPathsFingerprint() throws {
        let planned = try outcome(Self.cases[1], planned: true), general = try outcome(Self.cases[1], planned: false)
        #expect(planned.plannedRows > 0)
        #expect(planned.rows.prefix(12) == general.rows.prefix(12))
    }
}
