import Foundation
import GRDB
import TallyFormat

/// One file being imported: the formats hand it rows, and it maps, converts and writes them, collecting problems.
final class ImportSession {
    let file: ImportFile
    let options: ImportOptions
    let writer: ImportWriter
    /// Reports bytes read so far and the file's size, for a progress line on a terminal.
    let progress: ((Int64, Int64) -> Void)?
    private var mapping: TableMapping?
    private var unmappedReported: Set<String> = []
    private var reported: Set<String> = []

    /// After this many errors a file stops being read: the rest would repeat them.
    static let errorLimit = 100

    init(file: ImportFile, options: ImportOptions, writer: ImportWriter, progress: ((Int64, Int64) -> Void)?) {
        self.file = file
        self.options = options
        self.writer = writer
        self.progress = progress
    }

    var hasTooManyErrors: Bool { writer.problems.count >= Self.errorLimit }

    func fail(_ diagnostic: Diagnostic) {
        writer.problems.append(diagnostic)
    }

    func warn(_ diagnostic: Diagnostic) {
        writer.summary.warnings.append(Diagnostic(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
                                                  severity: .warning, message: diagnostic.message, hint: diagnostic.hint))
    }

    /// True the first time `key` is seen in this file: for warnings said once per member, not once per row.
    func reportOnce(_ key: String) -> Bool {
        reported.insert(key).inserted
    }

    /// Counts a record read and deliberately not imported (a boost, a followers-only post).
    func leaveOut(_ reason: String) {
        writer.summary.leftOut[reason, default: 0] += 1
    }

    /// The column map for `--table`, made once per file.
    func tableMapping() throws -> TableMapping {
        if let mapping { return mapping }
        guard let name = options.table else {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "\(options.format) rows need a table to go into",
                                            hint: "name it with --table, such as --table donations")])
        }
        guard let table = try writer.table(name) else {
            let names = try String.fetchAll(writer.db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name")
            let suggestion = NameSuggestion.closest(to: name, among: names).map { "did you mean '\($0)'? " } ?? ""
            throw ImportFailure([Diagnostic(file: file.displayName, message: "the database has no table '\(name)'",
                                            hint: suggestion + "the tables are " + names.joined(separator: ", "))])
        }
        let made = try TableMapping(table: table, options: options, file: file.displayName)
        mapping = made
        return made
    }

    /// Checks a tabular file's columns before its rows: a required column that nothing fills fails the import.
    func checkColumns(_ names: [String], at location: SourceLocation) throws {
        let mapping = try tableMapping()
        for column in names { _ = mapping.target(of: column, unmapped: { self.unmapped($0, at: location) }) }
        let missing = mapping.missingColumns(given: names)
        guard missing.isEmpty else {
            throw ImportFailure(missing.map { column in
                let target = mapping.table.column(column).map { $0.kind.referenceName ?? (column.hasSuffix("_cents") ? String(column.dropLast(6)) : column) } ?? column
                return Diagnostic(file: file.displayName, line: location.line,
                                  message: "nothing maps to \(mapping.table.name).\(column), which every row needs",
                                  hint: "map a column to it, such as --map 'COLUMN=\(target)', or give every row one with --set \(target)=…")
            })
        }
    }

    /// Maps, converts and writes one CSV row, whose columns' targets were looked up once for the file.
    func row(names: [String], targets: [TableMapping.Target?], values: [SourceValue], at location: SourceLocation) throws {
        switch try tableMapping().record(names: names, targets: targets, values: values, at: location) {
        case .success(let record): try writer.write(record)
        case .failure(let failure): writer.problems += failure.diagnostics
        }
    }

    /// How a CSV file with these column targets writes its common rows without the general path; nil when the
    /// import is not a case `RowPlan` covers.
    func rowPlan(targets: [TableMapping.Target?]) throws -> RowPlan? {
        try RowPlan(mapping: tableMapping(), targets: targets, writer: writer)
    }

    /// The targets of a file's columns, in order; columns that map to nothing are reported once.
    func targets(of names: [String], at location: SourceLocation) throws -> [TableMapping.Target?] {
        let mapping = try tableMapping()
        return names.map { mapping.target(of: $0, unmapped: { unmapped($0, at: location) }) }
    }

    /// Maps, converts and writes one row of a tabular file.
    func row(_ fields: [(name: String, value: SourceValue)], at location: SourceLocation) throws {
        let names = fields.map { $0.name }
        try row(names: names, targets: targets(of: names, at: location), values: fields.map { $0.value }, at: location)
    }

    /// Writes a record a structured format made; returns its row, or nil when it was left out or had a problem.
    @discardableResult
    func record(_ record: ContractRecord) throws -> ImportWriter.WrittenRow? {
        try writer.write(record)
    }

    private func unmapped(_ column: String, at location: SourceLocation) {
        guard unmappedReported.insert(column).inserted else { return }
        let table = options.table ?? "the table"
        warn(Diagnostic(file: location.file, line: location.path == nil ? location.line : 0, column: location.column(of: column),
                        message: "column '\(column)' is not imported: \(table) has no column of that name",
                        hint: "map it with --map '\(column)=COLUMN', or leave it out on purpose with --map '\(column)='"))
    }
}
