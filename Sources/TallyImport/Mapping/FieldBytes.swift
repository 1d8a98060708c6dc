import TallyFormat

/// Readers of one CSV field's bytes for `RowPlan`, each accepting only what the general path
/// (`ValueConverter`, `AmountText`, `DateText`) reads to the same value. Anything else is nil or false, and the
/// row goes the general way, which reads it or reports it.
enum FieldBytes {
    /// Neither empty nor with a space or tab at either end: the field is its own trimmed text, and holds a value.
    static func isTrimmedValue(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let head = field.first, let tail = field.last else { return false }
        return head != 0x20 && head != 0x09 && tail != 0x20 && tail != 0x09
    }

    /// Text with no control character, which `ValueConverter` refuses (tab, LF and CR are allowed).
    static func isText(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        !field.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
    }

    /// `YYYY-MM-DD`, a real day: kept as it is by `DateText` for a date or a date and time.
    static func isISODay(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard field.count == 10, field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-"),
              let year = number(field, 0..<4), let month = number(field, 5..<7), let day = number(field, 8..<10) else { return false }
        return (1...12).contains(month) && (1...ISODate.daysIn(month: month, year: year)).contains(day)
    }

    /// Digits, optionally a point and one to `minorUnits` digits (`12`, `12.5`, `12.50`): the amount in minor
    /// units, as `AmountText` reads it. Nil for anything else, such as signs, symbols, codes or grouping.
    static func plainAmount(_ field: UnsafeBufferPointer<UInt8>, minorUnits: Int) -> Int64? {
        var whole: Int64 = 0, fraction: Int64 = 0, fractionDigits = 0, index = 0
        while index < field.count, let digit = digit(field[index]) {
            let (times, overflow1) = whole.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            whole = plus
            index += 1
        }
        guard index > 0 else { return nil }
        if index < field.count {
            guard field[index] == UInt8(ascii: "."), index + 1 < field.count else { return nil }
            index += 1
            while index < field.count {
                guard let digit = digit(field[index]), fractionDigits < minorUnits else { return nil }
                fraction = fraction * 10 + digit
                fractionDigits += 1
                index += 1
            }
        }
        var scale: Int64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        for _ in fractionDigits..<minorUnits { fraction *= 10 }
        let (scaled, overflow1) = whole.multipliedReportingOverflow(by: scale)
        let (total, overflow2) = scaled.addingReportingOverflow(fraction)
        return overflow1 || overflow2 ? nil : total
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (0x30...0x39).contains(byte) ? Int64(byte - 0x30) : nil
    }

    private static func number(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            guard let digit = digit(field[index]) else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}

/// Values found by a field's bytes (an organization's id by the name a file gives it, a currency by its code),
/// so a row looks them up with no `String` made. A miss is the caller's to fill, from the general path's cache.
struct ByteKeyedCache<Value> {
    private var entries: [UInt64: (key: [UInt8], value: Value)] = [:]
    private var lastKey: [UInt8] = []
    private var lastValue: Value?

    mutating func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        // Most files name the same few values row after row: the last one first, compared byte by byte.
        if let lastValue, Self.equal(lastKey, bytes) { return lastValue }
        guard let entry = entries[Self.hash(bytes)], Self.equal(entry.key, bytes) else { return nil }
        (lastKey, lastValue) = entry
        return entry.value
    }

    mutating func remember(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>) {
        let key = Array(bytes)
        entries[Self.hash(bytes)] = (key, value)
        (lastKey, lastValue) = (key, value)
    }

    /// Byte by byte: the keys are short names and codes, for which a call to `memcmp` costs more.
    private static func equal(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == bytes.count else { return false }
        return key.withUnsafeBufferPointer { key in
            for index in key.indices where key[index] != bytes[index] { return false }
            return true
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = RecordKey.FNV1a()
        hash.add(bytes: bytes)
        return hash.value
    }
}
