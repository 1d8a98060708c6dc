import GRDB

/// How an imported row is found again on the next import, so importing the same file twice changes nothing.
///
/// 1. A row with an id of its own in the source (a transaction id, an EIN, a Mastodon note's URL) is keyed by
///    `(import_source, external_id)`: a changed row is updated.
/// 2. Otherwise a table with a natural key uses it: an organization's slug, a user's username, a tag.
/// 3. Otherwise the row is keyed by a fingerprint of its values, numbered when the file repeats the same row
///    (two identical gifts on one day are two gifts). Such a row is never updated: a changed value is a new row.
enum RecordKey {
    /// The columns that identify a row of the tables without `import_source` and `external_id`.
    static let naturalKeys: [String: [String]] = [
        "organizations": ["slug"],
        "users": ["username"],
        "organization_tags": ["organization_id", "tag"],
        "user_representatives": ["user_id", "representative_id"],
        "representatives": ["id"],
        "bills": ["id"],
        "bill_votes": ["bill_id", "representative_id"],
        "post_deliveries": ["post_id", "account_id"],
        "roll_calls": ["chamber", "congress", "session", "number"],
        "roll_call_positions": ["roll_call_id", "representative_id"],
    ]

    /// FNV-1a, 64 bits, over the table, the source and the row's values: stable across runs and machines (Swift's `Hasher` is
    /// seeded per process), and cheap enough for a million rows. A collision would need two different rows of
    /// one table and source to share 64 bits.
    static func fingerprint(table: String, source: String, columns: [String], values: [DatabaseValue]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0x1F
            hash = hash &* 0x100_0000_01b3
        }
        add(table)
        add(source)
        for (column, value) in zip(columns, values) {
            add(column)
            switch value.storage {
            case .null: add("\u{0}")
            case .int64(let number): add("i" + String(number))
            case .double(let number): add("r" + String(number))
            case .string(let text): add("t" + text)
            case .blob(let data): add("b" + data.base64EncodedString())
            }
        }
        return hash
    }

    /// The external id of the `occurrence`-th row with this fingerprint in one import: `row-3f2a…`, `row-3f2a…-2`.
    static func fingerprintID(_ fingerprint: UInt64, occurrence: Int) -> String {
        let hex = String(fingerprint, radix: 16)
        let padded = String(repeating: "0", count: 16 - hex.count) + hex
        return "row-" + padded + (occurrence > 1 ? "-\(occurrence)" : "")
    }
}
