/// A category name beside a horizontal bar, on one line when it fits and otherwise wrapped at spaces onto two;
/// only what still overflows the second line is cut with "…", so "Against Malaria Foundation" keeps every word.
enum WrappedLabel {
    static let maxLines = 2

    /// The lines of `text` in `maxWidth` units at `fontSize`: one when it fits, else as many words as fit on the
    /// first and the rest on the second, cut short if they do not fit there. A first word wider than the room is
    /// cut on the first line, since there is no space to wrap at.
    static func lines(_ text: String, fontSize: Double, maxWidth: Double) -> [String] {
        guard TextMetrics.width(text, fontSize: fontSize) > maxWidth else { return [text] }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        var first = ""
        var taken = 0
        for word in words {
            let candidate = first.isEmpty ? String(word) : first + " " + word
            guard TextMetrics.width(candidate, fontSize: fontSize) <= maxWidth else { break }
            first = candidate
            taken += 1
        }
        guard taken > 0, taken < words.count else {
            return [TextMetrics.truncated(text, fontSize: fontSize, maxWidth: maxWidth)]
        }
        let rest = words[taken...].joined(separator: " ")
        return [first, TextMetrics.truncated(rest, fontSize: fontSize, maxWidth: maxWidth)]
    }
}
