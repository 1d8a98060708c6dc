import Foundation
import TallyMarkdown
import TallyTemplates

/// Loads `content/**/*.md` into compiled page sources, collecting every problem.
enum ContentLoader {
    /// Names the page data already uses; a query cannot take them.
    static let reservedNames: Set = ["site", "page", "params", "content"]

    static func load(root: URL, contentDirectory: String, includeDrafts: Bool) -> (pages: [PageSource], problems: [Diagnostic]) {
        let directory = root.appendingPathComponent(contentDirectory)
        var pages: [PageSource] = []
        var problems: [Diagnostic] = []
        for relativePath in markdownFiles(in: directory) {
            let file = contentDirectory + "/" + relativePath
            guard let text = try? String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8) else {
                problems.append(Diagnostic(file: file, message: "cannot read file as UTF-8 text", hint: "save it as UTF-8"))
                continue
            }
            switch load(text: text, file: file, relativePath: relativePath) {
            case .success(let page):
                if page.frontMatter.draft && !includeDrafts { continue }
                pages.append(page)
            case .failure(let found): problems += found.diagnostics
            }
        }
        return (pages, problems)
    }

    /// Compiles one content file's text.
    static func load(text: String, file: String, relativePath: String) -> Result<PageSource, BuildFailure> {
        let (yaml, body, bodyLine) = splitFrontMatter(text)
        var problems: [Diagnostic] = []
        var frontMatter = FrontMatter()
        switch FrontMatter.parse(yaml ?? "", file: file, lineOffset: 1) {
        case .success(let parsed): frontMatter = parsed
        case .failure(let found): problems += found.diagnostics
        }
        let route = Route(relativePath: relativePath)
        if route.isTemplated && frontMatter.pagesQuery == nil {
            problems.append(Diagnostic(file: file, line: 1, message: "templated page has no `pages` query in its front matter",
                                       hint: "add `pages: SELECT \(route.parameters.joined(separator: ", ")) FROM …` — each row gives one page"))
        }
        let (queries, bodyText, queryProblems) = extractQueries(from: body, file: file, bodyLine: bodyLine)
        problems += queryProblems
        let template: PageTemplate
        do {
            template = try PageTemplate.markdown(bodyText)
        } catch {
            problems.append(Diagnostic(file: file, line: error.line + bodyLine - 1, column: error.column,
                                       message: error.message, hint: error.hint))
            return .failure(BuildFailure(problems))
        }
        let title = compileField(frontMatter.title, key: "title", frontMatter: frontMatter, file: file, problems: &problems)
        let description = compileField(frontMatter.description, key: "description", frontMatter: frontMatter, file: file, problems: &problems)
        guard problems.isEmpty else { return .failure(BuildFailure(problems)) }
        let folders = relativePath.split(separator: "/").dropLast()
        return .success(PageSource(file: file, route: route, section: folders.first.map(String.init) ?? "",
                                   frontMatter: frontMatter, queries: queries, body: template,
                                   bodyLine: bodyLine, title: title, description: description))
    }

    /// Splits `---` front matter from the body; returns the body's first line number.
    static func splitFrontMatter(_ text: String) -> (yaml: String?, body: String, bodyLine: Int) {
        let normalized = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        guard normalized.hasPrefix("---\n") || normalized.hasPrefix("---\r\n") else { return (nil, normalized, 1) }
        var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeFirst()
        guard let end = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" || $0 == "---\r" }) else {
            return (nil, normalized, 1)
        }
        let yaml = lines[..<end].joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        return (yaml, body, end + 3)
    }

    /// Takes ```` ```sql name ```` blocks out of the body, blanking their lines so line numbers stay true.
    private static func extractQueries(from body: String, file: String, bodyLine: Int) -> ([PageQuery], String, [Diagnostic]) {
        // ```sql alone is an ordinary code block, shown on the page; ```sql NAME is a query.
        let blocks = MarkdownRenderer.fencedCodeBlocks(in: body).filter { $0.infoWords.first == "sql" && $0.infoWords.count > 1 }
        guard !blocks.isEmpty else { return ([], body, []) }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var queries: [PageQuery] = []
        var problems: [Diagnostic] = []
        for block in blocks {
            let fileLine = block.firstLine + bodyLine - 1
            let words = block.infoWords
            if words.count != 2 {
                problems.append(Diagnostic(file: file, line: fileLine, message: "an sql query block takes exactly one name",
                                           hint: "write ```sql gifts — the rows are then available as {{#gifts}}…{{/gifts}}"))
            } else if let name = words.last.map(String.init) {
                if !isValidName(name) || reservedNames.contains(name) {
                    problems.append(Diagnostic(file: file, line: fileLine, message: "`\(name)` cannot name a query",
                                               hint: "use lowercase letters, digits and _ (not site, page, params or content)"))
                } else if queries.contains(where: { $0.name == name }) {
                    problems.append(Diagnostic(file: file, line: fileLine, message: "a query named `\(name)` is already defined on this page",
                                               hint: "give each query its own name"))
                } else {
                    queries.append(PageQuery(name: name, sql: block.code, line: fileLine + 1))
                }
            }
            for index in (block.firstLine - 1)..<min(block.lastLine, lines.count) { lines[index] = "" }
        }
        return (queries, lines.joined(separator: "\n"), problems)
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x61...0x7A).contains(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }

    private static func compileField(_ text: String?, key: String, frontMatter: FrontMatter, file: String,
                                     problems: inout [Diagnostic]) -> PageTemplate? {
        guard let text, text.contains("{{") else { return nil }
        do {
            return try PageTemplate.plainText(text)
        } catch {
            problems.append(Diagnostic(file: file, line: frontMatter.lines[key] ?? 1, message: "in `\(key)`: " + error.message, hint: error.hint))
            return nil
        }
    }

    /// Every `.md` file under `directory`, as sorted relative paths with "/" separators.
    static func markdownFiles(in directory: URL) -> [String] {
        files(in: directory).filter { $0.hasSuffix(".md") }
    }

    /// Every regular file under `directory` (hidden files skipped), as sorted relative paths.
    static func files(in directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        let base = directory.standardizedFileURL.path
        var paths: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            paths.append(String(path.dropFirst(base.count + 1)))
        }
        return paths.sorted()
    }
}
