import TallyFormat

extension ChartSpec {
    /// Every key of `keys` that no chart reads, or that a chart of `kind` does not use, in alphabetical order:
    /// a block with two misspelt keys hears of both at once.
    public static func keyProblems(in keys: some Sequence<String>, kind: ChartKind) -> [ChartSpecError] {
        keys.sorted().compactMap { key in
            !knownKeys.contains(key) ? .unknownKey(key) : !applies(key, to: kind) ? .notApplicable(key, kind: kind) : nil
        }
    }

    /// Reads a chart block's parsed YAML mapping and validates it (`data`, which names the query, is ignored).
    /// Keys are checked in alphabetical order, so the same block always reports the same first error.
    public init(fields: [String: SpecValue]) throws(ChartSpecError) {
        let reader = FieldReader(fields: fields)
        guard let typeName = try reader.text("type") else { throw .missingKey("type", kind: .bar) }
        guard let kind = ChartKind(rawValue: typeName.lowercased()) else { throw .unknownKind(typeName) }
        if let first = Self.keyProblems(in: fields.keys, kind: kind).first { throw first }
        self.init(kind: kind)
        title = try reader.text("title")
        description = try reader.text("description")
        x = try reader.text("x")
        y = try reader.columns("y")
        series = try reader.text("series")
        format = try reader.format(kind: kind)
        bins = try reader.number("bins").map { value throws(ChartSpecError) in
            guard value == value.rounded(), abs(value) < 1e6 else {
                throw .invalidValue(key: "bins", value: SpecValue.number(value).display, expected: "a whole number from 1 to 200")
            }
            return Int(value)
        }
        year = try reader.number("year").map { value throws(ChartSpecError) in
            guard value == value.rounded(), (1...9999).contains(value) else {
                throw .invalidValue(key: "year", value: SpecValue.number(value).display, expected: "a year such as 2024")
            }
            return Int(value)
        }
        months = try reader.number("months").map { value throws(ChartSpecError) in
            guard value == value.rounded(), abs(value) < 1e6 else {
                throw .invalidValue(key: "months", value: SpecValue.number(value).display, expected: "a whole number from 1 to 24")
            }
            return Int(value)
        }
        switch fields["target"] {
        case .number(let value)?: target = .value(value)
        case .string(let column)?: target = .column(column)
        case let other?: throw .invalidValue(key: "target", value: other.display, expected: "a number or a column name")
        case nil: break
        }
        limit = try reader.text("limit")
        color = try reader.text("color")
        (width, wideWidth) = try reader.widths()
        height = try reader.number("height")
        valueLabels = try reader.flag("labels") ?? true
        headers = try reader.names("headers")
        try validate()
    }
}

/// Typed access to a chart block's fields, throwing `invalidValue` when a value has the wrong shape.
private struct FieldReader {
    let fields: [String: SpecValue]

    func text(_ key: String) throws(ChartSpecError) -> String? {
        switch fields[key] {
        case nil: return nil
        case .string(let text)?: return text
        case .number(let value)?: return SpecValue.number(value).display
        case let other?: throw .invalidValue(key: key, value: other.display, expected: "text")
        }
    }

    func number(_ key: String) throws(ChartSpecError) -> Double? {
        switch fields[key] {
        case nil: return nil
        case .number(let value)? where value.isFinite: return value
        case let other?: throw .invalidValue(key: key, value: other.display, expected: "a number")
        }
    }

    /// `width: 376`, or `width: [376, 760]` for a phone drawing and a wider one.
    func widths() throws(ChartSpecError) -> (Double?, Double?) {
        switch fields["width"] {
        case .list(let items)?:
            guard items.count == 2, case .number(let narrow) = items[0], case .number(let wide) = items[1],
                  narrow.isFinite, wide.isFinite else {
                throw .invalidValue(key: "width", value: SpecValue.list(items).display, expected: "a number or two numbers")
            }
            return (narrow, wide)
        default:
            return (try number("width"), nil)
        }
    }

    func flag(_ key: String) throws(ChartSpecError) -> Bool? {
        switch fields[key] {
        case nil: return nil
        case .bool(let flag)?: return flag
        case let other?: throw .invalidValue(key: key, value: other.display, expected: "true or false")
        }
    }

    /// A mapping of column names to text, such as `headers: {given_cents: Given}`.
    func names(_ key: String) throws(ChartSpecError) -> [String: String] {
        switch fields[key] {
        case nil: return [:]
        case .mapping(let pairs)?:
            var names: [String: String] = [:]
            for (column, value) in pairs {
                switch value {
                case .string(let text) where !text.isEmpty: names[column] = text
                case .number: names[column] = value.display
                default: throw .invalidValue(key: key, value: SpecValue.mapping(pairs).display, expected: "a mapping of column: header text")
                }
            }
            return names
        case let other?: throw .invalidValue(key: key, value: other.display, expected: "a mapping of column: header text")
        }
    }

    /// One column name or a list of them.
    func columns(_ key: String) throws(ChartSpecError) -> [String] {
        switch fields[key] {
        case nil: return []
        case .string(let name)?: return [name]
        case .list(let items)? where !items.isEmpty:
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item else {
                    throw .invalidValue(key: key, value: SpecValue.list(items).display, expected: "a list of column names")
                }
                names.append(name)
            }
            return names
        case let other?: throw .invalidValue(key: key, value: other.display, expected: "a column name or a list of column names")
        }
    }

    /// `format` together with `currency` / `currency_column`; a currency key alone implies `format: currency`.
    func format(kind: ChartKind) throws(ChartSpecError) -> ValueFormat {
        let code = try text("currency")
        let column = try text("currency_column")
        if code != nil, column != nil { throw .conflictingKeys("currency", "currency_column") }
        let name = try text("format")?.lowercased() ?? (code != nil || column != nil ? "currency" : "plain")
        switch name {
        case "plain", "compact", "percent":
            if code != nil { throw .conflictingKeys("format: " + name, "currency") }
            if column != nil { throw .conflictingKeys("format: " + name, "currency_column") }
            return name == "plain" ? .plain : name == "compact" ? .compact : .percent
        case "currency":
            if let column { return .currency(.column(column)) }
            guard let code else { throw .missingKey("currency", kind: kind) }
            guard let currency = Currency.lookup(code) else {
                throw .invalidValue(key: "currency", value: code, expected: "an ISO 4217 currency code")
            }
            return .currency(.code(currency))
        default:
            throw .invalidValue(key: "format", value: name, expected: "one of plain, compact, currency, percent")
        }
    }
}
