/// A query result as RFC 4180 CSV for a spreadsheet: UTF-8 without a byte order mark, CRLF after every record,
/// the column names as the header, the same bytes on every build.
///
/// - Money: an `X_cents` column with a currency column (`X_currency`, else `currency`) is written as `X`, in
///   decimal major units ("1234.50", "-12.50", "1235" for yen), and the currency column is kept beside it, so
///   amounts in different currencies are never read as one. A value that is not a whole number of minor units is
///   rounded half away from zero, as the `money` helper does; an amount whose currency is not an ISO 4217 code is
///   left empty (its currency cell still shows the code), because the number of decimals is not known.
/// - Spreadsheet formulas (OWASP's CSV injection rule): a cell that begins with `=`, `+`, `-`, `@`, a tab or a
///   carriage return gets a `'` in front, so a spreadsheet shows it as text. A cell that is a plain decimal number
///   (`-12.50`, `-3`) is left as it is: it is not a formula, and OWASP's advice is to keep numbers usable as numbers.
public enum CSVText {
    /// The whole file for `table`.
    /// - Parameter moneyColumns: columns of minor units not named `*_cents` (a table block's `formats: {Income: money}`);
    ///   they keep their names.
    public static func make(_ table: DataTable, moneyColumns: Set<String> = []) -> String {
        let money = table.columns.indices.map { moneyCurrencyColumn(table, $0, moneyColumns) }
        var out = record(table.columns.indices.map { column in
            let name = table.columns[column]
            return money[column] != nil && name.hasSuffix("_cents") ? String(name.dropLast(6)) : name
        })
        for row in table.rows {
            out += record(row.indices.map { column in
                guard let currencyColumn = money[column] else { return cell(row[column]) }
                return amount(row[column], currency: row[currencyColumn].text)
            })
        }
        return out
    }

    /// One record: the fields, each neutralised and quoted as needed, joined by commas and ended by CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map { quoted(neutralised($0)) }.joined(separator: ",") + "\r\n"
    }

    /// `'` in front of a cell a spreadsheet would read as a formula; a plain decimal number is left alone.
    public static func neutralised(_ field: String) -> String {
        guard let first = field.utf8.first, formulaStarts.contains(first), !isPlainNumber(field) else { return field }
        return "'" + field
    }

    /// RFC 4180: a field holding a comma, a double quote, CR or LF is enclosed in double quotes, and each double
    /// quote inside is doubled. Other fields are written bare.
    public static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == comma || $0 == quote || $0 == cr || $0 == lf }) else { return field }
        var out = "\""
        for character in field.unicodeScalars {
            if character == "\"" { out += "\"" }
            out.unicodeScalars.append(character)
        }
        return out + "\""
    }

    private static let (comma, quote, cr, lf) = (UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\r"), UInt8(ascii: "\n"))
    private static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"),
                                                    UInt8(ascii: "\t"), cr]

    /// `-?digits(.digits)?`: what a number column holds, and nothing a spreadsheet evaluates.
    static func isPlainNumber(_ field: String) -> Bool {
        var bytes = Substring(field).utf8
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard !bytes.isEmpty, parts.count <= 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (0x30...0x39).contains($0) } }
    }

    private static func cell(_ value: DataValue) -> String {
        switch value {
        case .null: ""
        case .integer(let number): String(number)
        case .real(let number): number.isFinite ? value.text : ""
        case .text(let text): text
        }
    }

    /// `X_cents` columns (and `moneyColumns`) that have a currency column: the currency column's position.
    private static func moneyCurrencyColumn(_ table: DataTable, _ column: Int, _ moneyColumns: Set<String>) -> Int? {
        let name = table.columns[column]
        guard (name.hasSuffix("_cents") && name.count > 6) || moneyColumns.contains(name) else { return nil }
        return ColumnNaming.currencyColumn(for: name, position: table.index(of:))
    }

    private static func amount(_ value: DataValue, currency code: String) -> String {
        guard let currency = Currency.lookup(code), let number = value.number, number.isFinite, abs(number) < 9e15 else { return "" }
        let minorUnits = Int64(number.rounded(.toNearestOrAwayFromZero))
        let digits = NumberText.fixed(magnitude: minorUnits.magnitude, scale: currency.minorUnits, grouping: false)
        return minorUnits < 0 ? "-" + digits : digits
    }
}
