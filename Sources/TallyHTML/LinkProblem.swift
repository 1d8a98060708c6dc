/// A broken link, anchor or asset, or a page without a title, found in one generated file.
public struct LinkProblem: Sendable, Equatable {
    public enum Reason: Sendable, Hashable {
        /// Nothing was built at this site path.
        case noTarget(path: String)
        /// The page at `path` exists but has no element with this id.
        case noAnchor(path: String, fragment: String)
        /// A root-relative URL that does not start with the base path.
        case outsideBasePath
        /// A relative URL with more `..` than there are folders above the page.
        case aboveRoot
        case noTitle
        case emptyTitle
    }

    /// Path inside the output folder, such as `orgs/index.html`.
    public let file: String
    /// 1-based; 0 for a problem with the whole file (a missing title).
    public let line: Int
    public let column: Int
    /// The URL as written (entities decoded); empty for a title problem.
    public let url: String
    /// Whether the URL is followed or loaded; nil for a title problem.
    public let role: HTMLReference.Role?
    public let reason: Reason

    public init(file: String, line: Int, column: Int, url: String, role: HTMLReference.Role?, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.url = url
        self.role = role
        self.reason = reason
    }
}

/// What a link check found, and how much it looked at.
public struct LinkReport: Sendable {
    /// Sorted by file, line and column.
    public let problems: [LinkProblem]
    public let htmlFiles: Int
    /// Internal URLs resolved (external ones are not counted).
    public let internalReferences: Int
}
