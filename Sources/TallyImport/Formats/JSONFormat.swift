import Foundation
import TallyFormat

/// A JSON array of objects (`[{"amount": "12.50", …}, …]`) or one object per line (NDJSON), each object a row of
/// `--table`, its keys mapped like CSV columns. Positions are the line where an object starts and its JSON path.
enum JSONFormat: ImportFormat {
    static let name = "json"
    static let summary = "a JSON array of objects, or one object per line (NDJSON); keys map like CSV columns"
    static let isTabular = true

    static func read(_ file: ImportFile, into session: ImportSession) throws {
        let layout = JSONElements.sniff(file.path)
        var checkedColumns = false, elements = 0
        defer {
            if elements == 0, layout == .lines {
                session.fail(Diagnostic(file: file.displayName, message: "the file holds no JSON", hint: "the file may be empty or cut short"))
            }
        }
        try JSONElements(file: file, layout: layout).forEach(progress: session.progress) { element in
            elements += 1
            let path = layout == .lines ? "$" : "$[\(element.index)]"
            guard let object = try object(element, path: path, in: file, session: session) else { return !session.hasTooManyErrors }
            var fields: [(name: String, value: SourceValue)] = []
            for key in object.keys.sorted() {
                guard let value = sourceValue(object[key]) else {
                    session.fail(Diagnostic(file: file.displayName, line: element.line, message: "\(path).\(key): a nested object or array cannot be a column",
                                            hint: "flatten the data first, or leave the key out with --map '\(key)='"))
                    continue
                }
                fields.append((key, value))
            }
            let location = SourceLocation(file: file.displayName, line: element.line, path: path)
            if !checkedColumns {
                try session.checkColumns(fields.map(\.name), at: location)
                checkedColumns = true
            }
            try session.row(fields, at: location)
            return !session.hasTooManyErrors
        }
    }

    /// The element as a JSON object, or nil after reporting why it is not one.
    static func object(_ element: JSONElements.Element, path: String, in file: ImportFile, session: ImportSession) throws -> [String: Any]? {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: element.data, options: [.fragmentsAllowed])
        } catch {
            session.fail(Diagnostic(file: file.displayName, line: element.line, message: "\(path) is not valid JSON",
                                    hint: "check it with: python3 -m json.tool \(file.displayName)"))
            return nil
        }
        guard let object = parsed as? [String: Any] else {
            session.fail(Diagnostic(file: file.displayName, line: element.line, message: "\(path) is not an object", hint: "each element is one row: {\"key\": value, …}"))
            return nil
        }
        return object
    }

    /// A JSON value as a column's value; nil for objects and arrays.
    static func sourceValue(_ value: Any?) -> SourceValue? {
        switch value {
        case nil, is NSNull: return .null
        case let text as String: return .text(text)
        case let flag as Bool where !(value is Int || value is Double): return .bool(flag)
        case let number as NSNumber: return .number(number.stringValue)
        default: return nil
        }
    }
}
