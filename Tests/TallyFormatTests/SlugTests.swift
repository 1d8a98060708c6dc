import Testing
import TallyFormat

/// `Slug.make` (SQL `slugify`) and `Slug.segment` (SQL `url_segment`): what a database value becomes in a URL.
@Suite struct SlugTests {
    @Test(arguments: [("São Paulo", "sao-paulo"), ("Zürich", "zurich"), ("Straße 5", "strasse-5"), ("Москва", "moskva"), ("C++", "c"), ("Cash Transfers", "cash-transfers"), ("H.R. 3684", "h-r-3684"), ("", "-"), ("../..", "-")])
    func slugify(_ text: String, _ slug: String) {
        #expect(Slug.make(text) == slug)
    }

    /// A value that is already a safe segment keeps its spelling, so tidy data keeps its URLs; any other is slugified.
    @Test(arguments: [("H-AL-01", "H-AL-01"), ("hr3684-117", "hr3684-117"), ("TX.07", "TX.07"), ("research_lab", "research_lab"),
                      ("H.R. 3684", "h-r-3684"), ("MN 05", "mn-05"), ("Zoë", "zoe"), (".hidden", "hidden"), ("", "-")])
    func urlSegment(_ text: String, _ segment: String) {
        #expect(Slug.segment(text) == segment)
        #expect(Slug.isSafeSegment(Slug.segment(text)))
    }
}
