import Mustache

/// Named values: the page's root data, front-matter mappings, `site`, `page` and `params`.
///
/// Its entries are `TemplateValue`s, typed when the map is made, not identified at each lookup.
public struct MapContext: MustacheParent, Sendable {
    let entries: [String: TemplateValue]
    private let isRoot: Bool
    /// The name this map is known by, when a key it lacks is a typo (`params.nmae`) rather than a value that is
    /// simply not set: such a key is recorded like a misspelt column.
    private let strictName: String?

    /// - Parameter isRoot: the page's root records every name that nothing defines, so a typo is an error.
    /// - Parameter strictName: records every key this map lacks as a key of that name (`params`).
    public init(typed values: [String: TemplateValue], isRoot: Bool = false, strictName: String? = nil) {
        entries = values
        self.isRoot = isRoot
        self.strictName = strictName
    }

    /// A map of values of any type, each classified once here (tests, and data that is not the site's own).
    public init(_ values: [String: any Sendable], isRoot: Bool = false, strictName: String? = nil) {
        self.init(typed: values.mapValues(TemplateValue.init), isRoot: isRoot, strictName: strictName)
    }

    /// The names the map holds, in no particular order.
    public var keys: [String] { Array(entries.keys) }

    /// The entry `name`, recording a missing name as `isRoot` and `strictName` ask.
    func entry(named name: String) -> TemplateValue? {
        if let value = entries[name] { return value }
        if isRoot { RenderSession.current?.recordMissing(name) }
        if let strictName { RenderSession.current?.recordMissing(key: name, of: strictName) }
        return nil
    }

    /// swift-mustache's lookup, for a template only it renders (a dynamic partial).
    public func child(named name: String) -> Any? { entry(named: name)?.boxed }
}
