import Foundation
import Testing
import TallyTestSupport

/// Pagefind (`make search`) indexes only the pages that mark their content with `data-pagefind-body`: the example
/// marks the organization pages' profile header and nothing else, so a search finds organizations by name, mission,
/// cause and place, not listings of them nor the related organizations an organization page lists.
@Suite struct SearchIndexTests {
    @Test func onlyOrganizationPagesMarkTheirContentForTheIndex() throws {
        let output = try ExampleSiteTests.shared.get().root.appendingPathComponent("public")
        var marked: [String] = []
        for path in FileManager.default.subpaths(atPath: output.path) ?? [] where path.hasSuffix(".html") {
            let html = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            guard html.contains("data-pagefind-body") else { continue }
            #expect(html.components(separatedBy: "data-pagefind-body").count == 2, "\(path) marks more than one element")
            #expect(html.contains("<header class=\"profile\" data-pagefind-body>"), "\(path) marks something else")
            marked.append(path)
        }
        let organizations = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("orgs").path)
            .filter { FileManager.default.fileExists(atPath: output.appendingPathComponent("orgs/\($0)/index.html").path) && !["by", "page"].contains($0) }
            .map { "orgs/\($0)/index.html" }
        #expect(organizations.count == 15)
        #expect(marked.sorted() == organizations.sorted())
    }
}
