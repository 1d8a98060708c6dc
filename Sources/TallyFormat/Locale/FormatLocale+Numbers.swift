extension FormatLocale {
    /// Whether numbers are written as in Tally's English ("1,234.5", "1.2k"), so `NumberText`'s text is final.
    /// Only the English locales write "." and ",", and they share Tally's compact units.
    var writesEnglishNumbers: Bool { decimalSeparator == "." && groupSeparator == "," }

    /// English digits from `NumberText` ("-1,234.56", "12.5k") with this locale's separators: "-1.234,56" in
    /// German, and no separator in a four-digit Spanish number ("1234,56"; minimumGroupingDigits 2).
    public func localizing(_ english: String) -> String {
        guard !writesEnglishNumbers else { return english }
        let bytes = Array(english.utf8)
        var integerDigits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") { break }
            if (48...57).contains(byte) { integerDigits += 1 }
        }
        let groups = integerDigits >= 3 + minimumGroupingDigits
        var result = ""
        result.reserveCapacity(bytes.count + 8)
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
            result += String(decoding: bytes[start..<index], as: UTF8.self)
            result += byte == UInt8(ascii: ".") ? decimalSeparator : groups ? groupSeparator : ""
            start = index + 1
        }
        result += String(decoding: bytes[start...], as: UTF8.self)
        return result
    }

    /// `NumberText.decimal` in this locale: (1234.5, 1) → "1.234,5" in German.
    public func decimal(_ value: Double, decimals: Int = 0, grouping: Bool = true, minus: String = "-") -> String {
        localizing(NumberText.decimal(value, decimals: decimals, grouping: grouping, minus: minus))
    }

    /// `NumberText.shortest` in this locale: 0.30000000000000004 → "0,3" in French.
    public func shortest(_ value: Double, maxDecimals: Int = 6, grouping: Bool = true, minus: String = "-") -> String {
        localizing(NumberText.shortest(value, maxDecimals: maxDecimals, grouping: grouping, minus: minus))
    }

    /// An integer with group separators: "1,234,567", "1.234.567", "1 234 567" (U+202F in French).
    public func grouped(_ value: Int64, minus: String = "-") -> String {
        (value < 0 ? minus : "") + localizing(NumberText.grouped(value.magnitude))
    }

    /// A ratio as a percentage: 0.123 → "12%" in English, "12 %" (U+00A0) in German, "12 %" (U+202F) in French.
    public func percent(_ ratio: Double, decimals: Int = 0, minus: String = "-") -> String {
        decimal(ratio * 100, decimals: decimals, grouping: true, minus: minus) + percentSuffix
    }

    /// Percent digits already scaled to 100 ("12.5"), with the locale's separators and suffix.
    public func percentText(_ englishDigits: String) -> String { localizing(englishDigits) + percentSuffix }

    /// CLDR's short compact form: "1.2k" and "3.4M" in English, "1,2 Mio." in German (which keeps thousands in
    /// full: "12.345"), "1,2 k" in French. Values under the smallest unit keep `decimalsBelowThousand` digits.
    public func compact(_ value: Double, decimalsBelowThousand: Int = 0, minus: String = "-") -> String {
        guard !writesEnglishNumbers else { return NumberText.compact(value, decimalsBelowThousand: decimalsBelowThousand, minus: minus) }
        let magnitude = abs(value)
        let sign = value < 0 && magnitude >= 0.5 / NumberText.powerOfTen(decimalsBelowThousand) ? minus : ""
        for unit in compactUnits where magnitude >= unit.threshold * 0.9995 {
            let scaled = magnitude / unit.divisor
            let tenths = (scaled * 10).rounded(.toNearestOrAwayFromZero)
            let decimals = scaled < 9.995 && tenths.truncatingRemainder(dividingBy: 10) != 0 ? 1 : 0
            return sign + decimal(scaled, decimals: decimals) + unit.suffix
        }
        return sign + decimal(magnitude, decimals: magnitude < 1000 ? decimalsBelowThousand : 0)
    }

    /// `NumberText.compactExact` in this locale: every significant digit, for axis ticks ("1,25 Mio.").
    public func compactExact(_ value: Double, maxDecimals: Int = 3, minus: String = "-") -> String {
        guard !writesEnglishNumbers else { return NumberText.compactExact(value, maxDecimals: maxDecimals, minus: minus) }
        let magnitude = abs(value)
        var scaled = magnitude
        var suffix = ""
        for unit in compactUnits where magnitude >= unit.threshold {
            scaled = magnitude / unit.divisor
            suffix = unit.suffix
            break
        }
        let digits = NumberText.shortest(scaled, maxDecimals: maxDecimals, grouping: true)
        let sign = value < 0 && digits.utf8.contains(where: { $0 >= 49 && $0 <= 57 }) ? minus : ""
        return sign + localizing(digits) + suffix
    }
}
