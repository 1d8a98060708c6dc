/// "1 page", "2 pages": counts in summary lines.
public func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

extension Duration {
    /// Whole milliseconds, rounded down.
    public var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }

    /// Seconds with two decimals, for summary lines: "0.41".
    public var seconds: String {
        let hundredths = (milliseconds % 1000) / 10
        return String(milliseconds / 1000) + (hundredths < 10 ? ".0" : ".") + String(hundredths)
    }
}
