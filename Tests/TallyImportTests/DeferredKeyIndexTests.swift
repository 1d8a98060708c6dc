import Foundation
import Testing
@testable import TallyImport

/// A large first import of fingerprinted rows sets the key's index aside and builds it again after the file
/// (`DeferredKeyIndex`): the rows, their keys and the index must be exactly those of a row-by-row import.
@Suite struct DeferredKeyIndexTests {
    /// Repeated rows (two, then three alike) among others, and a row that another file repeats.
    let gifts = """
        Date,Amount,Organization,Note
        2024-03-05,10.00,amf,a
        2024-03-05,10.00,amf,a
        2024-03-06,11.00,amf,b
        2024-03-07,12.00,givedirectly,c
        2024-03-07,12.00,givedirectly,c
        2024-03-07,12.00,givedirectly,c
        2024-03-08,13.00,amf,d

        """

    static func options(deferring: Bool, _ extra: (inout ImportOptions) -> Void = { _ in }) -> ImportOptions {
        ImportFixture.donations {
            $0.currency = "USD"
            $0.keyIndexDeferralBytes = deferring ? 0 : .max
            extra(&$0)
        }
    }

    /// The rows and the index, after importing `text` with and without the index set aside.
    func importBoth(_ text: String, _ extra: (inout ImportOptions) -> Void = { _ in }) throws -> (deferred: [[[String]]], direct: [[[String]]]) {
        var results: [[[[String]]]] = []
        for deferring in [true, false] {
            let fixture = try ImportFixture()
            let file = try fixture.file("gifts.csv", text)
            let summary = try fixture.run(Self.options(deferring: deferring, extra), [file]).get()
            results.append([
                [[summary.description]],
                try fixture.rows("SELECT * FROM donations ORDER BY id"),
                try fixture.rows("SELECT name, sql FROM sqlite_master WHERE tbl_name = 'donations' ORDER BY name"),
                [[try fixture.run(Self.options(deferring: deferring, extra), [file]).get().description]],
                // An index built again is written after the schema's other entries.
                try fixture.rows("SELECT rowid = (SELECT max(rowid) FROM sqlite_master) FROM sqlite_master WHERE name = 'donations_import_key'"),
            ])
        }
        return (results[0], results[1])
    }

    @Test func repeatedRowsAreNumberedInFileOrderAndTheIndexIsBuiltAgain() throws {
        let (deferred, direct) = try importBoth(gifts)
        #expect(deferred[0..<4] == direct[0..<4])
        #expect(deferred[4] == [["1"]] && direct[4] == [["0"]])
        #expect(deferred[0] == [["donations: 7 inserted"]])
        #expect(deferred[3] == [["donations: 7 skipped"]])
        let ids = deferred[1].map { $0[9] }
        #expect(ids[1] == String(ids[0].dropLast()) + "-2\"")
        #expect(ids[4] == String(ids[3].dropLast()) + "-2\"" && ids[5] == String(ids[3].dropLast()) + "-3\"")
        #expect(Set(ids).count == 7)
        #expect(deferred[2].contains { $0[0] == "\"donations_import_key\"" })
    }

    @Test func aRowWithItsOwnIDBuildsTheIndexBeforeItIsWritten() throws {
        let mixed = """
            Date,Amount,Organization,Reference
            2024-03-05,10.00,amf,
            2024-03-05,10.00,amf,
            2024-03-06,11.00,amf,TX1
            2024-03-06,11.00,amf,TX1
            2024-03-05,10.00,amf,

            """
        let (deferred, direct) = try importBoth(mixed) { $0.map["Reference"] = "external_id" }
        #expect(deferred[0..<4] == direct[0..<4])
        #expect(deferred[4] == [["1"]])
        #expect(deferred[0] == [["donations: 4 inserted, 1 skipped"]])
    }

    @Test func rowsThatGiveTheirOwnIDAreNumberedWhateverTheOrderOfTheirIDs() throws {
        let numbered = """
            Id,Date,Amount,Organization
            30,2024-03-05,10.00,amf
            20,2024-03-06,11.00,amf
            10,2024-03-07,12.00,amf

            """
        let (deferred, direct) = try importBoth(numbered)
        #expect(deferred[0..<4] == direct[0..<4])
        #expect(deferred[0] == [["donations: 3 inserted"]])
        #expect(deferred[1].map { $0[0] } == ["10", "20", "30"])
    }

    @Test func aFailedOrDryRunImportLeavesTheFileAndItsIndexAsTheyWere() throws {
        let fixture = try ImportFixture()
        let before = try fixture.databaseBytes()
        let good = try fixture.file("gifts.csv", gifts)
        #expect(try fixture.run(Self.options(deferring: true), [good], dryRun: true).get().description == "donations: 7 inserted")
        #expect(try fixture.databaseBytes() == before)
        let bad = try fixture.file("bad.csv", gifts + "2024-03-09,12,5O,amf,e\n")
        #expect(!fixture.errors(Self.options(deferring: true), [bad]).isEmpty)
        #expect(try fixture.databaseBytes() == before)
    }
}
