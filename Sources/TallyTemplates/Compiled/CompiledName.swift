import Mustache

/// A name as a compiled tag reads it: swift-mustache's parsed name, each component with its process-wide number
/// (`NameNumbers`), so a row finds its column by index.
struct CompiledName: Sendable {
    let kind: MustacheName.Kind
    let components: [String]
    let numbers: [Int]

    init(_ name: MustacheName) {
        kind = name.kind
        components = name.components
        numbers = name.components.map(NameNumbers.shared.number(of:))
    }
}
