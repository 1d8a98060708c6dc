import Mustache

/// Escapes text for HTML element content and attribute values: `& < > " '`.
public func escapeHTML(_ text: String) -> String {
    var needsEscaping = false
    for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
        needsEscaping = true
        break
    }
    guard needsEscaping else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Escapes text so that cmark-gfm shows it literally: every ASCII punctuation character gets a backslash
/// (which also stops `<b>`, `[x](…)`, `*emphasis*` and table pipes), and line breaks become spaces so a
/// value can never start a new block.
public func escapeMarkdown(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
        let value = scalar.value
        if value == 0x0A || value == 0x0D {
            result += " "
        } else if (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value)
                    || (0x7B...0x7E).contains(value) {
            result += "\\"
            result.unicodeScalars.append(scalar)
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
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
