import Testing
import TallyFormat

/// `CSVText`: RFC 4180 quoting, money in major units beside its currency, and OWASP's formula rule.
@Suite struct CSVTextTests {
    @Test func fieldsAreQuotedOnlyWhenRFC4180AsksAndRecordsEndInCRLF() {
        #expect(CSVText.record(["plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere", ""]) ==
                "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\",\r\n")
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\tcmd", "'\tcmd"),
        ("\r=1", "'\r=1"),
        ("-", "'-"),
        ("-12.50", "-12.50"),
        ("-3", "-3"),
        ("12.5", "12.5"),
        ("-1e5", "'-1e5"),
        ("-.5", "'-.5"),
        ("a=b", "a=b"),
    ])
    func cellsASpreadsheetWouldEvaluateGetAQuoteButNumbersStayNumbers(field: String, expected: String) {
        #expect(CSVText.neutralised(field) == expected)
    }

    @Test func hostileValuesAreNeutralisedThenQuoted() {
        let table = DataTable(columns: ["name", "note"], rows: [
            [.text("=cmd|' /C calc'!A0"), .text("-2+3,\"x\"")],
            [.text("@import"), .text("+\n=1")],
        ])
        #expect(CSVText.make(table) == "name,note\r\n'=cmd|' /C calc'!A0,\"'-2+3,\"\"x\"\"\"\r\n'@import,\"'+\n=1\"\r\n")
    }

    @Test func centsBecomeMajorUnitsBesideTheirCurrency() {
        let table = DataTable(columns: ["donated_at", "amount_cents", "currency", "fee_cents", "fee_currency", "count"], rows: [
            [.text("2025-03-01"), .integer(123456), .text("USD"), .integer(-1250), .text("EUR"), .integer(-4)],
            [.text("2025-03-02"), .integer(1235), .text("JPY"), .real(99.5), .text("KWD"), .real(2.5)],
            [.text("2025-03-03"), .null, .text("USD"), .integer(100), .text("XXZ"), .null],
        ])
        #expect(CSVText.make(table) == """
            donated_at,amount,currency,fee,fee_currency,count\r
            2025-03-01,1234.56,USD,-12.50,EUR,-4\r
            2025-03-02,1235,JPY,0.100,KWD,2.5\r
            2025-03-03,,USD,,XXZ,\r

            """)
    }

    @Test func centsWithoutACurrencyColumnStayIntegers() {
        let table = DataTable(columns: ["amount_cents"], rows: [[.integer(-500)]])
        #expect(CSVText.make(table) == "amount_cents\r\n-500\r\n")
    }

    @Test func anEmptyResultIsTheHeaderAlone() {
        #expect(CSVText.make(DataTable(columns: ["a", "b"], rows: [])) == "a,b\r\n")
    }
}
