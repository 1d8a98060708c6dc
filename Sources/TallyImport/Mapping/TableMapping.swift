import TallyFormat

/// A value as a tabular source holds it: CSV gives text, JSON also numbers, booleans and null.
enum SourceValue {
    case text(String)
    case number(String)
    case bool(Bool)
    case null
}

/// Turns a tabular source's named fields (CSV columns, JSON keys) into records of one contract table.
///
/// A source column maps to the contract column `--map` names, or to the column of its own name (`note`,
/// `Donated At` → `donated_at`). A column that maps to nothing is reported once, as a warning, never dropped
/// silently; `--map 'Reference='` ignores it on purpose.
final class TableMapping {
    let table: ContractTable
    let options: ImportOptions
    let file: String
    private var targets: [String: Target?] = [:]
    /// Contract column → the source column it is read from, shared by every record to locate its problems.
    private(set) var origins: [String: String] = [:]
    private let constants: [(column: ContractTable.Column, asDecimal: Bool, value: String)]
    /// Whether `--user` fills `user_id`, and the import's date `created_at`, in rows that do not give them.
    let fillsUser: Bool
    let fillsCreatedAt: Bool
    /// `--currency`, looked up once for the file.
    let defaultCurrency: Currency?
    /// Whether the table's amounts must be above zero (`ValueConverter.positiveAmounts`).
    let amountsArePositive: Bool

    /// A class, so that reading a row's targets retains one reference each rather than a column's strings.
    final class Target {
        let column: ContractTable.Column
        let asDecimal: Bool
        /// `tags` on organizations: a list written as `a, b; c`, becoming organization_tags rows.
        let isTagList: Bool

        init(column: ContractTable.Column, asDecimal: Bool, isTagList: Bool) {
            self.column = column
            self.asDecimal = asDecimal
            self.isTagList = isTagList
        }
    }

    /// Checks the map and set targets against the table; the problems are errors about the options themselves.
    init(table: ContractTable, options: ImportOptions, file: String) throws(ImportFailure) {
        self.table = table
        self.options = options
        self.file = file
        var problems: [Diagnostic] = []
        let names = table.targetNames + (table.name == "organizations" ? ["tags"] : [])
        func unknown(_ target: String, option: String) {
            let suggestion = NameSuggestion.closest(to: target, among: names).map { "did you mean '\($0)'? " } ?? ""
            problems.append(Diagnostic(file: file, message: "\(option) names '\(target)', which is not a column of \(table.name)",
                                       hint: suggestion + "\(table.name) has " + names.joined(separator: ", ")))
        }
        for (_, target) in options.map.sorted(by: { $0.key < $1.key }) where !target.isEmpty && table.target(target) == nil && !(target == "tags" && table.name == "organizations") {
            unknown(target, option: "--map")
        }
        var constants: [(ContractTable.Column, Bool, String)] = []
        for (target, value) in options.set.sorted(by: { $0.key < $1.key }) {
            guard let (column, asDecimal) = table.target(target) else { unknown(target, option: "--set"); continue }
            constants.append((column, asDecimal, value))
        }
        self.constants = constants
        defaultCurrency = options.defaultCurrency
        amountsArePositive = ValueConverter.positiveAmounts.contains(table.name)
        fillsUser = options.user != nil && table.column("user_id") != nil && !constants.contains { $0.0.name == "user_id" }
        fillsCreatedAt = options.createdAtDefault != nil && table.column("created_at")?.isRequired == true
        guard problems.isEmpty else { throw ImportFailure(problems) }
    }

    /// `Currency.lookup`, remembering the last code: a file's rows mostly share one.
    func currency(_ code: String) -> Currency? {
        if let last = lastCurrency, last.text == code { return last.currency }
        let currency = Currency.lookup(code)
        lastCurrency = (code, currency)
        return currency
    }

    private var lastCurrency: (text: String, currency: Currency?)?

    /// What `sourceColumn` maps to; nil when it is ignored or maps to nothing (reported through `unmapped`).
    func target(of sourceColumn: String, unmapped: (String) -> Void) -> Target? {
        if let known = targets[sourceColumn] { return known }
        let target: Target?
        if let mapped = options.map[sourceColumn] {
            target = mapped.isEmpty ? nil : resolve(mapped)
        } else if let own = resolve(Self.columnName(sourceColumn)) {
            target = own
        } else {
            target = nil
            unmapped(sourceColumn)
        }
        targets[sourceColumn] = target
        if let target, !target.isTagList, origins[target.column.name] == nil { origins[target.column.name] = sourceColumn }
        return target
    }

    private func resolve(_ name: String) -> Target? {
        if name == "tags", table.name == "organizations", let slug = table.column("slug") {
            return Target(column: slug, asDecimal: false, isTagList: true)
        }
        return table.target(name).map { Target(column: $0.column, asDecimal: $0.asDecimal, isTagList: false) }
    }

    /// `Donated At` → `donated_at`, so headers written for people still find their column.
    static func columnName(_ header: String) -> String {
        var name = ""
        for character in header.trimmed.lowercased() {
            name.append(character == " " || character == "-" ? "_" : character)
        }
        return name
    }

    /// The required columns that neither the source columns, `--set`, `--user` nor a default fill: an error
    /// before any row is read, since every row would fail.
    func missingColumns(given sourceColumns: [String]) -> [String] {
        var covered = Set(constants.map(\.column.name))
        for column in sourceColumns {
            if let target = target(of: column, unmapped: { _ in }), !target.isTagList { covered.insert(target.column.name) }
        }
        if options.user != nil { covered.insert("user_id") }
        if options.createdAtDefault != nil { covered.insert("created_at") }
        if table.name == "organizations", covered.contains("name") { covered.insert("slug") }
        return table.columns.filter { $0.isRequired && !covered.contains($0.name) }.map(\.name)
    }

    /// The record for one source row, given its columns' targets (looked up once per file for CSV, per key for JSON).
    func record(names: [String], targets: [Target?], values: [SourceValue], at location: SourceLocation) -> Result<ContractRecord, ImportFailure> {
        var converter = ValueConverter(mapping: self, location: location)
        for (column, asDecimal, value) in constants {
            converter.add(.text(value), to: column, asDecimal: asDecimal, from: nil)
        }
        for index in values.indices {
            guard let target = targets[index] else { continue }
            if target.isTagList {
                converter.addTags(values[index])
            } else {
                converter.add(values[index], to: target.column, asDecimal: target.asDecimal, from: names[index])
            }
        }
        if fillsUser, let user = options.user, converter.record["user_id"] == nil {
            converter.record.set("user_id", .user(user))
        }
        if fillsCreatedAt, let today = options.createdAtDefault, converter.record["created_at"] == nil {
            converter.record.set("created_at", .text(today))
            converter.record.insertOnly.insert("created_at")
        }
        converter.record.origins = origins
        return converter.finish()
    }
}
