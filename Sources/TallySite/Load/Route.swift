import TallyFormat

/// Where a content file's pages go: `about.md` → `/about/`, `x/index.md` → `/x/`, `orgs/[slug].md` → `/orgs/<slug>/`.
package struct Route: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case fixed(String)
        case parameter(String)
    }

    let segments: [Segment]
    /// `content/404.md` is written to `/404.html`, where static hosts look for their "not found" page.
    let isNotFoundPage: Bool

    static let notFoundPath = "/404.html"

    /// - Parameter relativePath: the file's path inside the content folder, with "/" separators.
    init(relativePath: String) {
        isNotFoundPage = relativePath == "404.md"
        var parts = relativePath.split(separator: "/").map(String.init)
        if var last = parts.popLast() {
            if last.hasSuffix(".md") { last.removeLast(3) }
            if last != "index" { parts.append(last) }
        }
        segments = parts.map { part in
            if part.hasPrefix("["), part.hasSuffix("]"), part.count > 2 { return .parameter(String(part.dropFirst().dropLast())) }
            return .fixed(part)
        }
    }

    var parameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { return name } else { return nil } }
    }

    var isTemplated: Bool { !parameters.isEmpty }

    /// The segments the file's own path gives, as written: `My Page` for `content/My Page.md`.
    var fixedSegments: [String] {
        segments.compactMap { if case .fixed(let name) = $0 { return name } else { return nil } }
    }

    /// The URL path, such as "/orgs/amf/", given a value for each parameter.
    func path(with values: [String: String] = [:]) -> String {
        if isNotFoundPage { return Route.notFoundPath }
        let parts = segments.map { segment -> String in
            switch segment {
            case .fixed(let name): return name
            case .parameter(let name): return values[name] ?? ""
            }
        }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    /// Whether some values of the parameters give the URL path `path` ("/orgs/amf/" for `orgs/[slug].md`): a value
    /// is one URL segment, never empty and without a slash.
    func canGive(_ path: String) -> Bool {
        if isNotFoundPage { return path == Route.notFoundPath }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard path.hasSuffix("/"), parts.count == segments.count + 2 else { return false }
        return zip(segments, parts.dropFirst()).allSatisfy { segment, part in
            switch segment {
            case .fixed(let name): return part == name
            case .parameter: return !part.isEmpty
            }
        }
    }

    /// Whether a database value may be used as one URL segment (`Slug.isSafeSegment`).
    package static func isSafeSegment(_ value: String) -> Bool { Slug.isSafeSegment(value) }
}
