import GRDB
import TallyStore

/// A table of the database being imported into, as SQLite describes it, with what each column holds.
///
/// Columns are read from the database (`PRAGMA table_info`), so a column a site added to a contract table can be
/// imported too. What a column holds follows the contract's naming: `_cents` is money in minor units, `_at` a
/// date or date and time, `_on` a date, `month` a month, and the references have names of their own.
struct ContractTable {
    let name: String
    let columns: [Column]
    /// Whether rows are found again by `(import_source, external_id)` (contract v2's import-keyed tables).
    let hasImportKey: Bool

    /// A class, so that handing a column from the mapping to each row's values retains one reference rather than
    /// the strings of its name and kind.
    final class Column {
        let name: String
        let kind: ColumnKind
        /// NOT NULL without a default: every row needs a value.
        let isRequired: Bool
        let isNullable: Bool

        init(name: String, kind: ColumnKind, isRequired: Bool, isNullable: Bool) {
            self.name = name
            self.kind = kind
            self.isRequired = isRequired
            self.isNullable = isNullable
        }
    }

    init?(_ name: String, in db: Database) throws {
        let infos = try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\" AS requiresValue, dflt_value AS defaultValue, pk FROM pragma_table_info(?)",
                                     arguments: [name])
        guard !infos.isEmpty else { return nil }
        self.name = name
        columns = infos.map { info in
            let column: String = info["name"], type: String = info["type"]
            let notNull: Bool = info["requiresValue"], hasDefault = (info["defaultValue"] as String?) != nil
            let isIntegerKey = (info["pk"] as Int) == 1 && type.uppercased() == "INTEGER"
            return Column(name: column, kind: ColumnKind(column: column, table: name, sqlType: type),
                          isRequired: notNull && !hasDefault && !isIntegerKey, isNullable: !notNull)
        }
        hasImportKey = Schema.importKeyedTables.contains(name) && columns.contains { $0.name == "external_id" }
    }

    func column(_ name: String) -> Column? {
        columns.first { $0.name == name }
    }

    /// The column a map target names: the column itself, or a money column's decimal name (`amount` →
    /// `amount_cents`) and a reference's name (`organization` → `organization_id`).
    func target(_ name: String) -> (column: Column, asDecimal: Bool)? {
        if let column = column(name) { return (column, false) }
        if let money = column(name + "_cents"), case .money = money.kind { return (money, true) }
        return columns.first { $0.kind.referenceName == name }.map { ($0, false) }
    }

    /// Every name a map target may use, for "did you mean".
    var targetNames: [String] {
        columns.flatMap { column -> [String] in
            var names = [column.name]
            if case .money = column.kind { names.append(String(column.name.dropLast("_cents".count))) }
            if let reference = column.kind.referenceName { names.append(reference) }
            return names
        }
    }
}

/// What a contract column holds, and so how a source value is read into it.
enum ColumnKind: Equatable {
    /// Integer minor units; the currency is in `currencyColumn` of the same row.
    case money(currencyColumn: String)
    case currency
    case dateTime
    case date
    case month
    case boolean
    case integer
    case real
    case text
    /// `organization_id`, `user_id`, `category_id`/`parent_id`: written as a name, stored as the row's id.
    /// `name` is what a source column maps to: `organization`, `user`, `category`, `parent`.
    case reference(ReferenceKind, name: String)

    enum ReferenceKind: Equatable { case organization, user, category }

    init(column: String, table: String, sqlType: String) {
        switch column {
        case "organization_id": self = .reference(.organization, name: "organization")
        case "user_id": self = .reference(.user, name: "user")
        case "category_id" where table == "expenses": self = .reference(.category, name: "category")
        case "parent_id" where table == "budget_categories": self = .reference(.category, name: "parent")
        case "currency": self = .currency
        case "month": self = .month
        case "recurring", "verified": self = .boolean
        default:
            if column.hasSuffix("_cents") {
                self = .money(currencyColumn: "currency")
            } else if column.hasSuffix("_at") {
                self = .dateTime
            } else if column.hasSuffix("_on") {
                self = .date
            } else {
                switch sqlType.uppercased() {
                case "INTEGER": self = .integer
                case "REAL": self = .real
                default: self = .text
                }
            }
        }
    }

    var referenceName: String? {
        guard case .reference(_, let name) = self else { return nil }
        return name
    }
}
