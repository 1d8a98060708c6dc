import Foundation
import TallyFormat

/// A file format that `tally import` and `sources:` read. Adding one is a file with a type that conforms, plus its
/// line in `ImportFormats.all`.
protocol ImportFormat: SendableMetatype {
    /// The name on the command line and in `sources:`, such as `csv`.
    static var name: String { get }
    /// One line for `tally import --help`.
    static var summary: String { get }
    /// Whether rows go into `--table` through a column map (CSV, JSON), rather than into tables the format knows.
    static var isTabular: Bool { get }
    /// What rows are recorded as coming from (`import_source`) unless `--source` says otherwise; nil for the
    /// file's name. An archive exported again under another name must still find its rows.
    static var defaultSource: String? { get }
    /// Columns of the format's own records that `--set` may fill, such as `source`, which says what the data is
    /// (`Fictional members invented for the Tally example`); tabular formats may set any column of `--table`.
    static var settableColumns: [String] { get }
    /// Reads `file`, handing each row to `session`.
    static func read(_ file: ImportFile, into session: ImportSession) throws
}

extension ImportFormat {
    static var defaultSource: String? { nil }
    static var settableColumns: [String] { [] }
}

/// The formats Tally imports.
public enum ImportFormats {
    static let all: [any ImportFormat.Type] = [
        CSVFormat.self, JSONFormat.self, MastodonFormat.self, HouseVoteFormat.self, SenateVoteFormat.self, CongressRosterFormat.self,
    ]

    static func named(_ name: String) -> (any ImportFormat.Type)? {
        all.first { $0.name == name.lowercased() }
    }

    /// `name: summary` for each format, for help texts.
    public static var descriptions: [String] {
        all.map { "\($0.name): \($0.summary)" }
    }

    public static var names: [String] { all.map { $0.name } }
}

/// A file to import: where it is, and how messages name it (as the user wrote it, or relative to the site).
public struct ImportFile: Sendable, Equatable {
    public let path: String
    public let displayName: String

    public init(path: String, displayName: String) {
        self.path = path
        self.displayName = displayName
    }

    /// The file opened for reading, with its size for progress; the caller closes it.
    func open() throws -> (stream: UnsafeMutablePointer<FILE>, size: Int64) {
        guard let stream = fopen(path, "rb") else {
            throw ImportFailure([Diagnostic(file: displayName, message: "cannot read the file: \(String(cString: strerror(errno)))",
                                            hint: "check the path")])
        }
        var info = stat()
        return (stream, fstat(fileno(stream), &info) == 0 ? Int64(info.st_size) : 0)
    }

    /// The default `import_source`: the file's name without its folders, so moving the file changes nothing.
    var defaultSource: String {
        String(displayName.split(separator: "/").last ?? Substring(displayName))
    }
}
