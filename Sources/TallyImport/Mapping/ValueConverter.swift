import TallyFormat

/// Reads one source row's values into a contract record, column kind by column kind, collecting every problem
/// with its place (`gifts.csv:17:3`) so a file with many bad rows is reported in one run.
struct ValueConverter {
    /// The file's mapping: one reference for every row's converter, rather than copies of the table and options.
    let mapping: TableMapping
    let location: SourceLocation
    var table: ContractTable { mapping.table }
    var options: ImportOptions { mapping.options }
    var record: ContractRecord
    private var problems: [Diagnostic] = []
    /// Amounts wait until every field is read: the currency column may come after them.
    private var amounts: [(column: ContractTable.Column, text: String, asDecimal: Bool, source: String?)] = []
    /// The row's currency column, read once; whether it held something that is not a currency.
    private var rowCurrency: Currency?
    private var rowCurrencyIsBad = false

    /// Tables whose amounts are above zero (`tally check` holds them to it too).
    static let positiveAmounts: Set<String> = ["donations", "expenses"]

    init(mapping: TableMapping, location: SourceLocation) {
        self.mapping = mapping
        self.location = location
        record = ContractRecord(table: mapping.table.name, values: [], location: location)
        record.values.reserveCapacity(mapping.table.columns.count)
    }

    mutating func add(_ value: SourceValue, to column: ContractTable.Column, asDecimal: Bool, from source: String?) {
        let text: String
        switch value {
        case .null: text = ""
        case .text(let string), .number(let string): text = string
        case .bool(let flag): text = flag ? "1" : "0"
        }
        let trimmed = text.trimmed
        if column.name == "external_id" {
            record.externalID = trimmed.isEmpty ? nil : trimmed
            return
        }
        if trimmed.isEmpty {
            if column.isNullable {
                record.set(column.name, .null)
            } else if column.isRequired {
                problem(source, "\(table.name).\(column.name) needs a value, and this row has none", hint: "fill it in the file, or give every row one with --set \(column.name)=…")
            }
            return
        }
        switch column.kind {
        case .money:
            amounts.append((column, text, asDecimal, source))
        case .currency:
            if let currency = mapping.currency(trimmed) {
                rowCurrency = currency
                record.set(column.name, .text(currency.code))
            } else {
                rowCurrencyIsBad = true
                let suggestion = NameSuggestion.closest(to: trimmed, among: Currency.knownCodes).map { "did you mean '\($0)'? " } ?? ""
                problem(source, "currency \(Diagnostic.quoted(text)) is not an ISO 4217 code", hint: suggestion + "write codes such as USD, EUR, GBP")
            }
        case .dateTime, .date, .month:
            let kind: DateText.Kind = column.kind == .month ? .month : column.kind == .date ? .date : .dateTime
            if let date = DateText.parse(text, as: kind, format: options.dateFormat) {
                record.set(column.name, .text(date))
            } else {
                let expected = kind == .month ? "a month (2024-03)" : "a date (2024-03-05)"
                problem(source, "\(column.name) \(Diagnostic.quoted(text)) is not \(expected)",
                        hint: options.dateFormat.map { "it does not match --date-format '\($0)'" }
                            ?? "write ISO 8601 dates, or give the layout with --date-format, such as '%m/%d/%Y'")
            }
        case .boolean:
            switch trimmed.lowercased() {
            case "1", "true", "yes", "y", "t": record.set(column.name, .integer(1))
            case "0", "false", "no", "n", "f": record.set(column.name, .integer(0))
            default: problem(source, "\(column.name) \(Diagnostic.quoted(text)) is not yes or no", hint: "write true or false, yes or no, 1 or 0")
            }
        case .integer:
            if let number = Int64(trimmed) {
                record.set(column.name, .integer(number))
            } else {
                problem(source, "\(column.name) \(Diagnostic.quoted(text)) is not a whole number", hint: "write digits only, such as 42")
            }
        case .real:
            if let number = Double(trimmed), number.isFinite {
                record.set(column.name, .real(number))
            } else {
                problem(source, "\(column.name) \(Diagnostic.quoted(text)) is not a number", hint: "write a number such as 4.5")
            }
        case .text:
            if let control = text.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" || $0.value == 0x7F }) {
                problem(source, "\(column.name) holds the control character U+\(String(control.value, radix: 16, uppercase: true)), which text never does",
                        hint: "the file may be binary or damaged; remove the character")
                return
            }
            record.set(column.name, .text(text))
        case .reference(.organization, _):
            record.set(column.name, .organization(trimmed))
        case .reference(.user, _):
            record.set(column.name, .user(trimmed))
        case .reference(.category, _):
            record.set(column.name, .category(trimmed))
        }
    }

    /// `tags` of an organization: `health, water; children` becomes three organization_tags rows.
    mutating func addTags(_ value: SourceValue) {
        guard case .text(let text) = value else { return }
        let tags = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "|" }).map { String($0.trimmed) }.filter { !$0.isEmpty }
        for tag in tags {
            record.children.append(ContractRecord(table: "organization_tags", values: [("organization_id", .parent), ("tag", .text(tag))],
                                                  location: location))
        }
    }

    /// The record, once the amounts are read in the row's currency; or every problem the row has.
    mutating func finish() -> Result<ContractRecord, ImportFailure> {
        for amount in amounts { readAmount(amount.column, amount.text, asDecimal: amount.asDecimal, source: amount.source) }
        return problems.isEmpty ? .success(record) : .failure(ImportFailure(problems))
    }

    private mutating func readAmount(_ column: ContractTable.Column, _ text: String, asDecimal: Bool, source: String?) {
        guard case .money(let currencyColumn) = column.kind, !rowCurrencyIsBad else { return }
        let hasCurrencyColumn = table.column(currencyColumn) != nil
        guard asDecimal else {
            if let minor = Int64(text.trimmed) {
                record.set(column.name, .integer(minor))
                if hasCurrencyColumn, rowCurrency == nil {
                    guard let currency = mapping.defaultCurrency else {
                        problem(source, "\(column.name) \(Diagnostic.quoted(text)) names no currency", hint: "give one with --currency EUR, or map a currency column")
                        return
                    }
                    record.set(currencyColumn, .text(currency.code))
                }
            } else {
                problem(source, "\(column.name) \(Diagnostic.quoted(text)) is not a whole number of minor units",
                        hint: "map the column to '\(column.name.dropLast("_cents".count))' to read amounts such as 12.50")
            }
            return
        }
        let fallback = rowCurrency ?? mapping.defaultCurrency
        switch AmountText.parse(text, currency: fallback, decimalComma: options.decimalComma) {
        case .success(let amount):
            let currency = amount.currency ?? fallback
            guard let currency else {
                problem(source, "amount \(Diagnostic.quoted(text)) names no currency", hint: "give one with --currency EUR, or map a currency column")
                return
            }
            if let rowCurrency, rowCurrency != currency {
                problem(source, "amount \(Diagnostic.quoted(text)) is in \(currency.code), but the row's currency is \(rowCurrency.code)",
                        hint: "amounts in different currencies are never mixed: correct the amount or the currency column")
                return
            }
            if let stated = mapping.defaultCurrency, rowCurrency == nil, stated != currency {
                problem(source, "amount \(Diagnostic.quoted(text)) is in \(currency.code), but --currency says \(stated.code)",
                        hint: "amounts in different currencies are never mixed: correct the amount or --currency")
                return
            }
            if !hasCurrencyColumn, mapping.defaultCurrency == nil {
                problem(source, "\(table.name) has no currency column, so \(column.name) is read in the site's currency, which the import cannot see",
                        hint: "say which currency the file's amounts are in with --currency, the same as the site's `currency`")
                return
            }
            if amount.minorUnits <= 0, mapping.amountsArePositive {
                problem(source, "amount \(Diagnostic.quoted(text)) is not above zero, and every \(table.name.dropLast()) is",
                        hint: "a bank writes money going out as negative: leave refunds and credits out of the file, or make debits positive")
                return
            }
            record.set(column.name, .integer(amount.minorUnits))
            if hasCurrencyColumn { record.set(currencyColumn, .text(currency.code)) }
        case .failure(let failure):
            let (message, hint): (String, String)
            switch failure {
            case .notANumber:
                (message, hint) = ("amount \(Diagnostic.quoted(text)) is not a number", "write amounts such as 1234.56, 1,234.56 or $12")
            case .misplacedSeparator(let mark):
                (message, hint) = ("amount \(Diagnostic.quoted(text)) has a '\(mark)' that does not separate thousands",
                                   options.decimalComma ? "with --decimal-comma, '.' separates thousands and ',' decimals"
                                                        : "if commas mark decimals (1.234,56), add --decimal-comma")
            case .tooManyDecimals(let allowed):
                (message, hint) = ("amount \(Diagnostic.quoted(text)) has more decimals than its currency's \(allowed)",
                                   "amounts are never rounded on import: correct the value or its currency")
            case .unknownCurrency(let code):
                (message, hint) = ("amount \(Diagnostic.quoted(text)) names \(Diagnostic.quoted(code)), which is not an ISO 4217 code",
                                   "write codes such as USD, EUR, JPY")
            case .tooLarge:
                (message, hint) = ("amount \(Diagnostic.quoted(text)) is too large", "amounts must fit 64-bit minor units")
            }
            problem(source, message, hint: hint)
        }
    }

    private mutating func problem(_ source: String?, _ message: String, hint: String) {
        problems.append(location.problem(message, hint: hint, sourceColumn: source))
    }
}
