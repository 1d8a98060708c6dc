import Mustache

/// Escapes text for HTML element content and attribute values: `& < > " '`.
public func escapeHTML(_ text: String) -> String {
    guard needsHTMLEscaping(text) else { return text }
    var output: [UInt8] = []
    appendHTMLEscaped(text, to: &output)
    return String(decoding: output, as: UTF8.self)
}

/// Appends `text` escaped for HTML to `output`: what `escapeHTML` returns, without a `String` in between (the
/// compiled templates write a page into one byte buffer).
func appendHTMLEscaped(_ text: String, to output: inout [UInt8]) {
    var text = text
    // No `reserveCapacity` here or below: it grows an array to exactly what is asked, so a page's buffer was
    // copied whole at nearly every value once it outgrew its first 16 KiB (54 M instructions of the 1,000-page
    // Markdown site's listing rows); appending grows it geometrically.
    text.withUTF8 { bytes in
        guard bytes.contains(where: isHTMLSpecial) else { return output.append(contentsOf: bytes) }
        for byte in bytes {
            switch byte {
            case 0x26: output.append(contentsOf: "&amp;".utf8)
            case 0x3C: output.append(contentsOf: "&lt;".utf8)
            case 0x3E: output.append(contentsOf: "&gt;".utf8)
            case 0x22: output.append(contentsOf: "&quot;".utf8)
            case 0x27: output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }
}

private func isHTMLSpecial(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
}

/// Whether `text` has a byte that `escapeHTML` replaces. Most values have none; reading the contiguous UTF-8
/// in place costs a fraction of walking `String.UTF8View` index by index (every tag of every page asks).
private func needsHTMLEscaping(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in bytes.contains(where: isHTMLSpecial) }
}

/// Escapes text so that cmark-gfm shows it literally: every ASCII punctuation character gets a backslash
/// (which also stops `<b>`, `[x](…)`, `*emphasis*` and table pipes), and line breaks become spaces so a
/// value can never start a new block.
public func escapeMarkdown(_ text: String) -> String {
    var output: [UInt8] = []
    appendMarkdownEscaped(text, to: &output)
    return String(decoding: output, as: UTF8.self)
}

/// Appends `text` escaped for Markdown to `output`. Every byte this changes is ASCII, and the bytes of a
/// multi-byte character are all 0x80 or more, so working on UTF-8 bytes keeps every other character whole, at a
/// fraction of the cost of appending Unicode scalars to a `String` (6 % of a 1,000-page build). The bytes between
/// two that change are appended as one run.
func appendMarkdownEscaped(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            let isLineBreak = byte == 0x0A || byte == 0x0D
            guard isLineBreak || isASCIIPunctuation(byte) else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if isLineBreak {
                output.append(0x20)
            } else {
                output.append(0x5C)
                output.append(byte)
            }
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}

/// `!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~`: what CommonMark lets a backslash escape.
private func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
    default: false
    }
}

/// The Mustache content types Tally registers: page bodies are Markdown, layouts are HTML.
public enum TemplateContentType {
    static let markdownName = "TALLY_MARKDOWN"
    static let htmlName = "TALLY_HTML"

    /// The pragma that selects the content type. `PageTemplate` puts it on a line of its own before the template:
    /// a standalone tag, it renders as nothing, line break included, and leaves a standalone tag on the
    /// template's first line (a `{{! comment }}` above `<!doctype html>`) standalone too, so that line goes as well.
    static let markdownPragma = "{{% CONTENT_TYPE: \(markdownName) }}"
    static let htmlPragma = "{{% CONTENT_TYPE: \(htmlName) }}"

    static let registered: Void = {
        MustacheContentTypes.register(MarkdownContent(), named: markdownName)
        MustacheContentTypes.register(HTMLContent(), named: htmlName)
    }()

    struct MarkdownContent: MustacheContentType {
        func escapeText(_ text: String) -> String { escapeMarkdown(text) }
    }

    struct HTMLContent: MustacheContentType {
        func escapeText(_ text: String) -> String { escapeHTML(text) }
    }
}
