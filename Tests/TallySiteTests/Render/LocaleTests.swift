import Foundation
import TallySite
import TallyTestSupport
import Testing

/// `locale:` in the config, in front matter and from `BuildOptions.locale` (`tally report --locale`): the helpers,
/// table blocks, charts and `<html lang>` follow it, and an unknown locale is refused at its line.
struct LocaleTests {
    static let layout = "<!DOCTYPE html><html lang=\"{{page.language}}\"><title>{{page.title}}</title><main>{{{content}}}</main>\n"
    static let gift = """
        ```sql g
        SELECT 123456 AS amount_cents, 'EUR' AS currency, -98765 AS refund_cents, 1234567 AS count, 0.125 AS share,
               '2024-03-05' AS day, '2024-03-05T14:30:00Z' AS at
        ```
        {{#g}}{{money(amount_cents)}} / {{money(refund_cents)}} / {{money_compact(count)}} / {{number(count)}} / \
        {{percent1(share)}} / {{date(day)}} / {{month(day)}} / {{datetime(at)}}{{/g}}

        """
    static let months = """
        ```sql m
        SELECT '2024-01-01' AS month, 150000 AS total_cents, 'EUR' AS currency
        UNION ALL SELECT '2024-02-01', 250000, 'EUR' UNION ALL SELECT '2024-03-01', 125000, 'EUR'
        ```
        ```chart
        type: line
        data: m
        x: month
        y: total_cents
        currency: EUR
        ```

        """
    static func config(_ extra: String) -> String { "title: Test\ndatabase: site.sqlite\n" + extra }

    @Test func theConfigsLocaleFormatsHelpersAndSetsTheLanguage() throws {
        let site = try TestSite(["tally.yaml": Self.config("locale: de-DE\n"), "templates/default.mustache": Self.layout,
                                 "content/index.md": Self.gift])
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.hasPrefix("<!DOCTYPE html><html lang=\"de\">"))
        #expect(html.contains("<p>1.234,56\u{A0}€ / -987,65\u{A0}€ / 12.346\u{A0}€ / 1.234.567 / 12,5\u{A0}% / 5. März 2024 / "
                              + "März 2024 / 5. März 2024, 14:30</p>"))
    }

    /// The example from docs/charts.md: ticks, tooltips, the table and the description's values in German.
    @Test func aChartFollowsThePagesLocale() throws {
        let site = try TestSite(["tally.yaml": Self.config("locale: de-DE\n"), "content/index.md": Self.months])
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<desc id=\"chart-1-desc\">Line chart of Total by Month, from 1. Jan. 2024 to 1. März 2024. "
                              + "The lowest value is 1.250,00\u{A0}€ (1. März 2024) and the highest is 2.500,00\u{A0}€ (1. Feb. 2024). "
                              + "Trend: no clear direction, from 1.500,00\u{A0}€ in 1. Jan. 2024 to 1.250,00\u{A0}€ in 1. März 2024.</desc>"))
        #expect(html.contains("<g class=\"tk m\"><text x=\"68.05\" y=\"312\">Jan. 2024</text><text x=\"332.56\" y=\"312\">Feb</text>"
                              + "<text x=\"580\" y=\"312\">Mär</text></g>"))
        #expect(html.contains("<text x=\"60.05\" y=\"186.5\">1.000\u{A0}€</text>"))
        #expect(html.contains("<tr><th scope=\"row\">1. Feb. 2024</th><td>2.500,00\u{A0}€</td></tr>"))
    }

    @Test func aPagesFrontMatterOverridesTheSitesLocale() throws {
        let site = try TestSite(["templates/default.mustache": Self.layout,
                                 "content/index.md": Self.gift,
                                 "content/fr.md": "---\nlocale: fr-FR\n---\n" + Self.gift + Self.months])
        _ = try site.build().get()
        let english = try #require(site.output("index.html"))
        #expect(english.contains("<html lang=\"en\">"))
        #expect(english.contains("<p>€1,234.56 / -€987.65 / €12k / 1,234,567 / 12.5% / Mar 5, 2024 / March 2024 / Mar 5, 2024, 14:30</p>"))
        let french = try #require(site.output("fr/index.html"))
        #expect(french.contains("<html lang=\"fr\">"))
        #expect(french.contains("<p>1\u{202F}234,56\u{A0}€ / -987,65\u{A0}€ / 12\u{A0}k\u{A0}€ / 1\u{202F}234\u{202F}567 / "
                                + "12,5\u{202F}% / 5 mars 2024 / mars 2024 / 5 mars 2024, 14:30</p>"))
        #expect(french.contains("<td>2\u{202F}500,00\u{A0}€</td>"))
    }

    /// `language:` in the config keeps its word on `<html lang>`; the locale only formats.
    @Test func anExplicitLanguageKeepsTheLangAttribute() throws {
        let site = try TestSite(["tally.yaml": Self.config("language: en\nlocale: nl-NL\n"), "templates/default.mustache": Self.layout,
                                 "content/index.md": Self.gift])
        _ = try site.build().get()
        let html = try #require(site.output("index.html"))
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<p>€\u{A0}1.234,56 / €\u{A0}-987,65 / €\u{A0}12K / 1.234.567 / 12,5% / 5 mrt 2024 / maart 2024 / "
                              + "5 mrt 2024, 14:30</p>"))
    }

    @Test func theBuildOptionsLocaleReplacesTheConfigs() throws {
        let site = try TestSite(["tally.yaml": Self.config("locale: fr-FR\n"), "content/index.md": Self.gift])
        var options = BuildOptions(root: site.root)
        options.locale = "es-ES"
        _ = try SiteBuilder.build(options).get()
        #expect(site.output("index.html")?.contains("<p>1234,56\u{A0}€ / -987,65\u{A0}€ / 12\u{A0}mil\u{A0}€ / 1.234.567 / 12,5\u{A0}% / "
                                                    + "5 mar 2024 / marzo de 2024 / 5 mar 2024, 14:30</p>") == true)
        options.locale = "es"
        switch SiteBuilder.build(options) {
        case .success: Issue.record("an unknown --locale built")
        case .failure(let failure):
            #expect(failure.diagnostics.map(\.description) == [
                "--locale: error: unknown locale `es`\n  hint: did you mean `es-ES`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL",
            ])
        }
    }

    @Test(arguments: [
        ("de_DE", "tally.yaml:3:9: error: `locale`: unknown locale `de_DE`\n  hint: did you mean `de-DE`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL"),
        ("de-AT", "tally.yaml:3:9: error: `locale`: unknown locale `de-AT`\n  hint: did you mean `de-DE`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL"),
        ("[de-DE]", "tally.yaml:3:9: error: `locale` must be a locale such as de-DE\n  hint: see `tally docs config` for every key"),
    ])
    func anUnknownLocaleInTheConfigIsRefusedAtItsLine(_ value: String, _ expected: String) throws {
        let site = try TestSite(["tally.yaml": Self.config("locale: \(value)\n"), "content/index.md": "x\n"])
        #expect(site.errors() == [expected])
    }

    @Test func anUnknownLocaleInFrontMatterIsRefusedAtItsLine() throws {
        let site = try TestSite(["content/index.md": "---\ntitle: Prix\nlocale: fr_CA\n---\nx\n"])
        #expect(site.errors() == [
            "content/index.md:3:9: error: front matter `locale`: unknown locale `fr_CA`\n  hint: did you mean `fr-FR`? supported locales: en-US, en-GB, de-DE, fr-FR, es-ES, nl-NL",
        ])
    }
}
