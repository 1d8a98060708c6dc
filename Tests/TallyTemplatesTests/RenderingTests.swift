import Testing
import TallyFormat
import TallyMarkdown
import TallyTemplates

/// Renders a Markdown body over `rows`, then through cmark-gfm: the HTML a reader gets.
private func html(_ body: String, columns: [String], rows: [[DataValue]], session: RenderSession? = nil) throws -> String {
    let markdown = try render(body, columns: columns, rows: rows,
                              session: session ?? RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t"))
    return MarkdownRenderer().html(markdown)
}

/// Renders a Markdown body template over one query result named `rows`.
private func render(_ body: String, columns: [String], rows: [[DataValue]], extra: [String: any Sendable] = [:],
                    session: RenderSession = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!),
                                                           placeholderSeed: "test")) throws -> String {
    let template = try PageTemplate.markdown(body)
    var data = extra
    data["rows"] = TableContext(DataTable(columns: columns, rows: rows), name: "rows")
    return session.run { template.render(MapContext(data, isRoot: true), library: nil) }
}

@Suite struct RenderingTests {
    /// A page's layout renders to bytes (`renderBytes`) and has its placeholders put back in them: the same bytes as
    /// rendering it to text, for a compiled layout, one without a tag and one only swift-mustache renders (a dynamic
    /// partial); a placeholder alone in a paragraph replaces the paragraph, as in text.
    @Test(arguments: ["<h1>{{title}}</h1>\n<p>{{chart}}</p>\n<ul>{{#rows}}<li>{{name}} · é</li>{{/rows}}</ul><p>x {{chart}}</p>",
                      "<p>no tag at all · é</p>",
                      "{{>*part}}{{#rows}}{{name}}{{/rows}}<p>{{chart}}</p>\n"])
    func aLayoutRenderedToBytesIsItsTextsBytes(layout: String) throws {
        let template = try PageTemplate.html(layout)
        func session() -> RenderSession {
            RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
        }
        func data(_ session: RenderSession) -> MapContext {
            MapContext(["title": "T & Co", "chart": session.placeholder(for: "<svg>é</svg>"), "part": "none",
                        "rows": TableContext(DataTable(columns: ["name"], rows: [[.text("A<b")], [.text("Ü")]]), name: "rows")],
                       isRoot: true)
        }
        let asText = session(), asBytes = session()
        let text = asText.substitutePlaceholders(in: asText.run { template.render(data(asText), library: nil) })
        let bytes = asBytes.substitutePlaceholders(in: asBytes.run { template.renderBytes(data(asBytes), library: nil) })
        #expect(bytes == Array(text.utf8))
        #expect(!text.contains("tallyfragment") && text.contains("<svg>é</svg>") == layout.contains("{{chart}}"))
    }

    @Test func sectionsRepeatPerRowAndInvertedSectionsShowWhenEmpty() throws {
        let body = "{{#rows}}- {{name}}\n{{/rows}}{{^rows}}none{{/rows}}"
        #expect(try render(body, columns: ["name"], rows: [[.text("A")], [.text("B")]]) == "- A\n- B\n")
        #expect(try render(body, columns: ["name"], rows: []) == "none")
    }

    @Test func dottedNameReadsTheFirstRowAndCountCountsRows() throws {
        #expect(try render("{{rows.total}} in {{count(rows)}}", columns: ["total"], rows: [[.integer(7)], [.integer(9)]]) == "7 in 2")
    }

    @Test func databaseValuesAreEscapedAndNeverRenderedAsTemplates() throws {
        let hostile = "{{#rows}}{{name}}{{/rows}}"
        let output = try html("{{#rows}}{{name}}{{/rows}}", columns: ["name"], rows: [[.text(hostile)]])
        #expect(output == "<p>{{#rows}}{{name}}{{/rows}}</p>\n")
    }

    @Test func integerBooleansAndNullsAreFalsyInSections() throws {
        let body = "{{#rows}}[{{#verified}}yes{{/verified}}{{^verified}}no{{/verified}}{{#website}}{{website}}{{/website}}]{{/rows}}"
        let rows: [[DataValue]] = [[.integer(1), .text("https://a.org")], [.integer(0), .null]]
        #expect(try html(body, columns: ["verified", "website"], rows: rows) == "<p>[yeshttps://a.org][no]</p>\n")
    }

    @Test func moneyUsesTheRowCurrencyWithItsMinorUnits() throws {
        let rows: [[DataValue]] = [[.integer(123456), .text("USD")], [.integer(5000), .text("JPY")], [.integer(-250), .text("EUR")]]
        let output = try html("{{#rows}}{{money(amount_cents)}};{{/rows}}", columns: ["amount_cents", "currency"], rows: rows)
        #expect(output == "<p>$1,234.56;¥5,000;-€2.50;</p>\n")
    }

    @Test func moneyFallsBackToTheSiteCurrencyAndPairedCurrencyColumns() throws {
        let output = try html("{{#rows}}{{money(a_cents)}} {{money(b_cents)}}{{/rows}}",
                              columns: ["a_cents", "b_cents", "b_currency"], rows: [[.integer(100), .integer(100), .text("GBP")]])
        #expect(output == "<p>$1.00 £1.00</p>\n")
    }

    @Test func numbersPercentsAndDates() throws {
        let columns = ["n", "ratio", "day", "moment", "rating"]
        let rows: [[DataValue]] = [[.real(1234.5), .real(0.125), .text("2024-03-05"), .text("2024-03-05T23:30:00Z"), .real(3.5)]]
        let output = try html("{{#rows}}{{number(n)}} {{compact(n)}} {{percent(ratio)}} {{percent1(ratio)}} {{date(day)}} {{month(day)}} {{datetime(moment)}} {{stars(rating)}}{{/rows}}",
                              columns: columns, rows: rows)
        #expect(output == "<p>1,234.5 1.2k 13% 12.5% Mar 5, 2024 March 2024 Mar 5, 2024, 23:30 ★★★½</p>\n")
    }

    @Test func datesConvertToTheSiteTimezone() throws {
        let newYork = FormatSettings(defaultCurrency: Currency.lookup("USD")!) { _ in -5 * 3600 }
        let session = RenderSession(settings: newYork, placeholderSeed: "t")
        let output = try html("{{#rows}}{{datetime(at)}}{{/rows}}", columns: ["at"], rows: [[.text("2024-03-05T02:00:00Z")]], session: session)
        #expect(output == "<p>Mar 4, 2024, 21:00</p>\n")
    }

    @Test func anUnparseableDateIsReportedNotDropped() throws {
        let session = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
        let output = try render("{{#rows}}{{date(day)}}{{/rows}}", columns: ["day"], rows: [[.text("yesterday")]], session: session)
        #expect(output == "yesterday")
        #expect(session.problems == [ValueProblem(helper: "date", value: "yesterday",
                                                  message: "is not an ISO 8601 date (expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)", column: "day")])
    }

    @Test func unknownNamesAreRecordedButColumnsOfEmptyResultsAreNot() throws {
        let session = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
        _ = try render("{{rows.total}}{{#gifts}}x{{/gifts}}{{#rows}}{{amount}}{{/rows}}", columns: ["total"], rows: [], session: session)
        #expect(session.missingNames == ["gifts"])
        let second = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
        _ = try render("{{#rows}}{{amount}}{{/rows}}", columns: ["total"], rows: [[.integer(1)]], session: second)
        #expect(second.missingNames == ["amount"])
    }

    @Test func aKeyAfterADotThatAResultWithRowsLacksIsRecorded() throws {
        let session = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
        let output = try render("{{rows.totl}}|{{#rows.totl}}x{{/rows.totl}}|{{rows.total}}|{{#rows}}{{#note}}{{note}}{{/note}}{{/rows}}",
                                columns: ["total", "note"], rows: [[.integer(7), .null]], session: session)
        #expect(output == "||7|")
        #expect(session.missingKeys == [MissingKey(name: "rows", key: "totl")])
        #expect(session.missingNames == [])
    }

    /// `{{^rows}}` renders with the empty result as its context, so a name inside it is looked up there first.
    @Test func namesInsideAnInvertedSectionOfAnEmptyResultAreNotMissingKeys() throws {
        let session = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
        let output = try render("{{^rows}}none for {{who}} {{nobody}}{{/rows}}", columns: ["total"], rows: [],
                                extra: ["who": Cell("Ada")], session: session)
        #expect(output == "none for Ada ")
        #expect(session.missingKeys == [])
        #expect(session.missingNames == ["nobody"])
    }

    @Test func keysReadWithADotAreFoundInsideSectionsAndHelpersButNotInCommentsOrClosingTags() throws {
        let template = try PageTemplate.html("""
            {{! page.comment }}<title>{{page.title}}</title>
            {{#page.subtitle}}{{date(page.date)}}{{/page.subtitle}}{{^empty(page.tags)}}x{{/empty(page.tags)}}
            {{.relative}}{{site.title}}{{page}}
            """)
        #expect(template.keysRead(of: "page").map { "\($0.key)@\($0.line):\($0.column)" } == ["title@1:27", "subtitle@2:1", "date@2:19", "tags@2:56"])
        #expect(template.keysRead(of: "site").map(\.key) == ["title"])
    }

    @Test func placeholdersAloneInAParagraphReplaceItAndOthersReplaceOnlyThemselves() {
        let session = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "s")
        let tokens = (0..<12).map { session.placeholder(for: "<b>\($0)</b>") }
        let html = "<p>\(tokens[0])</p>\n<p>a \(tokens[11]) b \(tokens[1])</p>\ntallyfragmentsx99x tallyfragmentsx"
        #expect(session.substitutePlaceholders(in: html)
            == "<b>0</b><p>a <b>11</b> b <b>1</b></p>\ntallyfragmentsx99x tallyfragmentsx")
    }

    @Test func markdownHelperRendersDatabaseMarkdownSafelyThroughAPlaceholder() throws {
        let session = RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "seed")
        let markdown = try render("{{#rows}}{{markdown(description)}}{{/rows}}", columns: ["description"],
                                  rows: [[.text("**Bold** <script>x</script> [a](javascript:b)")]], session: session)
        #expect(markdown == "tallyfragmentseedx0x")
        let substituted = session.substitutePlaceholders(in: "<p>\(markdown)</p>\n")
        #expect(substituted == "<p><strong>Bold</strong> <!-- raw HTML omitted -->x<!-- raw HTML omitted --> <a href=\"\">a</a></p>\n")
    }

    @Test func unescapedTagsAreRefusedInMarkdownWithTheirLocation() {
        #expect(throws: TemplateError(line: 2, column: 3, message: "unescaped tag '{{{name}}}' is not allowed in Markdown content",
                                      hint: "use {{name}}: values are escaped; use {{markdown(name)}} to render Markdown from the database")) {
            try PageTemplate.markdown("text\n- {{{name}}}\n")
        }
    }

    @Test func setDelimiterTagsCannotSmuggleUnescapedTagsIntoMarkdown() throws {
        #expect(throws: TemplateError(line: 2, column: 4, message: "unescaped tag '{{{name}}}' is not allowed in Markdown content",
                                      hint: "use {{name}}: values are escaped; use {{markdown(name)}} to render Markdown from the database")) {
            try PageTemplate.markdown("{{=<% %>=}}\nhi <%&name%>")
        }
        // Switching delimiters to show Mustache literally stays allowed.
        let literal = try PageTemplate.markdown("`{{=<% %>=}}{{params.name}}<%={{ }}=%>` {{x}}")
        #expect(literal.render(MapContext(["x": Cell("y")]), library: nil) == "`{{params.name}}` y")
    }

    @Test func parseErrorsCarryLineAndColumn() {
        #expect(throws: TemplateError(line: 3, column: 15, message: "section closed with a different name than it was opened with",
                                      hint: "close {{#name}} with {{/name}}")) {
            try PageTemplate.markdown("# Title\n\n{{#gifts}}x{{/gift}}\n")
        }
        #expect(throws: TemplateError(line: 2, column: 1, message: "section `gifts` is never closed",
                                      hint: "add {{/gifts}} after its content")) {
            try PageTemplate.html("{{#a}}x{{/a}}\n{{#gifts}}never closed")
        }
    }

    @Test func parseErrorsOnTheFirstLineKeepTheirColumn() {
        #expect(throws: TemplateError(line: 1, column: 15, message: "section closed with a different name than it was opened with",
                                      hint: "close {{#name}} with {{/name}}")) {
            try PageTemplate.markdown("{{#gifts}}x{{/gift}}\n")
        }
    }

    /// The content-type pragma stands on a line of its own, so a standalone tag on line 1 is removed with its line.
    @Test(arguments: [
        ("{{! base layout }}\n<!doctype html>\n<p>{{x}}</p>\n", "<!doctype html>\n<p>1</p>\n"),
        ("  {{! indented }}  \r\n<!doctype html>", "<!doctype html>"),
        ("{{#x}}\n<!doctype html>\n{{/x}}\n", "<!doctype html>\n"),
        ("{{x}}\n<!doctype html>", "1\n<!doctype html>"),
        ("\n{{! a blank first line stays }}\n<!doctype html>", "\n<!doctype html>"),
    ])
    func aStandaloneTagOnTheFirstLineLeavesNoBlankLine(template: String, expected: String) throws {
        let data = MapContext(["x": Cell(.integer(1))])
        #expect(try PageTemplate.html(template).render(data, library: nil) == expected)
        #expect(try PageTemplate.markdown(template).render(data, library: nil) == expected)
    }

    @Test func layoutsEscapeForHTMLAndInsertTrustedContentWithTripleMustache() throws {
        let layout = try PageTemplate.html("<title>{{title}}</title>{{{content}}}")
        let data = MapContext(["title": Cell("<Tom & Jerry>"), "content": HTMLFragment("<p>ok</p>")])
        #expect(layout.render(data, library: nil) == "<title>&lt;Tom &amp; Jerry&gt;</title><p>ok</p>")
    }
}
