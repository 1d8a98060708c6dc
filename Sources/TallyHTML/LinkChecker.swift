import Foundation
import Synchronization

/// Checks a built site folder: every internal link, anchor and asset in its HTML files, and each file's `<title>`.
///
/// Only files are consulted, never the network: external URLs are skipped. `/x/` is served from `x/index.html`,
/// and `/x` is accepted when `x/index.html` exists (static hosts redirect it).
public struct LinkChecker: Sendable {
    /// "/" or "/repo/": root-relative URLs must start with it, and are looked up without it.
    public let basePath: String

    public init(basePath: String) {
        self.basePath = basePath
    }

    public func check(output: URL) -> LinkReport {
        let files = LinkChecker.files(in: output)
        let htmlFiles = files.filter { $0.hasSuffix(".html") }.sorted()
        let documents = Mutex<[String: HTMLDocument]>([:])
        DispatchQueue.concurrentPerform(iterations: htmlFiles.count) { index in
            let file = htmlFiles[index]
            let text = (try? String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let document = HTMLScanner.scan(text)
            documents.withLock { $0[file] = document }
        }
        let scanned = documents.withLock { $0 }
        var problems: [LinkProblem] = []
        var internalReferences = 0
        for file in htmlFiles {
            guard let document = scanned[file] else { continue }
            if document.title == nil || document.title == "" {
                problems.append(LinkProblem(file: file, line: 0, column: 1, url: "", role: nil,
                                            reason: document.title == nil ? .noTitle : .emptyTitle))
            }
            for reference in document.references {
                let target = SitePath(reference.url, page: "/" + file, basePath: basePath)
                if target != .external { internalReferences += 1 }
                if let reason = problem(with: target, files: files, documents: scanned) {
                    problems.append(LinkProblem(file: file, line: reference.line, column: reference.column, url: reference.url,
                                                role: reference.role, reason: reason))
                }
            }
        }
        return LinkReport(problems: problems, htmlFiles: htmlFiles.count, internalReferences: internalReferences)
    }

    private func problem(with target: SitePath, files: Set<String>, documents: [String: HTMLDocument]) -> LinkProblem.Reason? {
        switch target {
        case .external: return nil
        case .outsideBasePath: return .outsideBasePath
        case .aboveRoot: return .aboveRoot
        case .page(let path, let fragment):
            let relative = String(path.dropFirst())
            let candidates = path.hasSuffix("/") ? [relative + "index.html"] : [relative, relative + "/index.html"]
            guard let file = candidates.first(where: files.contains) else { return .noTarget(path: path) }
            guard let fragment, !fragment.isEmpty, fragment.lowercased() != "top", let document = documents[file],
                  !document.anchors.contains(fragment) else { return nil }
            return .noAnchor(path: path, fragment: fragment)
        }
    }

    /// Every regular file below `folder`, relative, skipping hidden entries (a deploy checkout's `.git`).
    static func files(in folder: URL) -> Set<String> {
        var files: Set<String> = []
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
        while let path = enumerator.nextObject() as? String {
            if path.split(separator: "/").last?.hasPrefix(".") == true { enumerator.skipDescendants(); continue }
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.insert(path) }
        }
        return files
    }
}
