import Foundation
import TallyFormat
import TallyHTML
import TallyMarkdown
import TallyStore
import TallyTemplates

/// Loads `content/**/*.md` into compiled page sources, collecting every problem.
enum ContentLoader {
    /// Names the page data already uses; a query cannot take them.
    static let reservedNames: Set = ["site", "page", "params", "content", "charts"]

    /// A file's key in `BuildMemory.content`: its path and its path inside the content folder, since both go into
    /// what loading gives (the file names its diagnostics, the inner path its route and section), and a changed
    /// `content_dir` in the config can keep one while changing the other (`content/blog/a.md` is `/blog/a/`
    /// under `content`, `/a/` under `content/blog`).
    private static func memoryKey(_ entry: (relativePath: String, file: String)) -> String {
        entry.file + "\u{1}" + entry.relativePath
    }

    /// - Parameter memory: each file as the last build loaded it (`tally serve`): a file whose text has the same
    ///   digest is taken from there rather than parsed again, since what loading gives depends on its text and path
    ///   alone. The files loaded now replace them.
    /// - Returns: also the user's front matter keys across every page, drafts included, for checking `page.key`
    ///   reads (nil when a file did not load, so its keys are not known), and how many files were parsed.
    static func load(root: URL, contentDirectory: String, includeDrafts: Bool, memory: BuildMemory? = nil)
        -> (pages: [PageSource], dataFiles: [DataFile], frontMatterKeys: Set<String>?, problems: [Diagnostic], parsed: Int) {
        let directory = root.appendingPathComponent(contentDirectory)
        let directoryPath = directory.path
        let listed = SourceFiles.list(in: directory, withSuffix: ".md", shownAs: contentDirectory)
        let files = listed.paths.map { (relativePath: $0, file: contentDirectory + "/" + $0) }
        let remembered = memory?.content.withLock { $0 } ?? [:]
        // Files are independent, so they load on every core; results keep the sorted file order.
        let loaded = files.concurrentMap { entry -> (digest: String?, parsed: Bool, loaded: Result<PageSource, BuildFailure>) in
            let (relativePath, file) = entry
            guard let text = SourceFiles.text(atPath: directoryPath + "/" + relativePath) else {
                return (nil, true, .failure(BuildFailure([
                    Diagnostic(file: file, message: "cannot read file as UTF-8 text", hint: "save it as UTF-8"),
                ])))
            }
            let digest = ContentDigest.of(bytesOf: text)
            if let known = remembered[memoryKey(entry)], known.digest == digest { return (digest, false, known.loaded) }
            return (digest, true, load(text: text, file: file, relativePath: relativePath).map { page in
                var page = page
                page.contentDigest = digest
                return page
            })
        }
        memory?.content.withLock { content in
            content = [:]
            for (file, result) in zip(files, loaded) { if let digest = result.digest { content[memoryKey(file)] = (digest, result.loaded) } }
        }
        var pages: [PageSource] = []
        var problems: [Diagnostic] = listed.problems
        var dataFiles: [DataFile] = []
        for format in DataFile.Format.allCases {
            let data = SourceFiles.list(in: directory, withSuffix: format.suffix, shownAs: contentDirectory)
            // A folder whose name is not UTF-8 is in every listing of the content folder: said once.
            problems += data.problems.filter { problem in !problems.contains { $0.file == problem.file } }
            for relativePath in data.paths {
                let file = contentDirectory + "/" + relativePath
                guard let sql = try? String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8) else {
                    problems.append(Diagnostic(file: file, message: "cannot read file as UTF-8 text", hint: "save it as UTF-8"))
                    continue
                }
                dataFiles.append(DataFile(file: file, outputPath: String(relativePath.dropLast(4)), sql: sql, format: format))
            }
        }
        var frontMatterKeys: Set<String>? = []
        pages.reserveCapacity(loaded.count)
        for result in loaded {
            switch result.loaded {
            case .success(let page):
                frontMatterKeys?.formUnion(page.frontMatter.extra.keys)
                if page.frontMatter.draft && !includeDrafts { continue }
                pages.append(page)
            case .failure(let found):
                problems += found.diagnostics
                frontMatterKeys = nil
            }
        }
        return (pages, dataFiles, frontMatterKeys, problems, loaded.count(where: \.parsed))
    }

    /// Compiles one content file's text.
    static func load(text: String, file: String, relativePath: String) -> Result<PageSource, BuildFailure> {
        guard let (yaml, body, bodyLine) = splitFrontMatter(text) else {
            return .failure(BuildFailure([Diagnostic(file: file, line: 1, message: "the front matter that starts here is never closed",
                                                     hint: "end it with a line of three dashes, ---, before the page's text")]))
        }
        var problems: [Diagnostic] = []
        var frontMatter = FrontMatter()
        switch FrontMatter.parse(yaml ?? "", file: file, lineOffset: 1) {
        case .success(let parsed): frontMatter = parsed
        case .failure(let found): problems += found.diagnostics
        }
        let route = Route(relativePath: relativePath)
        // A file's name is its URL, as a database value's is for a templated page: `My Page.md` would be /My Page/.
        if let unsafe = route.fixedSegments.first(where: { !Route.isSafeSegment($0) }) {
            problems.append(Diagnostic(file: file, line: 1, message: "`\(unsafe)` is not a safe URL segment, and the file's path is its URL",
                                       hint: "rename it with letters, digits, '-', '_', '.' and '~' only, such as \(Slug.make(unsafe))"))
        }
        if route.isTemplated && frontMatter.pagesQuery == nil {
            problems.append(Diagnostic(file: file, line: 1, message: "templated page has no `pages` query in its front matter",
                                       hint: "add `pages: SELECT \(route.parameters.joined(separator: ", ")) FROM …` — each row gives one page"))
        }
        let (queries, blocks, bodyText, blockProblems) = extractBlocks(from: body, file: file, bodyLine: bodyLine)
        problems += blockProblems
        var pagination: Pagination?
        switch Pagination.check(frontMatter, queries: queries, route: route, file: file) {
        case .success(let checked): pagination = checked
        case .failure(let problem): problems.append(problem)
        }
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
        // The first folder, if the file is in one: `posts` for `posts/a.md`.
        let section = relativePath.utf8.firstIndex(of: UInt8(ascii: "/")).map { String(relativePath[..<$0]) } ?? ""
        return .success(PageSource(file: file, route: route, section: section,
                                   frontMatter: frontMatter, queries: queries, blocks: blocks, body: template,
                                   bodyLine: bodyLine, title: title, description: description, pagination: pagination))
    }

    /// Splits `---` front matter from the body; returns the body's first line number, or nil when the front matter
    /// never ends (the whole page would otherwise be read as YAML, or its YAML shown as text).
    static func splitFrontMatter(_ text: String) -> (yaml: String?, body: String, bodyLine: Int)? {
        var normalized = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        guard normalized.hasPrefix("---\n") || normalized.hasPrefix("---\r\n") else { return (nil, normalized, 1) }
        // Bytes at offsets, not Characters ("\r\n" is one) nor `String.Index`es, which cost 20,000 instructions a page.
        return normalized.withUTF8 { bytes in
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            guard let firstNewline = nextNewline(in: bytes, from: 0) else { return (nil, text(0..<bytes.count), 1) }
            let yamlStart = firstNewline + 1
            var lineStart = yamlStart, line = 2
            while lineStart < bytes.count {
                let lineEnd = nextNewline(in: bytes, from: lineStart) ?? bytes.count
                if isFrontMatterEnd(bytes[lineStart..<lineEnd]) {
                    let yaml = lineStart == yamlStart ? "" : text(yamlStart..<(lineStart - 1))
                    let body = lineEnd == bytes.count ? "" : text((lineEnd + 1)..<bytes.count)
                    return (yaml, body, line + 1)
                }
                guard lineEnd < bytes.count else { break }
                lineStart = lineEnd + 1
                line += 1
            }
            return nil
        }
    }

    private static func nextNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// A line that is `---`, give or take spaces, tabs and a carriage return.
    private static func isFrontMatterEnd(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        guard let first = line.firstIndex(where: { !isBlank($0) }),
              let last = line.lastIndex(where: { !isBlank($0) }) else { return false }
        return line[first...last].elementsEqual("---".utf8)
    }

    /// Takes ```` ```sql name ````, ```` ```chart ```` and ```` ```table ```` blocks out of the body, blanking their
    /// lines so line numbers stay true. A chart or table drawn in place leaves a `{{tally_block_N}}` tag behind.
    private static func extractBlocks(from body: String, file: String, bodyLine: Int)
        -> (queries: [PageQuery], blocks: [PageBlock], body: String, problems: [Diagnostic]) {
        // ```sql alone is an ordinary code block, shown on the page; ```sql NAME is a query.
        let fenced = MarkdownRenderer.fencedCodeBlocks(in: body)
        let sqlBlocks = fenced.filter { $0.infoWords.first == "sql" && $0.infoWords.count > 1 }
        let drawnBlocks = fenced.filter { $0.infoWords.first.map(PageBlockParser.infoWords.contains) == true }
        guard !sqlBlocks.isEmpty || !drawnBlocks.isEmpty else { return ([], [], body, []) }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func blank(_ block: FencedCodeBlock) {
            for index in (block.firstLine - 1)..<min(block.lastLine, lines.count) { lines[index] = "" }
        }
        var (queries, problems) = ([PageQuery](), [Diagnostic]())
        for block in sqlBlocks {
            switch query(in: block, fileLine: block.firstLine + bodyLine - 1, file: file, defined: queries) {
            case .success(let query): queries.append(query)
            case .failure(let problem): problems.append(problem)
            }
            blank(block)
        }
        let parser = PageBlockParser(file: file, queryNames: queries.map(\.name))
        var blocks: [PageBlock] = []
        for block in drawnBlocks {
            blank(block)
            switch parser.parse(block, fenceLine: block.firstLine + bodyLine - 1) {
            case .success(let parsed):
                blocks.append(parsed)
                // The fence line stays blank, so the tag is a paragraph of its own even right after text.
                if parsed.id == nil, block.firstLine < lines.count {
                    lines[block.firstLine] = "{{" + PageBlock.namePrefix + String(blocks.count) + "}}"
                }
            case .failure(let found): problems += found.all
            }
        }
        for block in blocks where block.offersCSV {
            if let position = queries.firstIndex(where: { $0.name == block.query }) { queries[position].csv = true }
        }
        return (queries, blocks, lines.joined(separator: "\n"), problems)
    }

    private static func query(in block: FencedCodeBlock, fileLine: Int, file: String, defined: [PageQuery]) -> Result<PageQuery, Diagnostic> {
        let words = block.infoWords
        let flags = words.dropFirst(2).map(String.init)
        guard words.count >= 2, Set(flags).count == flags.count, flags.allSatisfy(queryFlags.contains),
              let name = words.dropFirst().first.map(String.init) else {
            return .failure(Diagnostic(file: file, line: fileLine, message: "an sql query block takes one name, then `csv` and `first_page`, each at most once",
                                       hint: "write ```sql gifts — the rows are then available as {{#gifts}}…{{/gifts}}; "
                                           + "```sql gifts csv also writes them beside the page as gifts.csv, and on a paginated "
                                           + "page ```sql total first_page shows them on the listing's first page only"))
        }
        if !isValidName(name) || reservedNames.contains(name) || name.hasPrefix(PageBlock.namePrefix) {
            return .failure(Diagnostic(file: file, line: fileLine, message: "`\(name)` cannot name a query",
                                       hint: "use lowercase letters, digits and _ (not site, page, params, content, charts or tally_block_…)"))
        }
        if defined.contains(where: { $0.name == name }) {
            return .failure(Diagnostic(file: file, line: fileLine, message: "a query named `\(name)` is already defined on this page",
                                       hint: "give each query its own name"))
        }
        var query = PageQuery(name: name, sql: block.code, line: fileLine + 1, csv: flags.contains("csv"))
        query.firstPageOnly = flags.contains("first_page")
        return .success(query)
    }

    /// The words a query block's fence may add after its name, each once, in any order.
    static let queryFlags: Set = ["csv", "first_page"]

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x61...0x7A).contains(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }

    private static func compileField(_ text: String?, key: String, frontMatter: FrontMatter, file: String,
                                     problems: inout [Diagnostic]) -> PageTemplate? {
        guard let text, text.containsBytes(of: "{{") else { return nil }
        do {
            return try PageTemplate.plainText(text)
        } catch {
            problems.append(Diagnostic(file: file, line: frontMatter.lines[key] ?? 1, message: "in `\(key)`: " + error.message, hint: error.hint))
            return nil
        }
    }
}
