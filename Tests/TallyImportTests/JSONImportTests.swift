import Foundation
import Testing
@testable import TallyImport

/// `tally import json`: arrays of objects and NDJSON, read an element at a time.
@Suite struct JSONImportTests {
    static func options() -> ImportOptions {
        var options = ImportFixture.donations()
        options.format = "json"
        options.map = ["date": "donated_at", "amount": "amount", "org": "organization"]
        return options
    }

    @Test func anArrayAndOneObjectPerLineGiveTheSameRows() throws {
        let fixture = try ImportFixture()
        let array = try fixture.file("gifts.json", """
            [
              {"date": "2024-03-05", "amount": "12.50", "currency": "EUR", "org": "amf", "recurring": true, "note": "a \\"quoted\\" ] note"},
              {"date": "2024-03-06", "amount": 7, "currency": "USD", "org": "GiveDirectly", "recurring": false, "note": null}
            ]
            """)
        #expect(try fixture.run(Self.options(), [array]).get().description == "donations: 2 inserted")
        let lines = try fixture.file("gifts.ndjson", """
            {"date": "2024-03-05", "amount": "12.50", "currency": "EUR", "org": "amf", "recurring": true, "note": "a \\"quoted\\" ] note"}
            {"date": "2024-03-06", "amount": 7, "currency": "USD", "org": "GiveDirectly", "recurring": false, "note": null}

            """)
        var options = Self.options()
        options.source = "gifts.json"
        #expect(try fixture.run(options, [lines]).get().description == "donations: 2 skipped")
        #expect(try fixture.rows("SELECT amount_cents, currency, recurring, note FROM donations ORDER BY id") == [
            ["1250", "\"EUR\"", "1", "\"a \\\"quoted\\\" ] note\""], ["700", "\"USD\"", "0", "\"\""],
        ])
    }

    @Test(arguments: [
        ("[{\"date\": \"2024-03-05\", \"amount\": \"12,5O\", \"currency\": \"EUR\", \"org\": \"amf\"}]", [
            "bad.json:1:1: error: $[0].amount: amount '12,5O' is not a number\n  hint: write amounts such as 1234.56, 1,234.56 or $12",
        ]),
        ("[{\"date\": \"2024-03-05\", \"amount\": \"1\", \"currency\": \"EUR\", \"org\": \"amf\"},\n {\"date\": \"2024-03-05\", \"amou", [
            "bad.json:2:1: error: the file ends inside a value, after 1 complete element\n  hint: the file may be cut short or not JSON; check it with: python3 -m json.tool FILE",
        ]),
        ("{\"date\": \"2024-03-05\"}\n{\"date\": [1]}\n", [
            "bad.json:1:1: error: nothing maps to donations.organization_id, which every row needs\n  hint: map a column to it, such as --map 'COLUMN=organization', or give every row one with --set organization=…",
            "bad.json:1:1: error: nothing maps to donations.amount_cents, which every row needs\n  hint: map a column to it, such as --map 'COLUMN=amount', or give every row one with --set amount=…",
        ]),
        ("[{\"date\": \"2024-03-05\", \"amount\": \"1\", \"currency\": \"EUR\", \"org\": \"amf\", \"tags\": [\"a\"]}]", [
            "bad.json:1:1: error: $[0].tags: a nested object or array cannot be a column\n  hint: flatten the data first, or leave the key out with --map 'tags='",
        ]),
        ("[{\"date\": \"2024-03-05\", \"amount\": \"1\",, }]", [
            "bad.json:1:1: error: $[0] is not valid JSON\n  hint: check it with: python3 -m json.tool bad.json",
        ]),
        ("", ["bad.json: error: the file holds no JSON\n  hint: the file may be empty or cut short"]),
        ("[{\"date\": \"2024-03-05\", \"amount\": \"1\", \"currency\": \"EUR\", \"org\": \"amf\"}}", [
            "bad.json:1:1: error: a '}' closes nothing it opened\n  hint: the file may be cut short or not JSON; check it with: python3 -m json.tool FILE",
        ]),
        ("[1, 2", [
            "bad.json:1:1: error: $[0] is not an object\n  hint: each element is one row: {\"key\": value, …}",
            "bad.json:1:1: error: the file ends inside the array, after 2 elements\n  hint: the file may be cut short or not JSON; check it with: python3 -m json.tool FILE",
        ]),
        ("{\"date\": \"2024-03-05\", \"amount\": \"1\", \"currency\": \"EUR\", \"org\": \"amf\"} ]", [
            "bad.json:1:1: error: a ']' closes nothing\n  hint: the file may be cut short or not JSON; check it with: python3 -m json.tool FILE",
        ]),
    ])
    func refusesBadJSONWithItsPlace(text: String, expected: [String]) throws {
        let fixture = try ImportFixture()
        #expect(fixture.errors(Self.options(), [try fixture.file("bad.json", text)]) == expected)
        #expect(try fixture.rows("SELECT count(*) FROM donations") == [["0"]])
    }
}
