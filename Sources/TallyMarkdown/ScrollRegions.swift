import CCMarkGFM
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wraps each table and code block of a cmark-gfm document in a labelled, focusable box:
/// `<div class="tally-scroll" role="region" tabindex="0" aria-label="…">`.
///
/// On a narrow screen a wide table or a long code line scrolls sideways inside its box. Chromium lets the
/// keyboard focus such a box by itself, WebKit does not, and a box with nothing focusable in it cannot be
/// scrolled from the keyboard there (axe's `scrollable-region-focusable`). The wrapper is a custom block,
/// which cmark-gfm writes as it is even in safe mode, so raw HTML stays off.
///
/// Labels: a table is named after the heading it follows, or after its header cells when no heading comes
/// before it; a code block is "Code", with its language when the fence names one. Each box is a landmark,
/// so a label that would repeat on the page gets the table's number under its heading ("Totals, table 2").
enum ScrollRegions {
    /// - Parameter memory: the allocator the document was made with, which its new nodes take too.
    static func wrap(in document: OpaquePointer, memory: UnsafeMutablePointer<cmark_mem>) {
        var walk = Walk()
        walk.visitChildren(of: document)
        // The tree changes only after the walk, which would otherwise lose its place.
        for box in walk.boxes {
            guard let wrapper = cmark_node_new_with_mem(CMARK_NODE_CUSTOM_BLOCK, memory) else { continue }
            let kind = isTable(box.node) ? "tally-scroll" : "tally-scroll tally-code"
            _ = cmark_node_set_on_enter(wrapper, "<div class=\"\(kind)\" role=\"region\" tabindex=\"0\" aria-label=\"\(attribute(box.label))\">")
            _ = cmark_node_set_on_exit(wrapper, "</div>")
            guard cmark_node_insert_before(box.node, wrapper) != 0 else {
                cmark_node_free(wrapper)
                continue
            }
            _ = cmark_node_append_child(wrapper, box.node)
        }
    }

    /// The boxes to make, found in document order. Only block nodes are visited: inlines, most of a page's
    /// nodes, can hold no table or code block, and walking them with an iterator was 2.5 % of a Markdown build.
    private struct Walk {
        var boxes: [(node: OpaquePointer, label: String)] = []
        var heading: String?
        var tablesUnderHeading = 0
        var used: Set<String> = []

        /// In document order, without recursion: Markdown from the database can nest block quotes thousands deep.
        mutating func visitChildren(of root: OpaquePointer) {
            var next = cmark_node_first_child(root)
            while let node = next {
                if visit(node), let child = cmark_node_first_child(node) {
                    next = child
                    continue
                }
                next = nil
                var done: OpaquePointer? = node
                while let current = done, current != root {
                    if let sibling = cmark_node_next(current) {
                        next = sibling
                        break
                    }
                    done = cmark_node_parent(current)
                }
            }
        }

        /// Notes a heading, table or code block; true when the node may hold one.
        private mutating func visit(_ node: OpaquePointer) -> Bool {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                heading = plainText(of: node)
                tablesUnderHeading = 0
            } else if type == CMARK_NODE_CODE_BLOCK {
                let language = cmark_node_get_fence_info(node).map { String(cString: $0) }?
                    .split(separator: " ", maxSplits: 1).first.map(String.init)
                boxes.append((node, language.map { "Code: " + $0 } ?? "Code"))
            } else if isTable(node) {
                tablesUnderHeading += 1
                let cells = headerCells(of: node).filter { !$0.isEmpty }
                var label = heading.flatMap { $0.isEmpty ? nil : $0 }
                    ?? (cells.isEmpty ? "Table" : "Table: " + cells.joined(separator: ", "))
                if used.contains(label) { label += ", table \(tablesUnderHeading)" }
                used.insert(label)
                boxes.append((node, label))
            } else {
                // Block quotes, lists, items, footnote definitions hold blocks; a paragraph holds inlines only.
                return type != CMARK_NODE_PARAGRAPH && isBlock(type)
            }
            return false
        }

        private func isBlock(_ type: cmark_node_type) -> Bool {
            type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
        }
    }

    /// Compares the C string in place: a `String` made for every node of every page cost more than the walk.
    private static func isTable(_ node: OpaquePointer) -> Bool {
        guard let name = cmark_node_get_type_string(node) else { return false }
        return strcmp(name, "table") == 0
    }

    /// The text of the first row's cells.
    private static func headerCells(of table: OpaquePointer) -> [String] {
        var cells: [String] = []
        var cell = cmark_node_first_child(table).flatMap { cmark_node_first_child($0) }
        while let current = cell {
            cells.append(plainText(of: current))
            cell = cmark_node_next(current)
        }
        return cells
    }

    /// The literal text inside `node` (text, code spans, line breaks as spaces), as a screen reader would say it.
    private static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                text += cmark_node_get_literal(child).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return collapsingWhitespace(text)
    }

    /// Runs of whitespace as one space, none at either end. Most labels are ASCII words with single spaces and
    /// come back as they are, without splitting them into `Character`s.
    private static func collapsingWhitespace(_ text: String) -> String {
        var previousIsSpace = true
        let isPlain = text.utf8.allSatisfy { byte in
            let isSpace = byte == UInt8(ascii: " ")
            defer { previousIsSpace = isSpace }
            return byte < 0x80 && byte > 0x20 || (isSpace && !previousIsSpace)
        }
        if isPlain && !previousIsSpace { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `text` escaped for a double-quoted attribute.
    /// Works on UTF-8 bytes: the four characters are ASCII, and no byte of a longer character can be one of them.
    private static func attribute(_ text: String) -> String {
        let special: (UInt8) -> Bool = { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
        guard text.utf8.contains(where: special) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
