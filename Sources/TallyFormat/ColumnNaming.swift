/// The naming rules that tables, charts and the money helper share for a query's columns.
public enum ColumnNaming {
    /// What readers see for a column without a header of its own: `_cents` dropped, `_` read as a space, capitalised
    /// (`amount_cents` → "Amount", `donated_at` → "Donated at", `Year` stays "Year").
    public static func label(_ name: String) -> String {
        let base = name.hasSuffix("_cents") && name.count > 6 ? String(name.dropLast(6)) : name
        let words = String(base.map { $0 == "_" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The column holding the currency of `name`'s amounts: `<base>_currency` for `<base>_cents`, else `currency`;
    /// `position` finds a column by name.
    public static func currencyColumn(for name: String, position: (String) -> Int?) -> Int? {
        if name.hasSuffix("_cents"), let paired = position(String(name.dropLast(6)) + "_currency") { return paired }
        return position("currency")
    }
}
