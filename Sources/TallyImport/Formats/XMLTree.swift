import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TallyFormat

/// A small XML document read with Foundation's `XMLParser`: elements with their attributes, text and line, for
/// files of one record each (a roll call is about 100 KB). No XML is parsed by hand.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    let line: Int
    var text = ""
    var children: [XMLTree] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The first child at `path` (`vote-metadata/congress`), or nil.
    subscript(path: String) -> XMLTree? {
        // Most paths name one child (`legislator`, `vote`): found without splitting, which made an array for each
        // look-up, three for each of a Congress's 700,000 positions.
        if !path.isEmpty, !path.utf8.contains(UInt8(ascii: "/")) { return children.first { $0.name == path } }
        var node: XMLTree? = self
        for part in path.split(separator: "/") {
            node = node?.children.first { $0.name == part }
        }
        return node
    }

    /// The trimmed text at `path`, or "" when there is no such element.
    func string(_ path: String) -> String {
        self[path].map { XMLTree.trimmed($0.text) } ?? ""
    }

    /// `text` without surrounding spaces, tabs and line breaks. Foundation's trimming bridges each string to
    /// NSString: on a Congress of roll calls, 700,000 members' names, it cost an eighth of the import.
    static func trimmed(_ text: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = text.utf8
        guard let head = bytes.first, let tail = bytes.last, isSpace(head) || isSpace(tail) else { return text }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start...end])
    }

    /// Every child named `name`.
    func all(_ name: String) -> [XMLTree] {
        children.filter { $0.name == name }
    }

    /// Parses a file, or throws its first problem at its line.
    static func read(_ file: ImportFile) throws -> XMLTree {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "cannot read the file", hint: "check the path")])
        }
        let parser = XMLParser(data: data)
        let builder = Builder()
        parser.delegate = builder
        let finished = parser.parse()
        // On Linux, parse() can report success while leaving an error behind: both are checked.
        guard finished, parser.parserError == nil, let root = builder.root else {
            let detail = (parser.parserError as NSError?).map { " (\($0.localizedDescription))" } ?? ""
            throw ImportFailure([Diagnostic(file: file.displayName, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                                            message: "the file is not well-formed XML" + detail,
                                            hint: "the file may be cut short or damaged; download it again")])
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        private var stack: [XMLTree] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let element = XMLTree(name: name, attributes: attributes, line: parser.lineNumber)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
