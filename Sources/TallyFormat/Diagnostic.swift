
/// A problem found while building, located compiler-style: `content/report.md:14:1: error: message`.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    /// Path relative to the site root, e.g. `content/report.md`.
    public let file: String
    /// 1-based; 0 when the problem concerns the whole file.
    public let line: Int
    public let column: Int
    public let severity: Severity
    public let message: String
    /// How to fix it.
    public let hint: String

    public init(file: String, line: Int = 0, column: Int = 1, severity: Severity = .error, message: String, hint: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.hint = hint
    }

    /// `file:line:col: error: message`, then the hint on its own indented line.
    public var description: String { location + ": " + severity.rawValue + ": " + message + "\n  hint: " + hint }

    /// `file:line:col`, or just `file` when there is no line.
    public var location: String { line > 0 ? "\(file):\(line):\(column)" : file }
}

extension Diagnostic {
    /// A value shown in a message: quoted, with control characters made visible and long values cut.
    package static func quoted(_ value: String) -> String {
        var shown = ""
        for scalar in value.unicodeScalars.prefix(60) {
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return "'" + shown + (value.unicodeScalars.count > 60 ? "…" : "") + "'"
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by file, line and column so output is the same on every run.
    package func sortedByLocation() -> [Diagnostic] {
        sorted { ($0.file, $0.line, $0.column, $0.message) < ($1.file, $1.line, $1.column, $1.message) }
    }

    package var hasErrors: Bool { contains { $0.severity == .error } }
}
