/// Which repeated elements of a file are read flat, as records, and which of their fields: a roll call's members,
/// `vote-data/recorded-vote` in the House's files and `members/member` in the Senate's. A Congress is 700,000
/// of them; a tree node and an attribute dictionary for each of their elements was most of the import's time.
struct XMLRecordShape {
    /// A field: the trimmed text of the record's first child named `child`, or one of that child's attributes.
    struct Field {
        let child: String
        let attribute: String?
    }

    /// The child of the root that holds the records (`vote-data`); only the first of that name does.
    let parent: String
    /// The records' element (`recorded-vote`).
    let element: String
    let fields: [Field]

    /// The distinct children the fields read, in order of first mention.
    var children: [String] {
        fields.reduce(into: []) { names, field in if !names.contains(field.child) { names.append(field.child) } }
    }
}

/// One record: its fields' values, in the shape's order, and the line of its element.
struct XMLRecord {
    /// nil when the record has no such child (or the child no such attribute); a child without text gives "".
    let values: [String?]
    let line: Int

    subscript(field: Int) -> String? { values[field] }
}

extension XMLTree {
    /// The records under the root's first `shape.parent`, read from a whole tree: what `XMLStream` reads without
    /// one, for the files it leaves to `XMLParser`.
    func records(_ shape: XMLRecordShape) -> [XMLRecord] {
        (self[shape.parent]?.all(shape.element) ?? []).map { element in
            XMLRecord(values: shape.fields.map { field in
                let child = element[field.child]
                guard let attribute = field.attribute else { return child.map { XMLTree.trimmed($0.text) } }
                return child?.attributes[attribute]
            }, line: element.line)
        }
    }

    /// A roll call's file as a tree without its records, and the records: read by libxml2's SAX2 parser
    /// (`XMLStream`), or, for a file it would not read exactly as `XMLParser` does (one that is not well-formed,
    /// or uses entities, CDATA or namespaces), parsed whole as before, with the same diagnostics.
    static func read(_ file: ImportFile, records shape: XMLRecordShape) throws -> (root: XMLTree, records: [XMLRecord]) {
        if let streamed = XMLStream.read(file, records: shape) { return streamed }
        let root = try read(file)
        return (root, root.records(shape))
    }
}
