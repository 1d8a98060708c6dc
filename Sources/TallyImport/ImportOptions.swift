import TallyFormat

/// What to import and how: the same options for `tally import` and for a `sources:` entry in `tally.yaml`.
public struct ImportOptions: Sendable, Equatable {
    /// The format's name, as `ImportFormats.named` knows it: `csv`, `json`, `mastodon`…
    public var format: String
    /// The contract table that tabular formats (CSV, JSON) write into; structured formats know their tables.
    public var table: String?
    /// The username whose rows these are (`user_id`), for personal tables and the Mastodon archive.
    public var user: String?
    /// Source column → contract column. An empty target ignores the column without a warning.
    public var map: [String: String] = [:]
    /// Contract column → a value for every row, such as `country=United States`.
    public var set: [String: String] = [:]
    /// The CSV field separator; nil guesses comma, semicolon or tab from the header line.
    public var delimiter: UInt8?
    /// Amounts are written `1.234,56`: comma for decimals, dot (or space) for thousands.
    public var decimalComma = false
    /// A `strptime` format for dates that are not ISO 8601, such as `%m/%d/%Y`.
    public var dateFormat: String?
    /// The currency of amounts that name none themselves and have no currency column.
    public var currency: String?
    /// Create organizations, users and budget categories that rows name but the database lacks.
    public var createMissing = false
    /// What the rows are recorded as coming from (`import_source`); the file's name when nil.
    public var source: String?
    /// Mastodon: import unlisted posts too. Followers-only posts and private mentions are never imported.
    public var includeUnlisted = false
    /// Mastodon: import replies too.
    public var includeReplies = false
    /// Roll calls: replace one imported before whose file now says something else, instead of refusing it.
    public var replace = false
    /// `sources:`: the users whose rows may be imported (the config's `publish_users`). Rows of anyone else are
    /// left out before they are written, so nothing they would create (an organization, a category) remains
    /// after the snapshot is scrubbed. Nil imports every row (`tally import`).
    public var onlyUsers: Set<String>?
    /// The date that fills a `created_at` no column maps to (`tally import`: today). Nil makes it an error, so a
    /// build's `sources:` never depend on the day they were built.
    public var createdAtDefault: String?
    /// The smallest file that may set a table's key index aside while its fingerprinted rows go in
    /// (`DeferredKeyIndex`); tests lower it to exercise that path with small files.
    var keyIndexDeferralBytes = DeferredKeyIndex.minimumFileBytes
    /// Whether CSV rows may take `RowPlan`'s path; tests turn it off to compare with the general path.
    var plansRows = true

    /// The separator a name stands for: `,`/`comma`, `;`/`semicolon`, `tab`; nil for anything else.
    public static func delimiter(named name: String) -> UInt8? {
        switch name {
        case ",", "comma": return UInt8(ascii: ",")
        case ";", "semicolon": return UInt8(ascii: ";")
        case "tab", "\\t", "\t": return UInt8(ascii: "\t")
        default: return nil
        }
    }

    /// `currency` looked up.
    var defaultCurrency: Currency? { currency.flatMap(Currency.lookup) }

    public init(format: String) {
        self.format = format
    }

    /// Parses `Amount=amount,Date=donated_at` (and `Reference=` to ignore a column) into `map` or `set` entries.
    /// - Returns: the pair that has no `=`, if any.
    public static func pairs(_ text: String) -> Result<[(String, String)], PairError> {
        var pairs: [(String, String)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = item.firstIndex(of: "=") else { return .failure(PairError(item: String(item))) }
            pairs.append((String(item[..<equals]).trimmed, String(item[item.index(after: equals)...]).trimmed))
        }
        return .success(pairs)
    }

    public struct PairError: Error, Equatable {
        public let item: String
    }
}

extension String {
    var trimmed: String {
        if let head = utf8.first, let tail = utf8.last, head != 0x20, head != 0x09, head != 0xC2, tail != 0x20, tail != 0x09, tail != 0xA0 {
            return self
        }
        let inner = self[...].trimmed
        return inner.utf8.count == utf8.count ? self : String(inner)
    }
}

extension Substring {
    var trimmed: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        // Most values have no space to trim: two byte checks, and no Characters are formed.
        if let head = utf8.first, let tail = utf8.last, head != 0x20, head != 0x09, head != 0xC2, tail != 0x20, tail != 0x09, tail != 0xA0 {
            return self
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
