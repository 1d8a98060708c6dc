/// What the link checker needs from one HTML file: the URLs it refers to, the anchors it defines and its title.
public struct HTMLDocument: Sendable, Equatable {
    /// Every URL in an `href`, `src`, `srcset`, `poster` or `data` attribute, in document order, entities decoded.
    public var references: [HTMLReference] = []
    /// Every `id`, and the `name` of every `<a>`: the fragments that can point into this file.
    public var anchors: Set<String> = []
    /// The text of the first `<title>` element, entities decoded and trimmed; nil when there is none.
    public var title: String?

    public init(references: [HTMLReference] = [], anchors: Set<String> = [], title: String? = nil) {
        self.references = references
        self.anchors = anchors
        self.title = title
    }
}

/// One URL written in an HTML attribute.
public struct HTMLReference: Sendable, Equatable {
    /// A link to follow (`<a href>`, `<area href>`), or an asset the page loads (`src`, `<link href>`, `srcset`…).
    public enum Role: String, Sendable { case link, asset }

    public let url: String
    public let role: Role
    /// Where the URL starts in the file, 1-based; the column counts Unicode scalars.
    public let line: Int
    public let column: Int

    public init(url: String, role: Role, line: Int, column: Int) {
        self.url = url
        self.role = role
        self.line = line
        self.column = column
    }
}
