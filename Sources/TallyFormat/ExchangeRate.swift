/// An exchange rate as exact decimal text ("1.0769": units of the quote currency for one unit of the base
/// currency), and the one way Tally converts money with it: integer arithmetic, rounded half to even once, at
/// the end.
///
/// A rate is never a floating-point value: 1.0769 has no exact binary form, and money converted with it would
/// differ by a cent from the published figure's own arithmetic. The text is kept as an integer and a scale
/// (10769 and 4), so a conversion is one multiplication and one division of integers.
public struct ExchangeRate: Sendable, Hashable {
    /// The rate's digits without the decimal point: 10769 for "1.0769".
    public let digits: Int64
    /// How many of those digits follow the decimal point: 4 for "1.0769".
    public let scale: Int

    /// The most digits a rate may have. Published reference rates have five or six significant digits; the
    /// limit keeps every product of a conversion inside 128 bits.
    static let maximumDigits = 15

    /// Reads plain decimal text: digits, optionally a point and more digits ("1.0769", "160.33", "0.85"). Anything
    /// else (a sign, an exponent, spaces, a comma, no digits, more than 15 digits, or zero) is nil: a rate is
    /// untrusted text, and one that does not read exactly converts nothing.
    public init?(_ text: String) {
        var digits: Int64 = 0
        var count = 0
        var scale: Int?
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard scale == nil, count > 0 else { return nil }
                scale = 0
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            count += 1
            guard count <= Self.maximumDigits else { return nil }
            digits = digits * 10 + Int64(byte - UInt8(ascii: "0"))
            if let fraction = scale { scale = fraction + 1 }
        }
        guard count > 0, digits > 0, scale != 0 else { return nil }
        self.digits = digits
        self.scale = scale ?? 0
    }

    /// `amount` converted into `target`, in its minor units: amount × rate, moved from the amount's minor units
    /// to the target's (cents to cents, cents to yen), rounded half to even (a half cent goes to the even cent,
    /// so a long column of conversions does not drift up). Nil when the result does not fit in 64 bits.
    public func convert(_ amount: Money, to target: Currency) -> Money? {
        // amount × digits / 10^scale is in the amount's major units × 10^(its minor units); the target's minor units
        // are that × 10^(target's) / 10^(amount's).
        let shift = target.minorUnits - amount.currency.minorUnits - scale
        var numerator = Int128(amount.minorUnits.magnitude) * Int128(digits)
        var denominator: Int128 = 1
        if shift >= 0 {
            numerator *= Self.powerOfTen(shift)
        } else {
            denominator = Self.powerOfTen(-shift)
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let twice = remainder * 2
        let roundsUp = twice > denominator || (twice == denominator && quotient % 2 == 1)
        let magnitude = quotient + (roundsUp ? 1 : 0)
        guard magnitude <= Int128(Int64.max) else { return nil }
        let minorUnits = Int64(magnitude)
        return Money(minorUnits: amount.minorUnits < 0 ? -minorUnits : minorUnits, currency: target)
    }

    private static func powerOfTen(_ exponent: Int) -> Int128 {
        var value: Int128 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
