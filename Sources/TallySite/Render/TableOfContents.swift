import TallyHTML
import TallyTemplates

/// `{{toc}}` in a page body: a list of the page's `##` and `###` headings, linked to their ids. The body is
/// Markdown until cmark-gfm has run, and only then are the headings known, so the tag stands as a placeholder
/// whose fragment is `marker`, replaced once the headings have their ids.
enum TableOfContents {
    static let marker = "<!--tally-toc-->"

    /// `<nav class="toc" aria-label="Contents"><ul>…</ul></nav>`, `###` headings nested under the `##` before them;
    /// nothing when the page has no such headings.
    static func html(_ headings: [HeadingAnchors.Heading]) -> String {
        let shown = headings.filter { $0.level == 2 || $0.level == 3 }
        guard !shown.isEmpty else { return "" }
        var out = "<nav class=\"toc\" aria-label=\"Contents\"><ul>"
        var inSublist = false
        for (index, heading) in shown.enumerated() {
            if heading.level == 3, !inSublist, index > 0 {
                out += "<ul>"
                inSublist = true
            } else if index > 0 {
                if heading.level == 2, inSublist {
                    out += "</li></ul>"
                    inSublist = false
                }
                out += "</li>"
            }
            out += "<li><a href=\"#" + heading.id + "\">" + escapeHTML(heading.text) + "</a>"
        }
        out += inSublist ? "</li></ul></li></ul></nav>" : "</li></ul></nav>"
        return out
    }

    /// The body with its headings given ids and `marker` replaced by the list of them.
    /// - Parameter taken: ids the layout writes (`main`), which a heading's id must not repeat.
    static func addingAnchors(to body: String, taken: Set<String> = []) -> String {
        let (html, headings) = HeadingAnchors.addingIDs(to: body, taken: taken)
        // Byte for byte: Foundation's `contains` bridged the page to NSString (a sixth of an organization page's rendering).
        guard html.containsBytes(of: marker) else { return html }
        return html.replacingOccurrences(of: marker, with: Self.html(headings))
    }
}
