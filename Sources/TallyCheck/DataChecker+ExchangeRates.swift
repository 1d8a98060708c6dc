import TallyFormat

extension DataChecker {
    /// `exchange_rates` (contract v5): two ISO 4217 codes, a month that a gift's date finds (`YYYY-MM`), and a rate
    /// that `convert_cents` reads. A rate it cannot read converts nothing, and a page then says no rate was used,
    /// so without this check a typo such as `1,0769` would quietly leave a month's gifts out of every converted
    /// figure. Rates are not personal: their values are printed.
    func exchangeRateProblems(_ schema: DataSchema) -> [CheckProblem] {
        guard schema.has("exchange_rates", "base_currency", "quote_currency", "month", "rate"),
              let table = try? database.run("SELECT rowid, base_currency, quote_currency, month, rate FROM exchange_rates ORDER BY rowid")
        else { return [] }
        return table.rows.flatMap { row -> [CheckProblem] in
            guard row.count == 5 else { return [] }
            let key = row[0]
            var found: [CheckProblem] = []
            for (column, value) in [("base_currency", row[1]), ("quote_currency", row[2])] where Currency.lookup(value.text) == nil {
                found.append(problem(.unknownCurrency, "exchange_rates", key, "\(column) \(Diagnostic.quoted(value.text)) is not an ISO 4217 code",
                                     hint: "use a three-letter code such as USD, EUR or JPY"))
            }
            if ISODate(row[3].text)?.precision != .month || row[3].text.utf8.count != 7 {
                found.append(problem(.badDate, "exchange_rates", key, "month \(Diagnostic.quoted(row[3].text)) is not a month written YYYY-MM",
                                     hint: "a rate applies to a whole month, such as 2025-02; a gift of 2025-02-14 uses it"))
            }
            if ExchangeRate(row[4].text) == nil {
                found.append(problem(.badRate, "exchange_rates", key, "rate \(Diagnostic.quoted(row[4].text)) is not plain decimal text",
                                     hint: "write the units of quote_currency for one base_currency as digits and one point, such as 1.0769; no sign, comma, exponent or zero"))
            }
            return found
        }
    }
}
