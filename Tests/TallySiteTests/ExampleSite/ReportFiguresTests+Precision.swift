import Foundation
import Testing
import TallyFormat
import TallyStore
import TallyTestSupport

/// Numbers in one table share one precision: the report's yearly table showed "10.3%" of income beside a "10%"
/// pledge. Both are written with one decimal, and the pledge is the user's own figure from the database.
@Suite struct TablePrecisionFiguresTests {
    @Test(arguments: ["ada", "sam"])
    func theYearlyTableWritesEveryPercentWithOneDecimal(user: String) throws {
        let page = try ExampleSiteTests.page("users/\(user)/index.html")
        let table = try #require(page.components(separatedBy: ">Share of income</th>").dropFirst().first?
            .components(separatedBy: "</table>").first)
        let percents = table.components(separatedBy: "\">").compactMap { cell -> String? in
            let text = cell.prefix { $0 != "<" }
            return text.hasSuffix("%") ? String(text) : nil
        }
        #expect(!percents.isEmpty)
        for text in percents {
            #expect(text.split(separator: ".").last?.count == 2, "\(user): \(text) is not written with one decimal")
        }
        let database = try SiteDatabase(path: try ExampleSiteTests.databasePath(), policy: PublicationPolicy(publishedUsers: [user]))
        let pledge = try #require(database.run("SELECT pledge_percent FROM users").rows.first?[0].number)
        #expect(percents.contains(NumberText.percent(pledge / 100, decimals: 1)), "\(user): the pledge, \(pledge)%")
    }
}
