import Foundation
import GRDB
import GRDBSQLite
import TallyFormat

/// SQL functions that page queries can call, beyond SQLite's own.
extension SiteDatabase {
    static func addFunctions(to db: Database, utcOffset: @escaping @Sendable (Int) -> Int) {
        db.add(function: slugify)
        addURLSegment(to: db)
        db.add(function: localTime("local_datetime", utcOffset: utcOffset, format: localDateTimeText))
        db.add(function: localTime("local_date", utcOffset: utcOffset) { $0.isoDate })
        db.add(function: zonedTime("local_datetime", siteOffset: utcOffset, format: localDateTimeText))
        db.add(function: zonedTime("local_date", siteOffset: utcOffset) { $0.isoDate })
        db.add(function: convertCents)
    }

    /// `slugify(text)`: `Slug.make`, so any value can become a safe URL segment.
    static let slugify = DatabaseFunction("slugify", argumentCount: 1, pure: true) { values in
        String.fromDatabaseValue(values[0]).map(Slug.make)
    }

    /// `url_segment(id)`: `Slug.segment`, an identifier kept as it is when it is already a safe URL segment
    /// ("H-AL-01") and slugified otherwise ("H.R. 3684" → "h-r-3684"), for pages named after a table's key.
    /// A number is a segment too (`url_segment(number)` → "102").
    ///
    /// Registered with SQLite's own C API rather than as GRDB's `DatabaseFunction`, which makes a `String` of the
    /// argument and of the result on every call: a listing of a person's 200,000 gifts calls it once a row, and a
    /// text that is already a safe segment (most keys) is handed back as SQLite holds it, its bytes checked as
    /// `Slug.isSafeSegment` checks them. Any other text is read as GRDB reads it (up to a NUL) and given to
    /// `Slug.segment`.
    static func addURLSegment(to db: Database) {
        sqlite3_create_function_v2(db.sqliteConnection, "url_segment", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, urlSegment, nil, nil, nil)
    }

    /// `convert_cents(amount_cents, from_currency, to_currency, rate)`: an amount in minor units of one currency in
    /// minor units of another, at `rate` (exact decimal text, units of `to` per unit of `from`), rounded half to
    /// even (`ExchangeRate.convert`). An amount already in `to_currency` is returned as it is, whatever the rate.
    /// NULL when the amount is not an integer, a currency is not ISO 4217, the rate is missing or is not plain
    /// decimal text, or the result does not fit: a page shows that no rate was used, never a guess.
    static let convertCents = DatabaseFunction("convert_cents", argumentCount: 4, pure: true) { values in
        guard case .int64(let amount) = values[0].storage,
              let fromCode = String.fromDatabaseValue(values[1]), let from = Currency.lookup(fromCode),
              let toCode = String.fromDatabaseValue(values[2]), let to = Currency.lookup(toCode)
        else { return nil }
        if from == to { return amount }
        guard let rateText = String.fromDatabaseValue(values[3]), let rate = ExchangeRate(rateText) else { return nil }
        return rate.convert(Money(minorUnits: amount, currency: from), to: to)?.minorUnits
    }

    /// `local_datetime(ts)` → "2025-03-01 16:58:00" and `local_date(ts)` → "2025-03-01": a timestamp with a UTC offset
    /// (`2025-03-01T21:58:00Z`) moved to the site's timezone, so hours and days are counted where the people are.
    /// SQLite's own functions only know UTC. A timestamp without an offset is already local and is kept as it is;
    /// NULL stays NULL, and text that is not a date fails the query, so a bad value is reported, not dropped.
    static func localTime(_ name: String, utcOffset: @escaping @Sendable (Int) -> Int,
                          format: @escaping @Sendable (ISODate) -> String) -> DatabaseFunction {
        DatabaseFunction(name, argumentCount: 1, pure: true) { values in
            try convert(values[0], name: name, utcOffset: utcOffset, format: format)
        }
    }

    /// `local_datetime(ts, zone)` and `local_date(ts, zone)`: the same, in a person's own zone (`users.timezone`), an
    /// IANA name. A NULL or blank zone means the site's. A zone that is not a known name fails the query, as a bad
    /// timestamp does: hours shown in a zone the page does not name would mislead more than a located error.
    static func zonedTime(_ name: String, siteOffset: @escaping @Sendable (Int) -> Int,
                          format: @escaping @Sendable (ISODate) -> String) -> DatabaseFunction {
        DatabaseFunction(name, argumentCount: 2, pure: true) { values in
            let zoneName = String.fromDatabaseValue(values[1])?.trimmingCharacters(in: .whitespaces) ?? ""
            if zoneName.isEmpty { return try convert(values[0], name: name, utcOffset: siteOffset, format: format) }
            guard let zone = TimeZone(identifier: zoneName) else {
                throw DatabaseError(message: "\(name): \(String(describing: values[1])) is not an IANA time zone name such as America/New_York")
            }
            return try convert(values[0], name: name, utcOffset: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) },
                               format: format)
        }
    }

    /// A timestamp moved from its own UTC offset to the one `utcOffset` gives for that moment, then formatted.
    private static func convert(_ value: DatabaseValue, name: String, utcOffset: (Int) -> Int,
                                format: (ISODate) -> String) throws -> String? {
        if value.isNull { return nil }
        guard let text = String.fromDatabaseValue(value), var date = ISODate(text) else {
            throw DatabaseError(message: "\(name): \(String(describing: value)) is not an ISO 8601 timestamp")
        }
        if let offset = date.utcOffset {
            date = date.converted(toOffset: utcOffset(date.localSeconds - offset))
        }
        return format(date)
    }

    private static func localDateTimeText(_ date: ISODate) -> String {
        date.isoDate + " " + twoDigits(date.hour) + ":" + twoDigits(date.minute) + ":" + twoDigits(date.second)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}

/// `url_segment`'s C function (`SiteDatabase.addURLSegment`): what GRDB's `DatabaseFunction` did with the value,
/// without a `String` for a text that is already a safe segment.
private func urlSegment(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let value = arguments?[0] else { return sqlite3_result_null(context) }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER:
        sqlite3_result_text(context, String(sqlite3_value_int64(value)), -1, transientText)
    case SQLITE_FLOAT:
        sqlite3_result_text(context, Slug.segment(String(sqlite3_value_double(value))), -1, transientText)
    case SQLITE_TEXT:
        guard let text = sqlite3_value_text(value) else { return sqlite3_result_null(context) }
        // Safe bytes are ASCII without a NUL: GRDB's `String(cString:)` of them is them, and `Slug.segment` keeps it.
        if Slug.isSafeSegment(bytes: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))) {
            return sqlite3_result_value(context, value)
        }
        sqlite3_result_text(context, Slug.segment(String(cString: text)), -1, transientText)
    default:
        sqlite3_result_null(context)
    }
}

/// SQLite's `SQLITE_TRANSIENT`: it copies a result's text before the call returns.
private let transientText = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
