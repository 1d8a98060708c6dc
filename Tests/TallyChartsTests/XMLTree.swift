import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element, small enough for tests to walk: name, attributes, children and direct text.
final class SVGNode {
    let name: String
    let attributes: [String: String]
    var children: [SVGNode] = []
    var text = ""
    weak var parent: SVGNode?

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element below this one, depth first.
    var descendants: [SVGNode] { children.flatMap { [$0] + $0.descendants } }

    var ancestors: [SVGNode] {
        var result: [SVGNode] = []
        var node = parent
        while let current = node {
            result.append(current)
            node = current.parent
        }
        return result
    }

    var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }

    /// The text of this element and its descendants.
    var allText: String { text + children.map(\.allText).joined() }

}

/// Parses SVG and HTML output with Foundation's XMLParser.
enum XMLTree {
    /// Parses `xml`; nil (and the parser's error in `error`) when it is not well-formed.
    static func parse(_ xml: String) -> (root: SVGNode?, error: String?) {
        let builder = Builder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            return (nil, parser.parserError.map { String(describing: $0) } ?? "no root element")
        }
        return (root, nil)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGNode?
        var stack: [SVGNode] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = SVGNode(name: name, attributes: attributes)
            node.parent = stack.last
            stack.last?.children.append(node)
            if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
