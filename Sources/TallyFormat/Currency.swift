/// An ISO 4217 currency: its code, how many minor units it has, and the symbol shown before amounts.
public struct Currency: Sendable, Hashable {
    public let code: String
    /// Digits after the decimal point: 2 for USD and EUR, 0 for JPY, 3 for KWD.
    public let minorUnits: Int
    /// Prefix symbol, or nil when amounts are written with the code ("CHF 12.00").
    public let symbol: String?

    /// Looks a code up in the ISO 4217 table; nil for a code that is not an active currency.
    public static func lookup(_ code: String) -> Currency? {
        let upper = code.uppercased()
        guard upper.utf8.count == 3, let known = table[upper] else { return nil }
        return Currency(code: upper, minorUnits: known.minorUnits, symbol: known.symbol)
    }

    /// Every active ISO 4217 code that `lookup` knows, sorted.
    public static var knownCodes: [String] { table.keys.sorted() }

    private struct Entry { let minorUnits: Int; let symbol: String? }

    // Active ISO 4217 codes. Most have 2 minor units; the exceptions are listed explicitly.
    private static let table: [String: Entry] = {
        let twoDigit = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF \
            CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF \
            IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR \
            MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD \
            SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR \
            ZMW ZWG
            """
        var entries: [String: Entry] = [:]
        for code in twoDigit.split(separator: " ") { entries[String(code)] = Entry(minorUnits: 2, symbol: nil) }
        for code in ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"] {
            entries[code] = Entry(minorUnits: 0, symbol: nil)
        }
        for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] { entries[code] = Entry(minorUnits: 3, symbol: nil) }
        let symbols = [
            "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "INR": "₹",
            "CNY": "CN¥", "KRW": "₩", "MXN": "MX$", "BRL": "R$", "ILS": "₪", "NGN": "₦", "HKD": "HK$", "VND": "₫",
            "PHP": "₱", "TWD": "NT$", "XAF": "FCFA", "XOF": "F\u{202F}CFA",
        ]
        for (code, symbol) in symbols { entries[code] = Entry(minorUnits: entries[code]?.minorUnits ?? 2, symbol: symbol) }
        return entries
    }()
}
