/// What `tally build --explain` prints: each page rendered and why, grouped by reason so that 20,000 pages
/// rendered for one table read as one line with a count and a few examples.
public enum RenderExplanation {
    /// Pages shown by name under each reason; the rest are counted.
    static let examples = 5

    /// - Parameter reasons: page path → reason, as `BuildSummary.renderReasons` has them.
    public static func text(_ reasons: [String: String]) -> String {
        guard !reasons.isEmpty else { return "No page rendered: every page's inputs are as the last build left them.\n" }
        var byReason: [String: [String]] = [:]
        for (path, reason) in reasons { byReason[reason, default: []].append(path) }
        var text = ""
        for (reason, paths) in byReason.sorted(by: { ($1.value.count, $0.key) < ($0.value.count, $1.key) }) {
            let sorted = paths.sorted()
            let shown = sorted.prefix(examples).joined(separator: ", ")
            let more = sorted.count > examples ? " and \(sorted.count - examples) more" : ""
            text += "Rendered \(counted(sorted.count, "page")) because \(reason): \(shown)\(more)\n"
        }
        return text
    }

    /// One line a listing whose later pages were kept without reading their rows: `Kept 2,000 pages of
    /// /users/ada/gifts/ unread: …`.
    public static func unread(_ pages: [String: Int]) -> String {
        pages.sorted { $0.key < $1.key }.map { path, count in
            "Kept \(counted(count, "page")) of \(path) unread: no changed row sorts after the last row read\n"
        }.joined()
    }
}
