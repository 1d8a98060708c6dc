/// One tag that `HTMLTokenizer` read, as byte ranges into its document.
package struct HTMLTag {
    /// An end tag (`</p>`) rather than a start tag.
    package let isEndTag: Bool
    /// From `<` to just past `>` (or to the end of a document that ends inside the tag).
    package let range: Range<Int>
    package let name: Range<Int>
    /// A start tag's attributes, in document order; empty for an end tag. They live in the tokenizer's buffer
    /// until its next call to `next()`.
    package let attributes: UnsafeBufferPointer<HTMLAttribute>
    /// Whether a start tag ends with `/>`.
    package let isSelfClosing: Bool
    /// The contents of a `<script>`, `<style>`, `<textarea>` or `<title>` up to its end tag; nil for other tags.
    package let text: Range<Int>?

    /// The first attribute with this name (lowercase), if any.
    package func attribute(_ name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> HTMLAttribute? {
        attributes.first { bytes.spells($0.name, name) }
    }
}

/// One attribute of a start tag.
package struct HTMLAttribute {
    package let name: Range<Int>
    /// The value without its quotes, entities not decoded; nil for an attribute written without `=`.
    package let value: Range<Int>?
    /// From the name's first byte to just past the value (and its closing quote).
    package let range: Range<Int>
}
