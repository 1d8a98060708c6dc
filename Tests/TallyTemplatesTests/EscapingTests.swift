import Testing
import TallyTemplates

@Suite struct EscapingTests {
    @Test(arguments: [
        ("*NSYNC Fund", "\\*NSYNC Fund"),
        ("<b>bold</b>", "\\<b\\>bold\\<\\/b\\>"),
        ("[x](javascript:alert(1))", "\\[x\\]\\(javascript\\:alert\\(1\\)\\)"),
        ("{{name}}", "\\{\\{name\\}\\}"),
        ("line one\nline two", "line one line two"),
        ("a | b", "a \\| b"),
        ("emoji 🎗️ and عربى", "emoji 🎗️ and عربى"),
    ])
    func markdownEscapingMakesEveryPunctuationLiteral(input: String, escaped: String) {
        #expect(escapeMarkdown(input) == escaped)
    }

    @Test func htmlEscapingCoversAttributeQuotes() {
        #expect(escapeHTML(#"<a href="x" title='y'>&</a>"#) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect(escapeHTML("plain text") == "plain text")
    }

    @Test(arguments: [
        ("https://example.org/a?b=c", "https://example.org/a?b=c"),
        ("/images/logo.svg", "/images/logo.svg"),
        ("mailto:hi@example.org", "mailto:hi@example.org"),
        ("javascript:alert(1)", nil),
        (" JaVaScRiPt:alert(1)", nil),
        ("data:text/html,<script>", nil),
        ("//evil.example/x", nil),
        ("java\nscript:alert(1)", nil),
        ("", nil),
    ] as [(String, String?)])
    func safeURLKeepsOnlyHarmlessSchemes(input: String, kept: String?) {
        #expect(SafeURL.filter(input) == kept)
    }
}
