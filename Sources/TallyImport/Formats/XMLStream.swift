import CLibXML2
import Foundation

/// Reads a roll call's file with libxml2's SAX2 parser, as `XMLParser` does underneath, but without its Swift
/// string for every element's name and text and dictionary of its attributes, nor a tree node for each: the
/// records a shape names (`XMLRecordShape`, a roll call's members) go straight into their fields, matched by the
/// bytes of their names, and the rest (a few dozen elements of metadata) into an `XMLTree`. With 700,000 members
/// in a Congress, those strings, dictionaries and nodes were most of the import's time.
///
/// It reads only what it reads exactly as `XMLParser` and `XMLTree` do, and gives up (nil) on anything else, which
/// is then parsed as before with the same diagnostics: a file it cannot read, any error or warning from libxml2,
/// CDATA, entity references, `&` in an attribute, namespaces, declarations in a DTD.
enum XMLStream {
    static func read(_ file: ImportFile, records shape: XMLRecordShape) -> (root: XMLTree, records: [XMLRecord])? {
        guard let data = FileManager.default.contents(atPath: file.path), !data.isEmpty, data.count < Int32.max else { return nil }
        var builder = XMLStreamBuilder(shape: shape)
        var handler = saxHandler()
        let finished = withUnsafeMutablePointer(to: &builder) { state -> Bool in
            guard let context = xmlCreatePushParserCtxt(&handler, state, nil, 0, nil) else { return false }
            defer { xmlFreeParserCtxt(context) }
            state.pointee.context = context
            let code = data.withUnsafeBytes { bytes in
                xmlParseChunk(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 1)
            }
            return code == 0 && context.pointee.wellFormed != 0
        }
        guard finished, !builder.gaveUp, let root = builder.root else { return nil }
        return (root, builder.records)
    }

    /// The callbacks: elements and text go to the builder; anything this reader does not read gives up.
    private static func saxHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, name, prefix, namespace, namespaceCount, _, attributeCount, defaultedCount, attributes in
            guard let state = builder(context), let name else { return }
            guard prefix == nil, namespace == nil, namespaceCount == 0, defaultedCount == 0 else { return state.pointee.gaveUp = true }
            state.pointee.start(name, attributes: attributes, count: Int(attributeCount))
        }
        handler.endElementNs = { context, _, _, _ in builder(context)?.pointee.end() }
        handler.characters = { context, text, length in
            guard let text else { return }
            builder(context)?.pointee.text(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        // XMLParser gets whitespace as text too: libxml2 tells it apart only in a tree it is building.
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = { context, _, _ in builder(context)?.pointee.gaveUp = true }
        handler.reference = { context, _ in builder(context)?.pointee.gaveUp = true }
        handler.entityDecl = { context, _, _, _, _, _ in builder(context)?.pointee.gaveUp = true }
        handler.attributeDecl = { context, _, _, _, _, _, _ in builder(context)?.pointee.gaveUp = true }
        handler.elementDecl = { context, _, _, _ in builder(context)?.pointee.gaveUp = true }
        handler.notationDecl = { context, _, _, _ in builder(context)?.pointee.gaveUp = true }
        handler.unparsedEntityDecl = { context, _, _, _, _ in builder(context)?.pointee.gaveUp = true }
        // Every error and warning comes here rather than to standard error.
        handler.serror = { context, _ in builder(context)?.pointee.gaveUp = true }
        return handler
    }
}

/// The builder a callback's context points to.
private func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<XMLStreamBuilder>? {
    context?.assumingMemoryBound(to: XMLStreamBuilder.self)
}

/// The state of one file's parse: the tree's open elements, and the record being read.
private struct XMLStreamBuilder {
    var context: xmlParserCtxtPtr?
    var gaveUp = false
    private(set) var root: XMLTree?
    private(set) var records: [XMLRecord] = []
    private var open: [XMLTree] = []
    /// The depth of the next element to start: the root's is 0, the records' parent's 1, the records' 2.
    private var depth = 0
    /// The records' parent is open, and is the first of its name.
    private var inRecordParent = false
    private var recordParentSeen = false
    /// The record being read: its values, which of the shape's children were met (only the first of a name
    /// counts) as bits, and its line.
    private var inRecord = false
    private var values: [String?] = []
    private var childrenSeen = 0
    private var recordLine = 0
    /// The child of the record whose text is being read, as an index into `children`.
    private var openChild: Int?
    private let fieldCount: Int
    private let parentName: [UInt8], elementName: [UInt8], children: [[UInt8]]
    /// For each child, the index of its text field, if read, and its attribute fields (index, name).
    private let textField: [Int?]
    private let attributeFields: [[(index: Int, name: [UInt8])]]

    init(shape: XMLRecordShape) {
        fieldCount = shape.fields.count
        parentName = Array(shape.parent.utf8)
        elementName = Array(shape.element.utf8)
        let names = shape.children
        children = names.map { Array($0.utf8) }
        textField = names.map { name in shape.fields.firstIndex { $0.child == name && $0.attribute == nil } }
        attributeFields = names.map { name in
            shape.fields.indices.compactMap { index in
                shape.fields[index].child == name ? shape.fields[index].attribute.map { (index, Array($0.utf8)) } : nil
            }
        }
    }

    /// `attributes` holds five pointers an attribute: name, prefix, namespace, and the value's start and end.
    mutating func start(_ name: UnsafePointer<xmlChar>, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        defer { depth += 1 }
        let attributes = UnsafeBufferPointer(start: attributes, count: attributes == nil ? 0 : count * 5)
        for index in stride(from: 0, to: attributes.count, by: 5) {
            // A prefix, or an entity the parser passes on as `&#38;`, would be read otherwise by XMLParser.
            guard attributes[index + 1] == nil, let start = attributes[index + 3], let end = attributes[index + 4],
                  !UnsafeBufferPointer(start: start, count: end - start).contains(UInt8(ascii: "&")) else { return gaveUp = true }
        }
        if inRecord {
            if depth == 3 { startChild(name, attributes: attributes) }
        } else if inRecordParent, depth == 2, Self.equal(name, elementName) {
            inRecord = true
            values = Array(repeating: nil, count: fieldCount)
            childrenSeen = 0
            recordLine = line
        } else {
            startElement(name, attributes: attributes)
        }
    }

    mutating func end() {
        depth -= 1
        if inRecord {
            if depth == 2 { finishRecord() } else if depth == 3 { openChild = nil }
            return
        }
        _ = open.popLast()
        if depth == 1 { inRecordParent = false }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<xmlChar>) {
        if inRecord {
            if depth == 4, let child = openChild, let field = textField[child] {
                values[field]? += String(decoding: bytes, as: UTF8.self)
            }
        } else {
            open.last?.text += String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A child of the record: the first of each name the shape reads has its text read and its attributes taken.
    private mutating func startChild(_ name: UnsafePointer<xmlChar>, attributes: UnsafeBufferPointer<UnsafePointer<xmlChar>?>) {
        guard let child = children.firstIndex(where: { Self.equal(name, $0) }), childrenSeen & (1 << child) == 0 else { return }
        childrenSeen |= 1 << child
        openChild = child
        if let field = textField[child] { values[field] = "" }
        for (field, wanted) in attributeFields[child] {
            for index in stride(from: 0, to: attributes.count, by: 5) {
                guard let attribute = attributes[index], Self.equal(attribute, wanted), let start = attributes[index + 3],
                      let end = attributes[index + 4] else { continue }
                values[field] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                break
            }
        }
    }

    private mutating func finishRecord() {
        for case let field? in textField { values[field] = values[field].map(XMLTree.trimmed) }
        records.append(XMLRecord(values: values, line: recordLine))
        inRecord = false
        openChild = nil
    }

    /// An element of the tree, with all its attributes.
    private mutating func startElement(_ name: UnsafePointer<xmlChar>, attributes: UnsafeBufferPointer<UnsafePointer<xmlChar>?>) {
        var dictionary: [String: String] = [:]
        for index in stride(from: 0, to: attributes.count, by: 5) {
            guard let key = attributes[index], let start = attributes[index + 3], let end = attributes[index + 4] else { continue }
            dictionary[String(cString: key)] = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        }
        let element = XMLTree(name: String(cString: name), attributes: dictionary, line: line)
        if let parent = open.last { parent.children.append(element) } else if root == nil { root = element } else { return gaveUp = true }
        if depth == 1, !recordParentSeen, Self.equal(name, parentName) {
            recordParentSeen = true
            inRecordParent = true
        }
        open.append(element)
    }

    /// The parser's line as a start tag is read: the line `XMLParser` gives in `didStartElement`.
    private var line: Int {
        context?.pointee.input.map { Int($0.pointee.line) } ?? 0
    }

    /// Whether a NUL-terminated name is these bytes.
    private static func equal(_ name: UnsafePointer<xmlChar>, _ bytes: [UInt8]) -> Bool {
        for (index, byte) in bytes.enumerated() where name[index] != byte { return false }
        return name[bytes.count] == 0
    }
}
