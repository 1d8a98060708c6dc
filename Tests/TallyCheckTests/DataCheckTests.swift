import Foundation
import Testing
import TallyCheck
import TallySite
import TallyTestSupport

/// The data checks of `tally check`, on a database with one mistake of every kind.
@Suite struct DataCheckTests {
    /// Foreign keys are off so that the rows can point nowhere, as in a database another tool wrote.
    static let badData = """
        PRAGMA foreign_keys = OFF;
        INSERT INTO users (id, username, display_name, email, created_at) VALUES
          (1, 'ada', 'Ada', 'ada@example.com', '2024-01-01'),
          (2, 'riley', 'Riley Private', 'riley@example.com', 'someday');
        INSERT INTO organizations (id, slug, name, created_at) VALUES
          (1, 'good-org', 'Good', '2024-01-01'),
          (2, 'São Paulo', 'Bad slug', '01/02/2024');
        INSERT INTO donations (id, user_id, organization_id, amount_cents, currency, donated_at) VALUES
          (1, 1, 1, 500, 'USD', '2024-02-01'),
          (2, 1, 1, 0, 'usd', '2024-02-30'),
          (3, 1, 1, -500, 'EURO', '2024-03-01'),
          (4, 2, 1, -1, 'XXY', 'never');
        INSERT INTO budget_categories (id, user_id, parent_id, name) VALUES
          (1, 1, NULL, 'Home'), (2, 1, 4, 'Rent'), (3, 1, 2, 'Deposit'), (4, 1, 3, 'Loop'), (5, 1, 5, 'Self'), (6, 2, 6, 'Riley');
        INSERT INTO expenses (id, user_id, category_id, name, amount_cents, currency, spent_on) VALUES
          (1, 1, 1, 'Rent', 12.5, 'USD', '2024-03-01'),
          (2, 2, 6, 'Riley rent', 0, 'USD', '2024-03-01');
        INSERT INTO incomes (id, user_id, month, amount_cents, currency) VALUES (1, 1, '2024-13', 100, 'JPY');
        INSERT INTO bills (id, title, chamber, status, introduced_on) VALUES
          ('hr1-118', 'Good bill', 'house', 'passed', '2023-01-09'), ('hr2-118', 'Bad date', 'house', 'pending', 'January 9');
        INSERT INTO representatives (id, name, chamber) VALUES ('H-CA-1', 'Rep', 'house');
        INSERT INTO bill_votes (bill_id, representative_id, vote, voted_on) VALUES
          ('hr1-118', 'H-CA-1', 'yes', '2023-02-01'), ('hr9-118', 'H-CA-1', 'no', NULL), ('hr1-118', 'H-ZZ-9', 'yes', '2023-02-01');
        INSERT INTO roll_calls (id, chamber, congress, session, number, voted_at, question, bill_id, yea_count, nay_count, present_count,
                                not_voting_count) VALUES
          (1, 'house', 118, 1, 1, '2023-02-01T12:00:00-05:00', 'On Passage', 'hr1-118', 1, 1, 0, 0),
          (2, 'house', 118, 1, 2, 'Feb 2', 'On Passage', 'hr7-118', 2, 0, 0, 1),
          (3, 'house', 118, 1, 3, '2023-02-03', 'Call of the House', NULL, 0, 0, 5, 0);
        INSERT INTO roll_call_positions VALUES (1, 'H-CA-1', 'yes', 'Yea', 'D'), (2, 'H-CA-1', 'yes', 'Yea', 'D'),
          (9, 'H-CA-1', 'no', 'Nay', 'D'), (1, 'H-ZZ-9', 'no', 'Nay', 'R');
        """

    /// `users.timezone` holds an IANA name or nothing; the user's row is named, never the value (users are personal).
    @Test func aPersonsZoneThatIsNoIANANameIsReported() throws {
        let site = try TestSite(["content/index.md": "# Home\n"], seedSQL: """
            INSERT INTO users (id, username, display_name, created_at, timezone) VALUES
              (1, 'ada', 'Ada', '2024-01-01', 'Pacific Time'), (2, 'sam', 'Sam', '2024-01-01', 'Asia/Kolkata'),
              (3, 'bo', 'Bo', '2024-01-01', ''), (4, 'cy', 'Cy', '2024-01-01', NULL);
            """)
        let report = SiteChecker.check(BuildOptions(root: site.root))
        #expect(report.problems.filter { $0.kind == .unknownTimezone }.map(\.diagnostic.description) == [
            """
            site.sqlite: error: users row 1: timezone is not an IANA time zone name
              hint: use a name such as America/Los_Angeles, or leave it empty for the site's `timezone`
            """,
        ])
    }

    /// A rate `convert_cents` cannot read converts nothing, so a typo would quietly drop a month from every converted
    /// figure; codes and months are checked as in the other tables. Rates are not personal: values are printed.
    @Test func exchangeRatesThatCannotConvertAreReported() throws {
        let site = try TestSite(["content/index.md": "# Home\n"], seedSQL: """
            INSERT INTO exchange_rates (base_currency, quote_currency, month, rate) VALUES
              ('EUR', 'USD', '2025-01', '1.0352'), ('EUR', 'USD', '2025-02', '1,0410'),
              ('EUR', 'USD', '2025-03-01', '1.0807'), ('EURO', 'usd', '2025-04', '0'),
              ('GBP', 'USD', 'April', '-1.25'), ('JPY', 'USD', '2025-05', '0.0067');
            """)
        let report = SiteChecker.check(BuildOptions(root: site.root))
        #expect(report.problems.map(\.diagnostic.description) == [
            """
            site.sqlite: error: exchange_rates row 2: rate '1,0410' is not plain decimal text
              hint: write the units of quote_currency for one base_currency as digits and one point, such as 1.0769; no sign, comma, exponent or zero
            """,
            """
            site.sqlite: error: exchange_rates row 3: month '2025-03-01' is not a month written YYYY-MM
              hint: a rate applies to a whole month, such as 2025-02; a gift of 2025-02-14 uses it
            """,
            """
            site.sqlite: error: exchange_rates row 4: base_currency 'EURO' is not an ISO 4217 code
              hint: use a three-letter code such as USD, EUR or JPY
            """,
            """
            site.sqlite: error: exchange_rates row 4: rate '0' is not plain decimal text
              hint: write the units of quote_currency for one base_currency as digits and one point, such as 1.0769; no sign, comma, exponent or zero
            """,
            """
            site.sqlite: error: exchange_rates row 5: month 'April' is not a month written YYYY-MM
              hint: a rate applies to a whole month, such as 2025-02; a gift of 2025-02-14 uses it
            """,
            """
            site.sqlite: error: exchange_rates row 5: rate '-1.25' is not plain decimal text
              hint: write the units of quote_currency for one base_currency as digits and one point, such as 1.0769; no sign, comma, exponent or zero
            """,
        ])
        #expect(report.problems.map(\.kind) == [.badRate, .badDate, .unknownCurrency, .badRate, .badDate, .badRate])
    }

    @Test func reportsEveryDataProblemByTableAndRowWithoutPersonalValues() throws {
        let site = try TestSite(["content/index.md": "# Home\n"], seedSQL: Self.badData)
        let report = SiteChecker.check(BuildOptions(root: site.root))
        #expect(report.problems.map(\.diagnostic.description) == [
            """
            site.sqlite: error: donations row 2: amount_cents is zero or negative
              hint: amounts are whole minor units (cents) greater than zero; fix or delete the row
            """,
            """
            site.sqlite: error: donations row 3: amount_cents is zero or negative
              hint: amounts are whole minor units (cents) greater than zero; fix or delete the row
            """,
            """
            site.sqlite: error: expenses row 1: amount_cents is not a whole number
              hint: amounts are whole minor units (cents) greater than zero; fix or delete the row
            """,
            """
            site.sqlite: error: donations row 3: currency is not an ISO 4217 code
              hint: use a three-letter code such as USD, EUR or JPY
            """,
            """
            site.sqlite: error: bill_votes row 2: bill_id 'hr9-118' is not in bills
              hint: add the row to bills, or fix or delete the vote
            """,
            """
            site.sqlite: error: bill_votes row 3: representative_id 'H-ZZ-9' is not in representatives
              hint: add the row to representatives, or fix or delete the vote
            """,
            """
            site.sqlite: error: roll_calls row 2: bill_id 'hr7-118' is not in bills
              hint: add the row to bills, or fix or delete the roll call's bill_id
            """,
            """
            site.sqlite: error: roll_call_positions row 3: roll_call_id '9' is not in roll_calls
              hint: add the row to roll_calls, or fix or delete the vote
            """,
            """
            site.sqlite: error: roll_call_positions row 4: representative_id 'H-ZZ-9' is not in representatives
              hint: add the row to representatives, or fix or delete the vote
            """,
            """
            site.sqlite: error: roll_calls row 2: yea_count is 2, but its positions have 1 'yes'
              hint: a roll call's totals must equal its positions; import the chamber's file again or fix the rows
            """,
            """
            site.sqlite: error: roll_calls row 2: not_voting_count is 1, but its positions have 0 'not voting'
              hint: a roll call's totals must equal its positions; import the chamber's file again or fix the rows
            """,
            """
            site.sqlite: error: budget_categories rows 2 → 4 → 3 → 2 form a cycle through parent_id
              hint: set parent_id to NULL in one of them, so that the categories form a tree
            """,
            """
            site.sqlite: error: budget_categories row 5: parent_id is the row itself
              hint: set parent_id to NULL in one of them, so that the categories form a tree
            """,
            """
            site.sqlite: error: organizations row 2: slug 'São Paulo' is not URL-safe
              hint: use only letters, digits, '-', '_', '.' and '~', not starting with '.'; slugify(name) in SQL makes one
            """,
            """
            site.sqlite: error: organizations row 2: created_at '01/02/2024' is not an ISO 8601 date
              hint: write dates as 2024-03-05, 2024-03 or 2024-03-05T14:30:00Z
            """,
            """
            site.sqlite: error: donations row 2: donated_at is not an ISO 8601 date
              hint: write dates as 2024-03-05, 2024-03 or 2024-03-05T14:30:00Z
            """,
            """
            site.sqlite: error: incomes row 1: month is not an ISO 8601 date
              hint: write dates as 2024-03-05, 2024-03 or 2024-03-05T14:30:00Z
            """,
            """
            site.sqlite: error: bills row 'hr2-118': introduced_on 'January 9' is not an ISO 8601 date
              hint: write dates as 2024-03-05, 2024-03 or 2024-03-05T14:30:00Z
            """,
            """
            site.sqlite: error: roll_calls row 2: voted_at 'Feb 2' is not an ISO 8601 date
              hint: write dates as 2024-03-05, 2024-03 or 2024-03-05T14:30:00Z
            """,
        ])
        let everything = report.json() + report.problems.map(\.diagnostic.description).joined()
        for secret in ["riley", "Riley", "example.com", "XXY", "never", "someday", "-500", "EURO"] {
            #expect(!everything.contains(secret), "printed \(secret)")
        }
    }

    @Test func skipsTheChecksOfTablesADatabaseDoesNotHave() throws {
        let drop = ["organization_tags", "organization_media", "donations", "incomes", "expenses", "budget_categories",
                    "user_representatives", "bill_votes", "questions", "post_deliveries", "posts", "social_accounts",
                    "users", "representatives", "bills"].map { "DROP TABLE \($0);" }.joined(separator: " ")
        let site = try TestSite(["content/index.md": "# Home\n"],
                                seedSQL: "PRAGMA foreign_keys = OFF; \(drop) INSERT INTO organizations (slug, name, created_at) VALUES ('a b', 'A', '2024-01-01');")
        let report = SiteChecker.check(BuildOptions(root: site.root))
        #expect(report.problems.map(\.diagnostic.message) == ["organizations row 1: slug 'a b' is not URL-safe"])
    }

    @Test func theJSONReportHasOneObjectPerProblemWithStableKeys() throws {
        let site = try TestSite(["content/index.md": "# Home\n\n[Nope](/nope/)\n"],
                                seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('a b', 'A', '2024-01-01');")
        #expect(SiteChecker.check(BuildOptions(root: site.root)).json() == """
            {
              "internal_links" : 2,
              "pages" : 1,
              "problems" : [
                {
                  "column" : 13,
                  "count" : 1,
                  "file" : "public/index.html",
                  "hint" : "fix the URL, or add content/nope.md",
                  "kind" : "broken-link",
                  "line" : 2,
                  "message" : "broken link '/nope/': nothing is built at /nope/ (page from content/index.md)",
                  "severity" : "error",
                  "source" : "content/index.md"
                },
                {
                  "column" : null,
                  "count" : 1,
                  "file" : "site.sqlite",
                  "hint" : "use only letters, digits, '-', '_', '.' and '~', not starting with '.'; slugify(name) in SQL makes one",
                  "kind" : "unsafe-slug",
                  "line" : null,
                  "message" : "organizations row 1: slug 'a b' is not URL-safe",
                  "severity" : "error",
                  "source" : null
                }
              ]
            }
            """)
    }
}
