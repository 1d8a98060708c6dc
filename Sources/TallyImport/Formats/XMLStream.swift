import CLibXML2
import Foundation

/// Reads a roll call's file with libxml2's streaming reader (`xmlTextReader`): the records a shape names
/// (`XMLRecordShape`, a roll call's members) straight into their fields, matched by the bytes of their names, and
/// the rest (a few dozen elements of metadata) as an `XMLTree`. `XMLParser` made a Swift string for every element's
/// name and text and a dictionary of its attributes, and the tree a node for each: with 700,000 members in a
/// Congress, most of the import's time.
///
/// It reads only what it reads exactly as `XMLParser` and `XMLTree` do, and gives up (nil) on anything else, which
/// is then parsed as before with the same diagnostics: a file it cannot read, any error or warning from libxml2,
/// CDATA, entity references, namespaces, a DTD with declarations.
enum XMLStream {
    static func read(_ file: ImportFile, records shape: XMLRecordShape) -> (root: XMLTree, records: [XMLRecord])? {
        guard let data = FileManager.default.contents(atPath: file.path), !data.isEmpty else { return nil }
        return data.withUnsafeBytes { bytes -> (root: XMLTree, records: [XMLRecord])? in
            guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let reader = xmlReaderForMemory(start, Int32(bytes.count), nil, nil, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue))
            else { return nil }
            defer { xmlFreeTextReader(reader) }
            var complained = false
            return withUnsafeMutablePointer(to: &complained) { flag in
                // Any message at all, warnings included, leaves the file to XMLParser: it also keeps libxml2 from
                // printing to standard error.
                xmlTextReaderSetStructuredErrorHandler(reader, { context, _ in
                    context?.assumingMemoryBound(to: Bool.self).pointee = true
                }, flag)
                var builder = XMLStreamBuilder(shape: shape, reader: reader)
                while true {
                    let status = xmlTextReaderRead(reader)
                    guard status == 1 else {
                        guard status == 0, !flag.pointee, let root = builder.root else { return nil }
                        return (root, builder.records)
                    }
                    guard !flag.pointee, builder.take() else { return nil }
                }
            }
        }
    }
}

/// The state of one file's stream: the tree's open elements, and the record being read.
private struct XMLStreamBuilder {
    let shape: XMLRecordShape
    let reader: OpaquePointer
    private(set) var root: XMLTree?
    private(set) var records: [XMLRecord] = []
    private var open: [XMLTree] = []
    /// The records' parent (depth 1) is open and is the first of its name.
    private var inRecordParent = false
    private var recordParentSeen = false
    /// The record being read: its values and which of its children were met (only the first of a name counts).
    private var record: (values: [String?], childrenSeen: [Bool], line: Int)?
    /// The child of the record whose text is being read, as an index into `children`.
    private var openChild: Int?
    private let parentName: [UInt8], elementName: [UInt8], children: [[UInt8]]
    /// For each child, its text field's index (if read) and its attribute fields (index, name).
    private let textField: [Int?]
    /// Attribute names NUL-terminated, as libxml2 takes them.
    private let attributeFields: [[(index: Int, name: [UInt8])]]

    init(shape: XMLRecordShape, reader: OpaquePointer) {
        self.shape = shape
        self.reader = reader
        parentName = Array(shape.parent.utf8)
        elementName = Array(shape.element.utf8)
        let names = shape.children
        children = names.map { Array($0.utf8) }
        textField = names.map { name in shape.fields.firstIndex { $0.child == name && $0.attribute == nil } }
        attributeFields = names.map { name in
            shape.fields.indices.compactMap { index in
                shape.fields[index].child == name ? shape.fields[index].attribute.map { (index, Array($0.utf8) + [0]) } : nil
            }
        }
    }

    /// Takes the reader's current node; false when the file should be left to `XMLParser`.
    mutating func take() -> Bool {
        let depth = Int(xmlTextReaderDepth(reader))
        switch xmlTextReaderNodeType(reader) {
        case Self.element:
            guard xmlTextReaderConstNamespaceUri(reader) == nil, let name = xmlTextReaderConstName(reader) else { return false }
            let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
            if record != nil {
                if depth == 2 + 1 { startChild(name, isEmpty: isEmpty) }
                return true
            }
            if inRecordParent, depth == 2, Self.equal(name, elementName) {
                record = (Array(repeating: nil, count: shape.fields.count), Array(repeating: false, count: children.count), line)
                if isEmpty { finishRecord() }
                return true
            }
            return startElement(name, depth: depth, isEmpty: isEmpty)
        case Self.endElement:
            if record != nil {
                if depth == 2 { finishRecord() } else if depth == 2 + 1 { openChild = nil }
                return true
            }
            _ = open.popLast()
            if depth == 1 { inRecordParent = false }
            return true
        case Self.text, Self.whitespace, Self.significantWhitespace:
            guard let value = xmlTextReaderConstValue(reader) else { return true }
            if record != nil {
                if depth == 2 + 2, let child = openChild, let field = textField[child] {
                    record?.values[field]? += String(cString: value)
                }
            } else {
                open.last?.text += String(cString: value)
            }
            return true
        case Self.comment, Self.processingInstruction, Self.declaration:
            return true
        case Self.documentType:
            // A bare `<!DOCTYPE … "vote.dtd">`, as the Clerk writes, declares nothing here; an internal subset may.
            return xmlTextReaderCurrentNode(reader)?.pointee.children == nil
        default:
            return false
        }
    }

    /// A child of the record: the first of each name the shape reads has its text read and its attributes taken.
    private mutating func startChild(_ name: UnsafePointer<xmlChar>, isEmpty: Bool) {
        guard let child = children.firstIndex(where: { Self.equal(name, $0) }), record?.childrenSeen[child] == false else { return }
        record?.childrenSeen[child] = true
        if let field = textField[child] { record?.values[field] = "" }
        for (index, attribute) in attributeFields[child] where xmlTextReaderMoveToAttribute(reader, attribute) == 1 {
            record?.values[index] = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
        }
        xmlTextReaderMoveToElement(reader)
        openChild = isEmpty ? nil : child
    }

    private mutating func finishRecord() {
        guard let finished = record else { return }
        var values = finished.values
        for case let field? in textField { values[field] = values[field].map(XMLTree.trimmed) }
        records.append(XMLRecord(values: values, line: finished.line))
        record = nil
        openChild = nil
    }

    /// An element of the tree, with all its attributes.
    private mutating func startElement(_ name: UnsafePointer<xmlChar>, depth: Int, isEmpty: Bool) -> Bool {
        var attributes: [String: String] = [:]
        if xmlTextReaderMoveToFirstAttribute(reader) == 1 {
            repeat {
                guard xmlTextReaderIsNamespaceDecl(reader) == 0, let key = xmlTextReaderConstName(reader) else { return false }
                attributes[String(cString: key)] = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            } while xmlTextReaderMoveToNextAttribute(reader) == 1
            xmlTextReaderMoveToElement(reader)
        }
        let element = XMLTree(name: String(cString: name), attributes: attributes, line: line)
        if let parent = open.last { parent.children.append(element) } else if root == nil { root = element } else { return false }
        if depth == 1, !recordParentSeen, Self.equal(name, parentName) {
            recordParentSeen = true
            inRecordParent = !isEmpty
        }
        if !isEmpty { open.append(element) }
        return true
    }

    /// The line of the current element, as libxml2 noted it when the start tag was read: the line `XMLParser`
    /// gives in `didStartElement`.
    private var line: Int {
        xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) } ?? 0
    }

    private static let element = Int32(XML_READER_TYPE_ELEMENT.rawValue), endElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
    private static let text = Int32(XML_READER_TYPE_TEXT.rawValue), whitespace = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
    private static let significantWhitespace = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
    private static let comment = Int32(XML_READER_TYPE_COMMENT.rawValue), declaration = Int32(XML_READER_TYPE_XML_DECLARATION.rawValue)
    private static let processingInstruction = Int32(XML_READER_TYPE_PROCESSING_INSTRUCTION.rawValue)
    private static let documentType = Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue)

    /// Whether a NUL-terminated name is these bytes.
    private static func equal(_ name: UnsafePointer<xmlChar>, _ bytes: [UInt8]) -> Bool {
        for (index, byte) in bytes.enumerated() where name[index] != byte { return false }
        return name[bytes.count] == 0
    }
}
