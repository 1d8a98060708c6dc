import Foundation
import Testing
import TallyFormat
@testable import TallyImport

/// `tally import csv`: rows in, counted; every bad input refused with its exact diagnostic, and nothing written.
@Suite struct CSVImportTests {
    let bankExport = """
        Date,Amount,Currency,Organization,Note,Reference
        2024-03-05,"1,234.56",USD,GiveDirectly,March,TX1
        2024-03-06,$12,USD,amf,"Two lines,
        with a comma",TX2
        2024-03-07,500,JPY,Malaria Consortium,,TX3

        """

    @Test func importsRowsWithAmountsInMinorUnitsAndOrganizationsByNameOrSlug() throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("gifts.csv", bankExport)
        let summary = try fixture.run(ImportFixture.donations { $0.map["Reference"] = "" }, [file]).get()
        #expect(summary.description == "donations: 3 inserted")
        #expect(summary.warnings.isEmpty)
        #expect(try fixture.rows("SELECT user_id, organization_id, amount_cents, currency, donated_at, note, import_source FROM donations ORDER BY id") == [
            ["1", "2", "123456", "\"USD\"", "\"2024-03-05\"", "\"March\"", "\"gifts.csv\""],
            ["1", "1", "1200", "\"USD\"", "\"2024-03-06\"", "\"Two lines,\\nwith a comma\"", "\"gifts.csv\""],
            ["1", "3", "500", "\"JPY\"", "\"2024-03-07\"", "\"\"", "\"gifts.csv\""],
        ])
    }

    @Test func importingTheSameFileAgainChangesNothing() throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("gifts.csv", bankExport)
        let options = ImportFixture.donations { $0.map["Reference"] = "" }
        _ = try fixture.run(options, [file]).get()
        let before = try fixture.rows("SELECT * FROM donations ORDER BY id")
        let again = try fixture.run(options, [file]).get()
        #expect(again.description == "donations: 3 skipped")
        #expect(try fixture.rows("SELECT * FROM donations ORDER BY id") == before)
    }

    @Test func identicalRowsAreSeparateGiftsAndStaySoOnTheNextImport() throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("twice.csv", "Date,Amount,Organization\n2024-03-05,10.00,amf\n2024-03-05,10.00,amf\n")
        let options = ImportFixture.donations { $0.currency = "USD" }
        #expect(try fixture.run(options, [file]).get().description == "donations: 2 inserted")
        #expect(try fixture.run(options, [file]).get().description == "donations: 2 skipped")
        let thrice = try fixture.file("twice.csv", "Date,Amount,Organization\n2024-03-05,10.00,amf\n2024-03-05,10.00,amf\n2024-03-05,10.00,amf\n")
        #expect(try fixture.run(options, [thrice]).get().description == "donations: 1 inserted, 2 skipped")
    }

    @Test func rowsWithAnExternalIDAreUpdatedWhenTheyChange() throws {
        let fixture = try ImportFixture()
        let options = ImportFixture.donations { $0.map["Reference"] = "external_id" }
        _ = try fixture.run(options, [try fixture.file("gifts.csv", bankExport)]).get()
        let changed = bankExport.replacingOccurrences(of: "1,234.56", with: "1,300.00")
        #expect(try fixture.run(options, [try fixture.file("gifts.csv", changed)]).get().description == "donations: 1 updated, 2 skipped")
        #expect(try fixture.rows("SELECT amount_cents FROM donations WHERE external_id = 'TX1'") == [["130000"]])
    }

    @Test func anIDTheFileRepeatsOnItsFirstImportIsOneRowUpdatedByTheLaterLine() throws {
        let fixture = try ImportFixture()
        let options = ImportFixture.donations { $0.map["Reference"] = "external_id" }
        let file = try fixture.file("gifts.csv", """
            Date,Amount,Currency,Organization,Reference
            2024-03-05,10.00,USD,amf,TX1
            2024-03-06,20.00,USD,amf,TX2
            2024-03-05,10.00,USD,amf,TX1
            2024-03-07,30.00,USD,amf,TX1

            """)
        #expect(try fixture.run(options, [file]).get().description == "donations: 2 inserted, 1 updated, 1 skipped")
        #expect(try fixture.rows("SELECT external_id, amount_cents, donated_at FROM donations ORDER BY id") == [
            ["\"TX1\"", "3000", "\"2024-03-07\""], ["\"TX2\"", "2000", "\"2024-03-06\""],
        ])
        // Imported again, the first TX1 line updates the row and the last sets it back: the later line still wins.
        let after = try fixture.rows("SELECT * FROM donations ORDER BY id")
        #expect(try fixture.run(options, [file]).get().description == "donations: 2 updated, 2 skipped")
        #expect(try fixture.rows("SELECT * FROM donations ORDER BY id") == after)
    }

    @Test func aDryRunAndAFailedImportLeaveTheDatabaseFileAsItWas() throws {
        let fixture = try ImportFixture()
        let before = try fixture.databaseBytes()
        let good = try fixture.file("gifts.csv", bankExport)
        #expect(try fixture.run(ImportFixture.donations { $0.map["Reference"] = "" }, [good], dryRun: true).get().description == "donations: 3 inserted")
        #expect(try fixture.databaseBytes() == before)
        let bad = try fixture.file("bad.csv", "Date,Amount,Currency,Organization\n2024-03-05,10.00,USD,amf\n2024-03-06,12,5O,USD,amf\n")
        #expect(!fixture.errors(ImportFixture.donations(), [bad]).isEmpty)
        #expect(try fixture.databaseBytes() == before)
    }

    @Test func semicolonsTabsBOMAndCRLFAreRead() throws {
        let fixture = try ImportFixture()
        let semicolons = try fixture.file("semi.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("Date;Amount;Organization\r\n2024-03-05;1.234,56;amf\r\n".utf8))
        let tabs = try fixture.file("tabs.tsv", "Date\tAmount\tOrganization\n2024-03-06\t7.50\tamf\n")
        #expect(try fixture.run(ImportFixture.donations { $0.currency = "EUR"; $0.decimalComma = true }, [semicolons]).get().description == "donations: 1 inserted")
        #expect(try fixture.run(ImportFixture.donations { $0.currency = "EUR" }, [tabs]).get().description == "donations: 1 inserted")
        #expect(try fixture.rows("SELECT amount_cents, currency FROM donations ORDER BY id") == [["123456", "\"EUR\""], ["750", "\"EUR\""]])
    }

    @Test func datesInAnotherLayoutNeedTheirFormat() throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("us.csv", "Date,Amount,Organization\n03/04/2024,5.00,amf\n")
        #expect(fixture.errors(ImportFixture.donations { $0.currency = "USD" }, [file]) == [
            "us.csv:2:1: error: donated_at '03/04/2024' is not a date (2024-03-05)\n  hint: write ISO 8601 dates, or give the layout with --date-format, such as '%m/%d/%Y'",
        ])
        _ = try fixture.run(ImportFixture.donations { $0.currency = "USD"; $0.dateFormat = "%m/%d/%Y" }, [file]).get()
        #expect(try fixture.rows("SELECT donated_at FROM donations") == [["\"2024-03-04\""]])
    }

    @Test func aColumnThatMapsToNothingIsReportedOnceAndNotImported() throws {
        let fixture = try ImportFixture()
        let summary = try fixture.run(ImportFixture.donations(), [try fixture.file("gifts.csv", bankExport)]).get()
        #expect(summary.warnings.map(\.description) == [
            "gifts.csv:1:6: warning: column 'Reference' is not imported: donations has no column of that name\n  hint: map it with --map 'Reference=COLUMN', or leave it out on purpose with --map 'Reference='",
        ])
    }

    @Test func organizationsThatDoNotExistAreCreatedOnlyWhenAsked() throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("new.csv", "Date,Amount,Organization\n2024-03-05,5.00,Water First\n")
        #expect(fixture.errors(ImportFixture.donations { $0.currency = "USD" }, [file]) == [
            "new.csv:2:3: error: no organization is named 'Water First'\n  hint: name one by its slug or name, or add missing ones with --create-missing",
        ])
        let summary = try fixture.run(ImportFixture.donations { $0.currency = "USD"; $0.createMissing = true }, [file]).get()
        #expect(summary.description == "donations: 1 inserted; organizations: 1 inserted")
        #expect(try fixture.rows("SELECT slug, name, created_at FROM organizations WHERE id = 4") == [["\"water-first\"", "\"Water First\"", "\"2025-01-01\""]])
    }

    @Test func anOrganizationThatDoesNotExistIsReportedOnceForAllTheRowsThatNameIt() throws {
        let fixture = try ImportFixture()
        let rows = ["Water First", "Oxfam", "Water First", "amf", "Water First"].map { "2024-03-05,5.00,\($0)" }
        let file = try fixture.file("new.csv", "Date,Amount,Organization\n" + rows.joined(separator: "\n") + "\n")
        #expect(fixture.errors(ImportFixture.donations { $0.currency = "USD" }, [file]) == [
            "new.csv:2:3: error: no organization is named 'Water First' (and 2 more rows)\n  hint: name one by its slug or name, or add missing ones with --create-missing",
            "new.csv:3:3: error: no organization is named 'Oxfam'\n  hint: name one by its slug or name, or add missing ones with --create-missing",
        ])
        #expect(try fixture.rows("SELECT count(*) FROM donations") == [["0"]])
    }

    /// Every bad input, with the exact diagnostic: file, line, field, message and hint.
    @Test(arguments: [
        ("Date,Amount,Currency,Organization\n2024-03-05,\"12,5O\",USD,amf\n", [
            "bad.csv:2:2: error: amount '12,5O' is not a number\n  hint: write amounts such as 1234.56, 1,234.56 or $12",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,\"12,5\",EUR,amf\n", [
            "bad.csv:2:2: error: amount '12,5' has a ',' that does not separate thousands\n  hint: if commas mark decimals (1.234,56), add --decimal-comma",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,12.345,USD,amf\n", [
            "bad.csv:2:2: error: amount '12.345' has more decimals than its currency's 2\n  hint: amounts are never rounded on import: correct the value or its currency",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,€12.00,USD,amf\n", [
            "bad.csv:2:2: error: amount '€12.00' is in EUR, but the row's currency is USD\n  hint: amounts in different currencies are never mixed: correct the amount or the currency column",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,12.00,USDD,amf\n", [
            "bad.csv:2:3: error: currency 'USDD' is not an ISO 4217 code\n  hint: did you mean 'USD'? write codes such as USD, EUR, GBP",
        ]),
        ("Date,Amount,Organization\n2024-03-05,12.00,amf\n", [
            "bad.csv:2:2: error: amount '12.00' names no currency\n  hint: give one with --currency EUR, or map a currency column",
        ]),
        ("Date,Amount,Currency,Organization\n2024-02-30,12.00,USD,amf\n", [
            "bad.csv:2:1: error: donated_at '2024-02-30' is not a date (2024-03-05)\n  hint: write ISO 8601 dates, or give the layout with --date-format, such as '%m/%d/%Y'",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,12.00,USD,Give Directly\n", [
            "bad.csv:2:4: error: no organization is named 'Give Directly'\n  hint: did you mean 'GiveDirectly'? name one by its slug or name, or add missing ones with --create-missing",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,12.00,USD,amf,extra\n", [
            "bad.csv:2:5: error: the row has 5 fields, but the header has 4\n  hint: a field holding the delimiter ',' must be quoted",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,12.00,USD,\"amf\n", [
            "bad.csv:2:4: error: the file ends inside a quoted field\n  hint: the file may be cut short, or a quote is not closed",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,12.00,USD,a\"mf\"x\n", [
            "bad.csv:2:4: error: a quote stands inside a field that does not start with one\n  hint: a field holding quotes must be quoted whole, with each quote doubled: \"say \"\"hi\"\"\"",
        ]),
        ("Date,Amount,Date,Organization\n", [
            "bad.csv:1:3: error: column 'Date' is named twice (columns 1 and 3)\n  hint: give each column a name of its own",
        ]),
        ("Amount,Currency,Organization\n12.00,USD,amf\n", [
            "bad.csv:1:1: error: nothing maps to donations.donated_at, which every row needs\n  hint: map a column to it, such as --map 'COLUMN=donated_at', or give every row one with --set donated_at=…",
        ]),
        ("", [
            "bad.csv: error: the file has no header row\n  hint: the first line names the columns",
        ]),
        ("Date,Amount,Currency,Organization\n2024-03-05,-30.00,USD,amf\n", [
            "bad.csv:2:2: error: amount '-30.00' is not above zero, and every donation is\n  hint: a bank writes money going out as negative: leave refunds and credits out of the file, or make debits positive",
        ]),
        ("Date,Amount,Currency,Organization,Note\n2024-03-05,1.00,USD,amf,a\u{0}b\n", [
            "bad.csv:2:5: error: note holds the control character U+0, which text never does\n  hint: the file may be binary or damaged; remove the character",
        ]),
    ])
    func refusesBadInputWithItsPlace(text: String, expected: [String]) throws {
        let fixture = try ImportFixture()
        #expect(fixture.errors(ImportFixture.donations(), [try fixture.file("bad.csv", text)]) == expected)
        #expect(try fixture.rows("SELECT count(*) FROM donations") == [["0"]])
    }

    @Test func aFileThatIsNotUTF8IsRefusedAtItsLine() throws {
        let fixture = try ImportFixture()
        let latin1 = Array("Date,Amount,Currency,Organization,Note\n2024-03-05,1.00,USD,amf,caf".utf8) + [0xE9] + Array("\n".utf8)
        #expect(fixture.errors(ImportFixture.donations(), [try fixture.file("latin1.csv", bytes: latin1)]) == [
            "latin1.csv:2:5: error: the file is not UTF-8\n  hint: save it as UTF-8 (a spreadsheet's \"CSV UTF-8\"), or convert it: iconv -f latin1 -t utf-8",
        ])
    }

    @Test func linesCountTheBreaksInsideQuotedFields() throws {
        let fixture = try ImportFixture()
        let text = "Date,Amount,Currency,Organization,Note\n2024-03-05,1.00,USD,amf,\"one\ntwo\r\nthree\"\n\n2024-03-06,x,USD,amf,\n"
        #expect(fixture.errors(ImportFixture.donations(), [try fixture.file("lines.csv", text)]) == [
            "lines.csv:6:2: error: amount 'x' is not a number\n  hint: write amounts such as 1234.56, 1,234.56 or $12",
        ])
    }

    /// (format, table, target of Amount, user) replacing the usual options, and the first diagnostic.
    @Test(arguments: [
        ("cvs", nil, nil, nil, "gifts.csv: error: unknown import format 'cvs'\n  hint: did you mean 'csv'? the formats are csv, json, mastodon, house-vote, senate-vote, congress-roster"),
        (nil, "donation", nil, nil,
         "gifts.csv: error: the database has no table 'donation'\n  hint: did you mean 'donations'? the tables are bill_votes, bills, budget_categories, donations, exchange_rates, expenses, incomes, organization_media, organization_tags, organizations, post_deliveries, posts, questions, representatives, roll_call_positions, roll_calls, social_accounts, user_representatives, users"),
        (nil, nil, "amout", nil,
         "gifts.csv: error: --map names 'amout', which is not a column of donations\n  hint: did you mean 'amount'? donations has id, user_id, user, organization_id, organization, amount_cents, amount, currency, donated_at, recurring, note, import_source, external_id"),
        (nil, nil, nil, "adda", "gifts.csv:2:1: error: no user is named 'adda' (and 2 more rows)\n  hint: did you mean 'ada'? add it with --create-missing, or check --user"),
    ] as [(String?, String?, String?, String?, String)])
    func namesThatDoNotExistGetADidYouMean(format: String?, table: String?, amount: String?, user: String?, expected: String) throws {
        let fixture = try ImportFixture()
        let options = ImportFixture.donations { options in
            options.map["Reference"] = ""
            if let format { options.format = format }
            if let table { options.table = table }
            if let amount { options.map["Amount"] = amount }
            if let user { options.user = user }
        }
        #expect(fixture.errors(options, [try fixture.file("gifts.csv", bankExport)]).first == expected)
    }

    @Test func aSymbolAndCurrencyThatDisagreeAreRefusedAndMinorUnitsTakeTheStatedCurrency() throws {
        let fixture = try ImportFixture()
        let euros = try fixture.file("eur.csv", "Date,Amount,Organization\n2024-03-05,€5.00,amf\n")
        #expect(fixture.errors(ImportFixture.donations { $0.currency = "CAD" }, [euros]) == [
            "eur.csv:2:2: error: amount '€5.00' is in EUR, but --currency says CAD\n  hint: amounts in different currencies are never mixed: correct the amount or --currency",
        ])
        let cents = try fixture.file("cents.csv", "Date,cents,Organization\n2024-03-05,1250,amf\n")
        _ = try fixture.run(ImportFixture.donations { $0.currency = "EUR"; $0.map["cents"] = "amount_cents" }, [cents]).get()
        #expect(try fixture.rows("SELECT amount_cents, currency FROM donations") == [["1250", "\"EUR\""]])
    }

    @Test func organizationsWithoutAnIDAreFoundAgainByTheirSlug() throws {
        let fixture = try ImportFixture()
        var options = ImportOptions(format: "csv")
        options.table = "organizations"
        options.createdAtDefault = "2025-01-01"
        let file = try fixture.file("orgs.csv", "name,city,tags\nWater First,Nairobi,\"water, health\"\n")
        #expect(try fixture.run(options, [file]).get().description == "organization_tags: 2 inserted; organizations: 1 inserted")
        #expect(try fixture.run(options, [file]).get().description == "organization_tags: 2 skipped; organizations: 1 skipped")
        #expect(try fixture.rows("SELECT slug, city FROM organizations WHERE id = 4") == [["\"water-first\"", "\"Nairobi\""]])
    }

    @Test func identicalRowsInTwoFilesAreTwoGifts() throws {
        let fixture = try ImportFixture()
        let a = try fixture.file("a.csv", "Date,Amount,Organization\n2024-03-05,5.00,amf\n")
        let b = try fixture.file("b.csv", "Date,Amount,Organization\n2024-03-05,5.00,amf\n")
        let options = ImportFixture.donations { $0.currency = "USD" }
        #expect(try fixture.run(options, [a, b]).get().description == "donations: 2 inserted")
        #expect(try fixture.run(options, [a, b]).get().description == "donations: 2 skipped")
    }

    /// The fingerprints of rows imported by earlier versions, so that a file imported again after an upgrade is
    /// still found: text, whole numbers and a negative-free amount, a row repeated, a column left to its default.
    @Test func fingerprintsAreTheOnesEarlierVersionsWrote() throws {
        let fixture = try ImportFixture()
        let file = try fixture.file("golden.csv", """
            Donated At,Amount,Organization,Note,Recurring
            2024-03-05,10.00,amf,Für -1 €,yes
            2024-03-05,10.00,amf,Für -1 €,yes
            2023-12-31,0.5,GiveDirectly,,no

            """)
        #expect(try fixture.run(ImportFixture.donations { $0.currency = "EUR" }, [file]).get().description == "donations: 3 inserted")
        #expect(try fixture.rows("SELECT external_id FROM donations ORDER BY id") == [
            ["\"row-c2827bb60e2e5c05\""], ["\"row-c2827bb60e2e5c05-2\""], ["\"row-f2675ed20e4220fe\""],
        ])
    }

    @Test func aDryRunOrAFailedImportIntoANewDatabaseLeavesNoFile() throws {
        let fixture = try ImportFixture()
        let path = fixture.folder.appendingPathComponent("new/site.sqlite").path
        let good = try fixture.file("gifts.csv", "Date,Amount,Organization\n2024-03-05,5.00,Water First\n")
        var options = ImportFixture.donations { $0.currency = "USD"; $0.createMissing = true }
        let dry = Result { () throws(ImportFailure) in try Importer.run(options, files: [good], databaseAt: path, dryRun: true) }
        #expect((try? dry.get())?.description == "donations: 1 inserted; organizations: 1 inserted; users: 1 inserted")
        #expect(!FileManager.default.fileExists(atPath: path))
        options.createMissing = false
        #expect(throws: ImportFailure.self) { try Importer.run(options, files: [good], databaseAt: path, dryRun: false) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
