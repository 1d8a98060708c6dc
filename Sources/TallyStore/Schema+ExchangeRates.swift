extension Schema {
    /// Exchange rates by month, so a page can show an amount in another currency at a stated, sourced rate
    /// rather than leave it out or convert at a guessed one. `rate` is exact decimal text (units of
    /// `quote_currency` for one unit of `base_currency`), never a REAL, and `source` and `note` say where the rate
    /// comes from, which the pages show beside every converted figure. A separate file from `Schema.swift` because
    /// each version is added once and never edited.
    static let version5 = """
        CREATE TABLE exchange_rates (
          base_currency TEXT NOT NULL,
          quote_currency TEXT NOT NULL,
          month TEXT NOT NULL,
          rate TEXT NOT NULL,
          source TEXT NOT NULL DEFAULT '',
          note TEXT NOT NULL DEFAULT '',
          PRIMARY KEY (base_currency, quote_currency, month)
        );
        """
}
