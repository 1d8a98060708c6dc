import TallyFormat
import TallyHTML
import TallySite

/// Turns the link checker's findings into located diagnostics that name the page's content file.
///
/// A problem repeated on many pages (a broken link in the layout) is reported once, at its first page, with a
/// count, so a log shows one line per mistake rather than one per page.
struct LinkDiagnostics {
    /// The output folder as the user names it, such as `public`.
    let outputDirectory: String
    let staticDirectory: String
    let basePath: String
    /// Output file → content file, from the build.
    let pageSources: PageSourceIndex

    func problems(_ found: [LinkProblem]) -> [CheckProblem] {
        var groups: [GroupKey: (first: LinkProblem, count: Int)] = [:]
        var order: [GroupKey] = []
        for problem in found {
            // Pages without a content file (static HTML) are not pages Tally titled.
            if problem.role == nil, pageSources[problem.file] == nil { continue }
            let key = GroupKey(url: problem.url, role: problem.role, reason: problem.reason)
            if let group = groups[key] {
                groups[key] = (group.first, group.count + 1)
            } else {
                groups[key] = (problem, 1)
                order.append(key)
            }
        }
        return order.compactMap { groups[$0] }.map { problem(for: $0.first, count: $0.count) }
    }

    private struct GroupKey: Hashable {
        let url: String
        let role: HTMLReference.Role?
        let reason: LinkProblem.Reason
    }

    private func problem(for found: LinkProblem, count: Int) -> CheckProblem {
        let source = pageSources[found.file] ?? staticDirectory + "/" + found.file
        var from = "page from \(source)"
        if count > 1 { from += "; also on \(count - 1) other page\(count == 2 ? "" : "s")" }
        let (kind, message, hint) = describe(found)
        let diagnostic = Diagnostic(file: outputDirectory + "/" + found.file, line: found.line, column: found.column,
                                    message: message + " (" + from + ")", hint: hint)
        return CheckProblem(kind, diagnostic, source: source, count: count)
    }

    private func describe(_ found: LinkProblem) -> (CheckProblem.Kind, String, String) {
        let isAsset = found.role == .asset
        let kind: CheckProblem.Kind = isAsset ? .missingAsset : .brokenLink
        let what = (isAsset ? "missing asset '" : "broken link '") + found.url + "'"
        switch found.reason {
        case .noTarget(let path):
            let relative = path.dropFirst()
            let fix = path.hasSuffix("/")
                ? "add \(relative.isEmpty ? "content/index" : "content/" + relative.dropLast()).md"
                : "add \(staticDirectory)/\(relative)"
            return (kind, what + ": nothing is built at " + path, "fix the URL, or \(fix)")
        case .noAnchor(let path, let fragment):
            let page = path == "/" + found.file ? "this page" : path
            return (.brokenAnchor, "broken anchor '\(found.url)': \(page) has no id '\(fragment)'",
                    "add id=\"\(fragment)\" to the element it should point to, or fix the fragment")
        case .outsideBasePath:
            return (kind, what + ": it does not start with the base path " + basePath,
                    "base_url serves the site under \(basePath); start the URL with \(basePath) or make it relative")
        case .aboveRoot:
            return (kind, what + ": its '..' segments climb above the site root", "remove a '../' from the URL")
        case .noTitle:
            return (.missingTitle, "page has no <title>", "put <title>{{page.title}}</title> in the layout's <head>")
        case .emptyTitle:
            return (.missingTitle, "page has an empty <title>", "give the page a `title:` in its front matter")
        }
    }
}
