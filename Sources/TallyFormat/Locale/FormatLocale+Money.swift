extension FormatLocale {
    /// The currency's symbol in this locale, or its code when the locale has none ("CHF").
    func symbol(for currency: Currency) -> String {
        guard let currencySymbols else { return currency.symbol ?? currency.code }
        return currencySymbols[currency.code] ?? currency.code
    }

    /// What goes before the digits in a symbol-first pattern: "$", "US$", or "CHF" and a no-break space, CLDR's
    /// currencySpacing for a symbol that ends in a letter.
    func currencyPrefix(_ currency: Currency) -> String {
        guard currencySymbols != nil else { return currency.prefix }
        let symbol = symbol(for: currency)
        let endsInLetter = symbol.unicodeScalars.last?.properties.isAlphabetic ?? false
        return endsInLetter ? symbol + "\u{00A0}" : symbol
    }
}
