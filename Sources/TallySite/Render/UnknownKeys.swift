import TallyFormat
import TallyTemplates

/// Finds keys read with a dot that their value can never have, such as `{{page.titel}}`, which would otherwise
/// render as empty text.
///
/// `site` and `page` are checked once per build, in every layout, partial and page body, so rendering pays
/// nothing. `site` has a fixed set of keys. `page` has Tally's values plus the front matter keys of every page in
/// the site: a layout may test `{{#page.subtitle}}` that only some pages set, and a key whose value is empty is
/// not an error. Query results are checked as they render (`TableContext`), since their columns are known only then.
enum UnknownKeys {
    /// - Parameter frontMatterKeys: the user's keys across all pages; nil when not all content loaded, which
    ///   leaves `page` unchecked rather than report keys that a page with an error defines.
    static func problems(templates: TemplateLibrary, templateFiles: [String: String], pages: [PageSource],
                         site: MapContext, frontMatterKeys: Set<String>?) -> [Diagnostic] {
        var known = [(name: "site", keys: Set(site.keys)), (name: "paginator", keys: Paginator.keys)]
        if let frontMatterKeys { known.append((name: "page", keys: PageContext.keys.union(frontMatterKeys))) }
        var problems: [Diagnostic] = []
        func check(_ template: PageTemplate, file: String, lineOffset: Int) {
            for (name, keys) in known {
                for use in template.keysRead(of: name) where !keys.contains(use.key) {
                    problems.append(diagnostic(name: name, key: use.key, known: keys, file: file,
                                               line: use.line + lineOffset, column: use.column))
                }
            }
        }
        for name in templates.names {
            if let template = templates.template(named: name) { check(template, file: templateFiles[name] ?? name, lineOffset: 0) }
        }
        for page in pages { check(page.body, file: page.file, lineOffset: page.bodyLine - 1) }
        // A title or description renders as the page's <title> and <h1>, so `site.titel` there would blank them.
        // `page` is what they help make: a title reading it is reported when it renders.
        for page in pages {
            for (template, key) in [(page.title, "title"), (page.description, "description")] {
                guard let template else { continue }
                for use in template.keysRead(of: "site") where !known[0].keys.contains(use.key) {
                    let found = diagnostic(name: "site", key: use.key, known: known[0].keys, file: page.file, line: 0, column: 1)
                    problems.append(Diagnostic(file: page.file, line: page.frontMatter.lines[key] ?? 1,
                                               message: "in `\(key)`: " + found.message, hint: found.hint))
                }
            }
        }
        return problems
    }

    /// `unknown name `page.titel``, with the closest key as a suggestion and every key `name` has.
    static func diagnostic(name: String, key: String, known: some Collection<String>, file: String, line: Int, column: Int) -> Diagnostic {
        let keys = known.sorted()
        let list = "`\(name)` has: \(keys.joined(separator: ", "))"
        let hint = NameSuggestion.closest(to: key, among: keys).map { "did you mean `\($0)`? \(list)" } ?? list
        return Diagnostic(file: file, line: line, column: column, message: "unknown name `\(name).\(key)`", hint: hint)
    }
}
