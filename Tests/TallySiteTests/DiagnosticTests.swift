import Foundation
import Testing
import TallySite

/// Each bad input gets its exact diagnostic, compiler style, with a hint.
@Suite struct DiagnosticTests {
    @Test func sqlErrorsNameTheFileLineAndQuery() throws {
        let site = try TestSite(["content/report.md": "---\ntitle: R\n---\nIntro\n\n```sql gifts\nSELECT\n  amount\nFROM donations\n```\n"])
        #expect(site.errors() == [
            "content/report.md:8:1: error: no such column: amount (in query 'gifts')\n  hint: check the column names; docs/database.md lists every table's columns",
        ])
    }

    @Test func aMissingTableIsLocatedWhereTheQueryNamesIt() throws {
        let site = try TestSite(["content/a.md": "```sql gifts\nSELECT d.amount_cents\nFROM donations d\n  JOIN gift_notes n ON n.donation_id = d.id\n```\n"])
        #expect(site.errors() == [
            "content/a.md:4:1: error: no such table: gift_notes (in query 'gifts')\n  hint: the tables are listed in docs/database.md; personal tables only hold published users' rows",
        ])
    }

    @Test func frontMatterYAMLErrorsPointAtTheirLine() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\ntags: [x, y\n---\nbody"])
        #expect(site.errors() == [
            "content/a.md:4:1: error: invalid YAML: while parsing a flow sequence did not find expected ',' or ']'\n  hint: check indentation, colons and quotes on this line",
        ])
    }

    @Test func wrongFrontMatterTypesAreErrors() throws {
        let site = try TestSite(["content/a.md": "---\ndraft: maybe\ndate: last week\n---\nbody"])
        #expect(site.errors() == [
            "content/a.md:2:8: error: front matter `draft` must be true or false\n  hint: see docs/content.md",
            "content/a.md:3:7: error: front matter `date` must be an ISO 8601 date such as 2024-03-05\n  hint: see docs/content.md",
        ])
    }

    @Test func unknownNamesAreErrorsAtTheTagThatUsedThem() throws {
        let site = try TestSite(["content/a.md": "```sql orgs\nSELECT name FROM organizations\n```\n\n{{#gift}}x{{/gift}}\n"],
                                seedSQL: "INSERT INTO organizations (slug, name, created_at) VALUES ('a', 'A', '2024-01-01');")
        #expect(site.errors() == [
            "content/a.md:5:1: error: unknown name `gift`\n  hint: queries on this page: orgs; front matter keys are under page.*",
        ])
    }

    @Test func templateSyntaxErrorsInContentAndLayoutsAreLocated() throws {
        let site = try TestSite([
            "content/a.md": "---\ntitle: A\n---\n\n{{#orgs}}\n",
            "templates/default.mustache": "<main>\n{{{content}}\n</main>",
        ])
        #expect(site.errors() == [
            "content/a.md:5:1: error: section `orgs` is never closed\n  hint: add {{/orgs}} after its content",
            "templates/default.mustache:2:13: error: unfinished tag\n  hint: end the tag with }} (or }}} for a triple mustache)",
        ])
    }

    @Test func frontMatterThatNeverEndsIsAnError() throws {
        let site = try TestSite(["content/a.md": "---\ntitle: A\n\nThe page's text, but the front matter was never closed.\n"])
        #expect(site.errors() == [
            "content/a.md:1:1: error: the front matter that starts here is never closed\n  hint: end it with a line of three dashes, ---, before the page's text",
        ])
    }

    @Test func aLayoutCannotInsertADatabaseValueUnescaped() throws {
        let site = try TestSite(["content/a.md": "body", "templates/default.mustache": "<main>{{{content}}}</main>\n<p>{{{page.title}}}</p>\n"])
        #expect(site.errors() == [
            "templates/default.mustache:2:4: error: unescaped tag '{{{page.title}}}' would insert its value as HTML\n  hint: use {{page.title}} so the value is escaped; only {{{content}}} and {{{charts.NAME}}} hold HTML that Tally made",
        ])
    }

    @Test func missingLayoutsAndPartialsAreErrors() throws {
        let site = try TestSite([
            "content/a.md": "---\nlayout: report\n---\nbody",
            "templates/default.mustache": "{{> header}}{{{content}}}",
        ])
        #expect(site.errors() == [
            "content/a.md:2:1: error: no layout named `report`\n  hint: create templates/report.mustache; layouts here: default",
            "templates/default.mustache:1:1: error: no partial named `header`\n  hint: create templates/header.mustache; templates here: default",
        ])
    }

    @Test func unknownConfigKeysSuggestTheRightOne() throws {
        let site = try TestSite(["tally.yaml": "title: T\ndatabase: site.sqlite\npublish_user: [ada]\n", "content/a.md": "x"])
        #expect(site.errors() == [
            "tally.yaml:3:1: error: unknown config key `publish_user`\n  hint: did you mean `publish_users`? see docs/config.md",
        ])
    }

    @Test func aMissingDatabaseIsReportedAgainstTheConfig() throws {
        let site = try TestSite(["tally.yaml": "title: T\ndatabase: nowhere.sqlite\n", "content/a.md": "x"])
        let path = site.root.appendingPathComponent("nowhere.sqlite").path
        #expect(site.errors() == [
            "tally.yaml: error: database '\(path)' does not exist\n  hint: create it with `tally migrate PATH`, or set `database:` in the site config",
        ])
    }

    @Test func unsafeSlugsAreRejectedNamingTheRowAndNothingIsWrittenOutside() throws {
        let site = try TestSite([
            "content/orgs/[slug].md": "---\npages: SELECT slug FROM organizations ORDER BY id\n---\nx",
        ], seedSQL: "INSERT INTO organizations (id, slug, name, created_at) VALUES (1, 'ok', 'A', '2024-01-01'), (2, '../../escape', 'B', '2024-01-01');")
        #expect(site.errors() == [
            "content/orgs/[slug].md:2:1: error: row 2 of the `pages` query gives slug = '../../escape', which is not a safe URL segment\n  hint: use only letters, digits, '-', '_', '.' and '~' (not starting with '.'); slugify(slug) in SQL makes one",
        ])
        #expect(!FileManager.default.fileExists(atPath: site.root.deletingLastPathComponent().appendingPathComponent("escape").path))
    }

    @Test func unparseableDatesAreReportedNotDropped() throws {
        let site = try TestSite(["content/a.md": "```sql d\nSELECT 'someday' AS day\n```\n\nOn {{#d}}{{date(day)}}{{/d}}\n"])
        #expect(site.errors() == [
            "content/a.md:5:10: error: date: 'someday' is not an ISO 8601 date (expected YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)\n  hint: fix the value in the database, or select a different column",
        ])
    }

    @Test func aBuildCollectsEveryErrorBeforeFailing() throws {
        let site = try TestSite([
            "content/a.md": "```sql x\nSELECT nope FROM organizations\n```\n",
            "content/b.md": "{{#missing}}{{/missing}}",
            "content/c.md": "---\nweight: heavy\n---\n",
        ])
        #expect(site.errors().count == 3)
    }

    @Test func aFailedBuildLeavesThePreviousOutputWhole() throws {
        let site = try TestSite(["content/index.md": "good", "content/about.md": "about"])
        _ = try site.build().get()
        let before = site.allOutput()
        try site.write("{{#broken}}", to: "content/about.md")
        #expect(!site.errors().isEmpty)
        #expect(site.allOutput() == before)
        #expect(site.allFiles().filter { $0.contains("staging") }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".public.staging-\(ProcessInfo.processInfo.processIdentifier)").path))
    }

    @Test func theOutputFolderMayNotContainTheSite() throws {
        let site = try TestSite(["content/index.md": "x"])
        let result = SiteBuilder.build(BuildOptions(root: site.root, outputPath: site.root.path))
        guard case .failure(let failure) = result else { Issue.record("expected a failure"); return }
        #expect(failure.diagnostics.map(\.message) == ["the output folder contains the site itself"])
    }
}
