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
        var hash = FNV1a()
        hash.add(table)
        hash.add(source)
        for (column, value) in zip(columns, values) {
            hash.add(column)
            switch value.storage {
            case .null: hash.add("\u{0}")
            case .int64(let number): hash.add(tag: UInt8(ascii: "i"), number)
            case .double(let number): hash.add("r" + String(number))
            case .string(let text): hash.add(tag: UInt8(ascii: "t"), text)
            case .blob(let data): hash.add("b" + data.base64EncodedString())
            }
        }
        return hash.value
    }

    /// The hash of `fingerprint`: each part's UTF-8 bytes, then 0x1F. A part's bytes are fed as they are, with no
    /// string made of them (`"t" + text`, `"i" + String(number)` before), so the hash is the one it always was.
    /// `RowPlan` feeds a CSV field's bytes straight from the row buffer, and so makes the same fingerprint.
    struct FNV1a {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        private mutating func byte(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }

        private mutating func bytes(_ text: String) {
            var text = text
            text.withUTF8 { for byte in $0 { self.byte(byte) } }
        }

        mutating func add(_ text: String) {
            bytes(text)
            byte(0x1F)
        }

        mutating func add(tag: UInt8, _ text: String) {
            byte(tag)
            add(text)
        }

        /// `tag` (if any), the bytes, then 0x1F: the same as `add(tag:_:)` (or `add(_:)`) of the text they spell.
        mutating func add(tag: UInt8?, bytes: UnsafeBufferPointer<UInt8>) {
            if let tag { byte(tag) }
            for each in bytes { byte(each) }
            byte(0x1F)
        }

        /// The bytes alone, with no separator: a hash to find them in a table (`ByteKeyedCache`).
        mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
            for each in bytes { byte(each) }
        }

        /// `tag` then the number's decimal digits, as `String(number)` writes them.
        mutating func add(tag: UInt8, _ number: Int64) {
            byte(tag)
            if number < 0 { byte(UInt8(ascii: "-")) }
            let magnitude = number.magnitude
            var scale: UInt64 = 1
            while magnitude / scale >= 10 { scale *= 10 }
            while scale > 0 {
                byte(UInt8(ascii: "0") + UInt8(magnitude / scale % 10))
                scale /= 10
            }
            byte(0x1F)
        }
    }

    /// The external id of the `occurrence`-th row with this fingerprint in one import: `row-3f2a…`, `row-3f2a…-2`.
    static func fingerprintID(_ fingerprint: UInt64, occurrence: Int) -> String {
        let hex = String(unsafeUninitializedCapacity: 20) { buffer in
            writeFingerprintID(fingerprint, into: buffer)
            return 20
        }
        return occurrence > 1 ? hex + "-\(occurrence)" : hex
    }

    /// `row-` and the fingerprint's 16 hex digits, into the first 20 bytes of `buffer`: the first occurrence's id.
    static func writeFingerprintID(_ fingerprint: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        for (index, byte) in "row-".utf8.enumerated() { buffer[index] = byte }
        for index in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: fingerprint >> (60 - 4 * UInt64(index))) & 0xF
            buffer[4 + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }
    }
}
