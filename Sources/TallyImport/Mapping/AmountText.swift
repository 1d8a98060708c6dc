import TallyFormat

/// Reads an amount written for people (`1,234.56`, `1.234,56`, `$12`, `€ 5`, `JPY 500`, `(12.00)`) as integer
/// minor units of its currency, digit by digit: never through floating point.
enum AmountText {
    struct Amount: Equatable {
        let minorUnits: Int64
        /// The currency the text itself names with a code or a symbol, if any.
        let currency: Currency?
    }

    enum Problem: Error, Equatable {
        case notANumber
        /// A thousands separator that does not stand before exactly three digits: `12,5` without --decimal-comma.
        case misplacedSeparator(Unicode.Scalar)
        /// More decimals than the currency has: `12.345` in USD, which has 2.
        case tooManyDecimals(allowed: Int)
        case unknownCurrency(String)
        case tooLarge
    }

    /// What a symbol means when nothing else names the currency. `$` and `¥` are shared: a Canadian file's `$5`
    /// is Canadian dollars when the row or `--currency` says CAD (`families`), and US dollars only when nothing does.
    static let symbols: [Character: String] = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "₪": "ILS"]
    static let families: [Character: Set<String>] = [
        "$": ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD", "ARS", "CLP", "COP", "CUP", "DOP", "UYU", "BSD", "BBD", "BZD", "BMD",
              "BND", "FJD", "GYD", "JMD", "KYD", "LRD", "NAD", "SBD", "SRD", "TTD", "XCD"],
        "¥": ["JPY", "CNY"],
        "£": ["GBP", "EGP", "FKP", "GIP", "SHP", "SSP", "SYP"],
    ]

    /// - Parameter currency: the row's currency when the text names none (a currency column or `--currency`);
    ///   nil when there is none, which is fine only if the text names one.
    static func parse(_ text: String, currency: Currency?, decimalComma: Bool) -> Result<Amount, Problem> {
        var body = Substring(text).trimmed
        var negative = false, signs = 0
        // Byte checks first, so that most amounts form no Character here.
        if body.utf8.first == UInt8(ascii: "("), body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            signs += 1
            body = body.dropFirst().dropLast().trimmed
        }
        // One sign at most, before or after the currency: "-$5", "$-5", "(5)"; never "--5" or "(-5)".
        func takeSign() {
            guard let byte = body.utf8.first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"),
                  let first = body.first, first == "-" || first == "+" else { return }
            negative = negative || first == "-"
            signs += 1
            body = body.dropFirst().trimmed
        }
        takeSign()
        var named: Currency?
        switch takeCurrency(&body, fallback: currency) {
        case .failure(let problem): return .failure(problem)
        case .success(let found): named = found
        }
        takeSign()
        guard signs <= 1 else { return .failure(.notANumber) }
        guard let unit = named ?? currency else {
            // Parsed with two decimals only to tell "not a number" from "no currency" (the caller's error).
            return digits(body, minorUnits: 2, decimalComma: decimalComma).map { _ in Amount(minorUnits: 0, currency: nil) }
        }
        return digits(body, minorUnits: unit.minorUnits, decimalComma: decimalComma).map { value in
            Amount(minorUnits: negative ? -value : value, currency: named)
        }
    }

    /// Removes a leading or trailing currency symbol or ISO 4217 code from `body`. A shared symbol is the
    /// `fallback` currency when that is one of its family.
    private static func takeCurrency(_ body: inout Substring, fallback: Currency?) -> Result<Currency?, Problem> {
        // A symbol or a code stands first or last; most amounts (`12.50`) start and end with a digit, and are
        // passed on after two byte checks, with no Character formed.
        if let head = body.utf8.first, let tail = body.utf8.last, (0x30...0x39).contains(head), (0x30...0x39).contains(tail) {
            return .success(nil)
        }
        func symbol(_ character: Character) -> Currency? {
            if let fallback, families[character]?.contains(fallback.code) == true { return fallback }
            return symbols[character].flatMap(Currency.lookup)
        }
        if let first = body.first, symbols[first] != nil {
            body = body.dropFirst().trimmed
            return .success(symbol(first))
        }
        if let last = body.last, symbols[last] != nil {
            body = body.dropLast().trimmed
            return .success(symbol(last))
        }
        let letters = { (part: Substring) in part.count == 3 && part.allSatisfy { $0.isASCII && $0.isLetter } }
        if body.count > 3, letters(body.prefix(3)) {
            let code = String(body.prefix(3))
            guard let currency = Currency.lookup(code) else { return .failure(.unknownCurrency(code)) }
            body = body.dropFirst(3).trimmed
            return .success(currency)
        }
        if body.count > 3, letters(body.suffix(3)) {
            let code = String(body.suffix(3))
            guard let currency = Currency.lookup(code) else { return .failure(.unknownCurrency(code)) }
            body = body.dropLast(3).trimmed
            return .success(currency)
        }
        return .success(nil)
    }

    /// What may separate thousands: made once, not for every amount.
    private static let groupMarksWithDecimalPoint: Set<Unicode.Scalar> = [",", " ", "\u{00A0}", "\u{202F}", "'"]
    private static let groupMarksWithDecimalComma: Set<Unicode.Scalar> = [".", " ", "\u{00A0}", "\u{202F}", "'"]

    /// The digits of `body` as minor units: grouping separators checked, decimals padded to `minorUnits`.
    private static func digits(_ body: Substring, minorUnits: Int, decimalComma: Bool) -> Result<Int64, Problem> {
        let decimalMark: Unicode.Scalar = decimalComma ? "," : "."
        let groupMarks = decimalComma ? groupMarksWithDecimalComma : groupMarksWithDecimalPoint
        var whole: Int64 = 0, fraction: Int64 = 0, fractionDigits = 0
        var inFraction = false, sawDigit = false, droppedDigits = false
        var digitsSinceGroup = 0, sawGroup = false
        var lastGroupMark: Unicode.Scalar = ","
        // Scalars, not Characters: no grapheme breaking on a path that runs for every row.
        for character in body.unicodeScalars {
            if ("0"..."9").contains(character) {
                let digit = Int(character.value - 48)
                sawDigit = true
                if inFraction {
                    fractionDigits += 1
                    if fractionDigits > minorUnits {
                        droppedDigits = droppedDigits || digit != 0
                        continue
                    }
                    fraction = fraction * 10 + Int64(digit)
                } else {
                    let (times, overflow1) = whole.multipliedReportingOverflow(by: 10)
                    let (plus, overflow2) = times.addingReportingOverflow(Int64(digit))
                    guard !overflow1, !overflow2 else { return .failure(.tooLarge) }
                    whole = plus
                    digitsSinceGroup += 1
                }
            } else if character == decimalMark, !inFraction {
                if sawGroup, digitsSinceGroup != 3 { return .failure(.misplacedSeparator(lastGroupMark)) }
                inFraction = true
            } else if inFraction, character == decimalMark || groupMarks.contains(character) {
                // 1.234,56 read with '.' for decimals: the '.' was a thousands separator after all.
                return .failure(.misplacedSeparator(decimalMark))
            } else if groupMarks.contains(character), sawDigit {
                if sawGroup ? digitsSinceGroup != 3 : digitsSinceGroup > 3 { return .failure(.misplacedSeparator(character)) }
                sawGroup = true
                lastGroupMark = character
                digitsSinceGroup = 0
            } else {
                return .failure(.notANumber)
            }
        }
        guard sawDigit else { return .failure(.notANumber) }
        if sawGroup, !inFraction, digitsSinceGroup != 3 { return .failure(.misplacedSeparator(lastGroupMark)) }
        if droppedDigits { return .failure(.tooManyDecimals(allowed: minorUnits)) }
        var scale: Int64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        for _ in fractionDigits..<max(fractionDigits, minorUnits) { fraction *= 10 }
        let (scaled, overflow1) = whole.multipliedReportingOverflow(by: scale)
        let (total, overflow2) = scaled.addingReportingOverflow(fraction)
        guard !overflow1, !overflow2 else { return .failure(.tooLarge) }
        return .success(total)
    }
}
