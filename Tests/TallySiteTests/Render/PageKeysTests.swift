import Testing
import TallyTemplates
@testable import TallySite

/// `page.<key>` reads are checked against `PageContext.keys`, so that list must hold every value `make` sets.
@Suite struct PageKeysTests {
    @Test func everyValueOfPageIsAKnownKeyOrFrontMatter() throws {
        let source = try ContentLoader.load(text: "---\ntitle: T\nmood: calm\n---\nbody", file: "content/a.md", relativePath: "a.md").get()
        let config = SiteConfig()
        let session = RenderSession(settings: FormatSettings(defaultCurrency: config.currency), placeholderSeed: "t")
        let made = PageContext.make(source: source, page: PageInstance(sourceIndex: 0, path: "/a/", params: [:]), data: [:],
                                    config: config, titleSession: session, descriptionSession: session)
        #expect(Set(made.context.keys) == PageContext.keys.union(["mood"]))
    }
}
