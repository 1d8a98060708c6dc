import Testing
import TallyFormat
@testable import TallyTemplates

/// A page's data: a query result, a front-matter map, a flag and a list, as the pipeline passes them.
private func pageData() -> MapContext {
    let gifts = DataTable(columns: ["name", "amount_cents", "currency", "note"],
                          rows: [[.text("Ada & Co"), .integer(1250), .text("EUR"), .null],
                                 [.text("<b>Bob</b>"), .integer(99), .text("USD"), .text("*thanks*")]])
    return MapContext(["gifts": TableContext(gifts, name: "gifts"),
                       "empty": TableContext(DataTable(columns: ["name"], rows: []), name: "empty"),
                       "page": MapContext(["title": Cell("Gifts"), "tags": [Cell("a"), Cell("b")], "draft": false]),
                       "nav": [MapContext(["title": Cell("Home"), "current": true]), MapContext(["title": Cell("About"), "current": false])]],
                      isRoot: true)
}

private func library(_ partials: [String: String]) throws -> TemplateLibrary {
    var library = TemplateLibrary()
    for (name, text) in partials { library.register(try PageTemplate.html(text), named: name) }
    return library
}

/// Renders `template` through swift-mustache's own renderer: what the compiled layer must match byte for byte.
private func renderedBySwiftMustache(_ template: PageTemplate, library: TemplateLibrary?, session: RenderSession) throws -> String {
    let parsed = try #require(template.template)
    return session.run { parsed.render(pageData(), library: template.isMarkdown ? library?.markdownMustache : library?.mustache) }
}

private func session() -> RenderSession {
    RenderSession(settings: FormatSettings(defaultCurrency: Currency.lookup("USD")!), placeholderSeed: "t")
}

@Suite struct CompiledTemplateTests {
    static let htmlCases = [
        "{{#gifts}}<li>{{name}}: {{money(amount_cents)}}{{#first()}} (first){{/first()}}{{^last()}},{{/last()}}</li>{{/gifts}}",
        "{{^empty}}none, {{name}} {{page.title}}{{/empty}}{{count(gifts)}} {{gifts.name}}",
        "{{#page}}{{title}} {{#tags}}[{{.}}]{{/tags}}{{^draft}} live{{/draft}}{{/page}}",
        "{{#nav}}<a{{#current}} aria-current=\"page\"{{/current}}>{{title}}</a>{{/nav}}",
        "{{#first(gifts)}}{{name}}{{/first(gifts)}}|{{#reversed(gifts)}}{{name}}{{/reversed(gifts)}}|{{#gifts}}{{#note}}{{.}}{{/note}}{{/gifts}}",
        "<ul>\n  {{> partials/item}}\n</ul>",
        "{{<base}}\n{{$main}}Main {{page.title}}{{/main}}\n{{/base}}",
    ]

    @Test(arguments: htmlCases)
    func anHTMLTemplateRendersAsSwiftMustacheRendersIt(_ text: String) throws {
        let library = try library(["partials/item": "{{#gifts}}<li>{{name}}</li>\n{{/gifts}}",
                                   "base": "<main>\n{{$main}}default{{/main}}\n</main>"])
        let template = try PageTemplate.html(text)
        #expect(template.compiled != nil)
        let compiled = session().run { template.render(pageData(), library: library) }
        #expect(compiled == (try renderedBySwiftMustache(template, library: library, session: session())))
    }

    @Test func aMarkdownBodyEscapesForMarkdownAsSwiftMustacheDoes() throws {
        let template = try PageTemplate.markdown("| {{#gifts}}{{name}} {{note}} {{money(amount_cents)}} |{{/gifts}}")
        let compiled = session().run { template.render(pageData(), library: nil) }
        #expect(compiled.hasPrefix("| Ada \\& Co  €12\\.50 |\\<b\\>Bob\\<\\/b\\> \\*thanks\\*"))
        #expect(compiled == (try renderedBySwiftMustache(template, library: nil, session: session())))
    }

    @Test func aMissingNameIsRecordedOnceAsByTheGeneralPath() throws {
        let template = try PageTemplate.html("{{titel}}{{#gifts}}{{nmae}}{{/gifts}}{{gifts.amout}}")
        let session = session()
        _ = session.run { template.render(pageData(), library: nil) }
        #expect(session.missingNames == ["titel", "nmae"])
        #expect(session.missingKeys == [MissingKey(name: "gifts", key: "amout")])
    }

    @Test func aFrontMatterListIsTypedWhenMadeAndRendersAsSwiftMustacheRendersIt() throws {
        // A list of mixed values, classified once when the map is made (front matter itself now arrives typed).
        let matter: [any Sendable] = [Cell("x"), MapContext(["name": Cell("y")]), true, [Cell("z")] as [any Sendable]]
        let data = MapContext(["page": MapContext(["list": matter, "none": [] as [any Sendable], "name": Cell("p")])], isRoot: true)
        let template = try PageTemplate.html("{{#page.list}}[{{name}}{{#first()}}1{{/first()}}]{{/page.list}}{{^page.none}}none{{/page.none}} {{count(page.list)}}")
        let compiled = session().run { template.render(data, library: nil) }
        let parsed = try #require(template.template)
        #expect(compiled == session().run { parsed.render(data, library: nil) })
        // `page.list` does not push `page`: `name` on a cell climbs to the root, which has none.
        #expect(compiled == "[1][y][][]none 4")
    }

    @Test func aColumnNamedByATagCompiledAfterItsResultWasReadIsStillFound() throws {
        let gifts = TableContext(DataTable(columns: ["a_column_no_template_named_before"], rows: [[.text("found")]]), name: "gifts")
        let template = try PageTemplate.html("{{#gifts}}{{a_column_no_template_named_before}}{{/gifts}}")
        #expect(session().run { template.render(MapContext(["gifts": gifts], isRoot: true), library: nil) } == "found")
    }
}
