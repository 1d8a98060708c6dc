import CYaml
import Yams

/// One top-level `key: value` of front matter, with where its key and value start in the YAML (1-based, as Yams counts).
struct FrontMatterPair {
    let key: String
    let keyLine: Int
    let value: Node
    let valueLine: Int
    let valueColumn: Int
}

/// Reads the usual front matter, a mapping of plain keys to scalars and lists of scalars, straight from libyaml's
/// events, without Yams' nodes: Yams composed every file's tree, resolved tags with regular expressions and
/// hashed every key to check for duplicates, 8 % of a Markdown build's instructions where libyaml itself was 1 %.
///
/// Anything else (an error, a nested mapping, an anchor, an alias, an explicit tag, a key given twice, more than
/// one document) returns nil, and the caller reads the text with Yams as before, which reports every problem
/// with its own wording. Values are the nodes Yams' parser would make, with the same text, tag and style.
enum FrontMatterEvents {
    static func pairs(_ yaml: String) -> [FrontMatterPair]? {
        var text = yaml
        return text.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            return withUnsafeMutablePointer(to: &parser) { EventReader(parser: $0).readDocument() }
        }
    }

    /// One constructor for every node: Yams' `Constructor.default` builds its tables again on each call. It holds
    /// only `let` tables, so sharing it between threads is safe, though Yams does not mark it `Sendable`.
    nonisolated(unsafe) private static let constructor = Constructor.default

    /// A tag as Yams' parser makes it: `.implicit` stays unresolved until something hashes or compares the node.
    static func tag(_ name: Tag.Name) -> Tag { Tag(name, YAMLDocument.resolver, constructor) }
}

/// Walks one document's events; every method returns nil as soon as the text is not the simple shape.
private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>

    func readDocument() -> [FrontMatterPair]? {
        guard next(YAML_STREAM_START_EVENT) != nil, var event = nextEvent() else { return nil }
        // Blank or comment-only front matter: no document at all.
        if event.type == YAML_STREAM_END_EVENT {
            yaml_event_delete(&event)
            return []
        }
        let isDocument = event.type == YAML_DOCUMENT_START_EVENT
        yaml_event_delete(&event)
        guard isDocument, var mapping = nextEvent() else { return nil }
        let isMapping = mapping.type == YAML_MAPPING_START_EVENT && mapping.data.mapping_start.anchor == nil
            && mapping.data.mapping_start.implicit != 0
        yaml_event_delete(&mapping)
        guard isMapping, let pairs = readPairs(), next(YAML_DOCUMENT_END_EVENT) != nil, next(YAML_STREAM_END_EVENT) != nil else {
            return nil
        }
        return pairs
    }

    private func readPairs() -> [FrontMatterPair]? {
        var pairs: [FrontMatterPair] = []
        var keys: Set<String> = []
        while var keyEvent = nextEvent() {
            defer { yaml_event_delete(&keyEvent) }
            if keyEvent.type == YAML_MAPPING_END_EVENT { return pairs }
            // A key given twice is Yams' to report (or not: `yes` and `"yes"` are different keys to it).
            guard let key = scalar(keyEvent)?.string, keys.insert(key).inserted,
                  var valueEvent = nextEvent() else { return nil }
            defer { yaml_event_delete(&valueEvent) }
            let value: Node
            if let scalar = scalar(valueEvent) {
                value = .scalar(scalar)
            } else if valueEvent.type == YAML_SEQUENCE_START_EVENT, valueEvent.data.sequence_start.anchor == nil,
                      valueEvent.data.sequence_start.implicit != 0, let items = readSequence() {
                // Yams reads the style from the end event, whose data libyaml leaves zeroed: `.any`.
                value = .sequence(Node.Sequence(items, FrontMatterEvents.tag(.implicit), .any))
            } else {
                return nil
            }
            pairs.append(FrontMatterPair(key: key, keyLine: Int(keyEvent.start_mark.line) + 1, value: value,
                                         valueLine: Int(valueEvent.start_mark.line) + 1,
                                         valueColumn: Int(valueEvent.start_mark.column) + 1))
        }
        return nil
    }

    private func readSequence() -> [Node]? {
        var items: [Node] = []
        while var event = nextEvent() {
            defer { yaml_event_delete(&event) }
            if event.type == YAML_SEQUENCE_END_EVENT { return items }
            guard let item = scalar(event) else { return nil }
            items.append(.scalar(item))
        }
        return nil
    }

    /// A scalar without anchor or explicit tag, tagged as Yams' parser tags it: quoted text is `str`, a plain
    /// scalar implicit (so `Node.bool` reads `YeS` as true, as it does for Yams' own nodes).
    private func scalar(_ event: yaml_event_t) -> Node.Scalar? {
        guard event.type == YAML_SCALAR_EVENT, event.data.scalar.anchor == nil else { return nil }
        let data = event.data.scalar
        let string = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
        let name: Tag.Name
        if data.quoted_implicit == 1 {
            name = .str
        } else if data.tag == nil {
            name = .implicit
        } else {
            return nil
        }
        guard let style = Node.Scalar.Style(rawValue: data.style.rawValue) else { return nil }
        return Node.Scalar(string, FrontMatterEvents.tag(name), style)
    }

    /// The next event, nil on a syntax error (Yams then reports it).
    private func nextEvent() -> yaml_event_t? {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { return nil }
        return event
    }

    /// The next event if it is of `type`, else nil.
    private func next(_ type: yaml_event_type_t) -> Void? {
        guard var event = nextEvent() else { return nil }
        defer { yaml_event_delete(&event) }
        return event.type == type ? () : nil
    }
}
