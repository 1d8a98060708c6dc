import Foundation
import Synchronization
@testable import TallySite
import TallyTestSupport
import Testing

/// A listing numbered from its end reads only the pages a change can reach (`IncrementalBuild.keepsRestOfListing`):
/// each case is compared with a `--force` build byte for byte, and says whether the later pages were kept unread.
@Suite struct ListingShortcutTests {
    /// A person's gifts, newest first, two a page, numbered from the oldest, as `users/[username]/gifts.md` lists
    /// them: 58 gifts (29 pages, the first of two rows), so the first window read (32 rows) leaves 13 or 14 pages after it.
    static func fixture(order: String = "d.donated_at DESC, d.id DESC", select: String = "d.donated_at, o.name, d.amount_cents",
                        rest: String = "", layout: String = "default") throws -> IncrementalFixture {
        let fixture = try IncrementalFixture(extra: [
            "content/people/[username]/gifts.md": """
                ---
                pages: SELECT username, id AS user_id FROM users ORDER BY username
                title: "Gifts of {{params.username}}"
                layout: \(layout)
                paginate: history
                per_page: 2
                paginate_from: end
                ---
                ```sql history
                SELECT \(select) FROM donations d JOIN organizations o ON o.id = d.organization_id
                WHERE d.user_id = :user_id \(rest) ORDER BY \(order)
                ```
                {{paginator.number}} of {{paginator.pages}}: {{#history}}{{donated_at}} {{name}} {{amount_cents}}; {{/history}}
                """,
            "templates/counted.mustache": "<!DOCTYPE html><title>{{page.title}}</title><main>{{{content}}}</main><p>{{paginator.total}} gifts</p>\n",
        ])
        try fixture.sql("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 56)
            INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at)
            SELECT 1, 1 + i % 3, i, 'USD', date('2023-01-01', '+' || i || ' days') FROM n
            """)
        return fixture
    }

    static let gifts = "/people/ada/gifts/"

    static func insertGift(_ fixture: IncrementalFixture, on date: String, amount: Int) throws {
        try fixture.sql("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) VALUES (1, 2, \(amount), 'USD', '\(date)')")
    }

    /// Builds, and says how many of the listing's pages were kept unread, how many of its pages rendered, and
    /// whether a listing's count was the last build's (`IncrementalBuild.countedFromLastBuild`).
    static func build(_ fixture: IncrementalFixture) throws -> (unread: Int?, rendered: Int, countedFromLastBuild: Bool) {
        let renders = StepRecorder()
        let summary = try fixture.build(progress: renders)
        return (summary.listingPagesUnread[gifts], renders.count(of: "content/people/[username]/gifts.md"),
                renders.steps.contains("listing rows counted from the last build"))
    }

    /// Counts renders as `RenderCounter` does, and keeps the names of the steps timed.
    final class StepRecorder: BuildProgress {
        private let renders = RenderCounter()
        private let names = Mutex<Set<String>>([])
        func stageStarted(_ stage: BuildStage) {}
        func pagesRendered(_ done: Int, of total: Int) {}
        var wantsPageTimes: Bool { true }
        func pageRendered(from file: String, in duration: Duration) { renders.pageRendered(from: file, in: duration) }
        func stepTimed(_ name: String, wall: Duration, cpu: Duration) { names.withLock { _ = $0.insert(name) } }
        func count(of file: String) -> Int { renders.count(of: file) }
        var steps: Set<String> { names.withLock { $0 } }
    }

    @Test func aGiftAddedAtTheNewestEndKeepsEveryLaterPageUnread() throws {
        let fixture = try Self.fixture()
        _ = try fixture.build()
        #expect(fixture.site.output("people/ada/gifts/page/28/index.html") != nil && fixture.site.output("people/ada/gifts/page/29/index.html") == nil)
        try Self.insertGift(fixture, on: "2030-01-01", amount: 7)
        let built = try Self.build(fixture)
        #expect(built.unread == 14, "the first window, 32 rows, is the first page's three and 14 more pages; 29 - 15 kept unread")
        #expect(built.rendered == 1, "the first page only")
        #expect(built.countedFromLastBuild, "58 recorded, and one more")
        #expect(RenderExplanation.unread([Self.gifts: 14]) == "Kept 14 pages of /people/ada/gifts/ unread: no changed row sorts after the last row read\n")
        #expect(try fixture.mismatches() == [])
        // Deleted again: the first page's row sorted before the boundary in its old version.
        try fixture.sql("DELETE FROM donations WHERE donated_at = '2030-01-01'")
        #expect(try Self.build(fixture).unread == 13, "the first page's two rows and 15 more pages read")
        #expect(try fixture.mismatches() == [])
    }

    @Test func aChangedOrDeletedOldGiftReadsTheWholeListing() throws {
        let fixture = try Self.fixture()
        _ = try fixture.build()
        try fixture.sql("UPDATE donations SET amount_cents = 12345 WHERE id = (SELECT id FROM donations WHERE user_id = 1 ORDER BY donated_at LIMIT 1)")
        let changed = try Self.build(fixture)
        #expect(changed.unread == nil)
        #expect(changed.rendered == 1, "the oldest page only, page 1")
        #expect(try fixture.mismatches() == [])
        try fixture.sql("DELETE FROM donations WHERE id = (SELECT id FROM donations WHERE user_id = 1 ORDER BY donated_at LIMIT 1 OFFSET 5)")
        #expect(try Self.build(fixture).unread == nil)
        #expect(try fixture.mismatches() == [])
        // Moved from the oldest end to the newest: its old version sorts after the boundary.
        try fixture.sql("UPDATE donations SET donated_at = '2031-01-01' WHERE id = (SELECT id FROM donations WHERE user_id = 1 ORDER BY donated_at LIMIT 1)")
        #expect(try Self.build(fixture).unread == nil)
        #expect(try fixture.mismatches() == [])
    }

    @Test func aRenamedOrganizationReadsTheWholeListing() throws {
        let fixture = try Self.fixture()
        _ = try fixture.build()
        try fixture.sql("UPDATE organizations SET name = 'Alpha 2' WHERE id = 1")
        #expect(try Self.build(fixture).unread == nil)
        #expect(try fixture.mismatches() == [])
        // With a gift at the newest end too: two tables its query reads changed.
        try fixture.sql("UPDATE organizations SET name = 'Alpha 3' WHERE id = 1")
        try Self.insertGift(fixture, on: "2030-01-01", amount: 8)
        #expect(try Self.build(fixture).unread == nil)
        #expect(try fixture.mismatches() == [])
    }

    /// Every gift on one day: ordered by the date and then `d.id DESC`, a new gift ties with the boundary row on the
    /// date and sorts before it by its id, on the first page.
    @Test func aTieOnTheFirstTermIsSettledByTheNext() throws {
        let fixture = try Self.fixture()
        try fixture.sql("UPDATE donations SET donated_at = '2024-01-01' WHERE user_id = 1")
        _ = try fixture.build()
        try Self.insertGift(fixture, on: "2024-01-01", amount: 9)
        #expect(try Self.build(fixture).unread == 14)
        #expect(try fixture.mismatches() == [])
    }

    /// Ordered by the date alone, the boundary row (the 32nd, gift 29, the last row of the first window) shares its
    /// date with gift 30, the first row after it; gift 30's amount changes. Its versions tie with the boundary row,
    /// which proves nothing: the page after the window shows the new amount.
    @Test func aTieWithTheBoundaryRowProvesNothing() throws {
        let fixture = try Self.fixture(order: "d.donated_at DESC")
        try fixture.sql("UPDATE donations SET donated_at = (SELECT donated_at FROM donations WHERE id = 29) WHERE id = 30")
        _ = try fixture.build()
        try fixture.sql("UPDATE donations SET amount_cents = 4242 WHERE id = 30")
        let built = try Self.build(fixture)
        #expect(built.unread == nil)
        #expect(built.rendered == 1, "the page after the first window")
        #expect(try fixture.mismatches() == [])
    }

    /// A page that shows what it showed proves the shared results, not that its rows stayed where they were: here
    /// the newest 40 gifts look alike, so every page of the first window matches after the oldest gift moves to the
    /// newest end, and only its old version, after the boundary, tells that the pages after the window moved.
    @Test func aGiftMovedFromTheOldestEndIsSeenByItsOldVersion() throws {
        let fixture = try Self.fixture(select: "'' AS donated_at, o.name, d.amount_cents")
        try fixture.sql("""
            UPDATE donations SET amount_cents = 1, organization_id = 1
              WHERE id IN (SELECT id FROM donations WHERE user_id = 1 ORDER BY donated_at DESC LIMIT 40);
            UPDATE donations SET amount_cents = 999 WHERE id = (SELECT id FROM donations WHERE user_id = 1 ORDER BY donated_at LIMIT 1);
            """)
        _ = try fixture.build()
        try fixture.sql("UPDATE donations SET donated_at = '2031-01-01' WHERE amount_cents = 999")
        #expect(try Self.build(fixture).unread == nil)
        #expect(try fixture.mismatches() == [])
    }

    /// Numbered from the end, the first page holds two or three rows: a fourth splits it and adds a page number.
    @Test func aNewPageCountReadsTheWholeListing() throws {
        let fixture = try Self.fixture()
        _ = try fixture.build()
        try Self.insertGift(fixture, on: "2030-01-01", amount: 10)
        #expect(try Self.build(fixture).unread == 14, "59 gifts: 29 pages still")
        try Self.insertGift(fixture, on: "2030-01-02", amount: 11)
        let split = try Self.build(fixture)
        #expect(split.unread == nil)
        #expect(split.rendered == 30, "60 gifts: 30 pages, each showing the count")
        #expect(try fixture.mismatches() == [])
    }

    @Test func aListingThatShowsItsTotalRendersEveryPage() throws {
        let fixture = try Self.fixture(layout: "counted")
        _ = try fixture.build()
        try Self.insertGift(fixture, on: "2030-01-01", amount: 12)
        let built = try Self.build(fixture)
        #expect(built.unread == nil)
        #expect(built.rendered == 29)
        #expect(try fixture.mismatches() == [])
    }

    /// Grouped, a changed row changes a row made from many; an expression as the order is not one table's column.
    @Test func aQueryThatIsNotRowByRowReadsTheWholeListing() throws {
        let shapes = [(select: "d.donated_at, group_concat(o.name) AS name, sum(d.amount_cents) AS amount_cents", rest: "GROUP BY d.donated_at",
                       order: "d.donated_at DESC"),
                      (select: "d.donated_at, o.name, d.amount_cents", rest: "", order: "d.donated_at || '' DESC"),
                      (select: "d.donated_at, o.name, d.amount_cents", rest: "", order: "o.name, d.donated_at DESC")]
        for shape in shapes {
            let fixture = try Self.fixture(order: shape.order, select: shape.select, rest: shape.rest)
            _ = try fixture.build()
            try Self.insertGift(fixture, on: "2030-01-01", amount: 13)
            #expect(try Self.build(fixture).unread == nil, "\(shape)")
            #expect(try fixture.mismatches() == [])
        }
    }

    /// Random edits: gifts added, changed, moved, redated and deleted at the newest end and deep in the list (dates
    /// shared with other gifts among them), organizations renamed; each build equal to a full build.
    @Test(arguments: [21, 22, 23] as [UInt64])
    func randomEditsBuildAsAFullBuildDoes(seed: UInt64) throws {
        for order in ["d.donated_at DESC, d.id DESC", "d.donated_at DESC"] {
            let fixture = try Self.fixture(order: order)
            _ = try fixture.build()
            var random = IncrementalHarnessTests.SeededGenerator(state: seed)
            var unread = 0
            let edits: [IncrementalFixture.Edit] = [.insertDonation, .insertDonation, .updateDonation, .deleteDonation, .moveDonation,
                                                    .renameOrganization, .insertDatedDonation, .redateDonation]
            for number in 1...14 {
                let pick = Int(random.next() % 60)
                let deep = "(SELECT id FROM donations WHERE user_id = 1 ORDER BY donated_at, id LIMIT 1 OFFSET \(pick))"
                switch random.next() % 4 {
                case 0: try fixture.sql("UPDATE donations SET amount_cents = \(number) WHERE id = \(deep)")
                case 1: try fixture.sql("UPDATE donations SET donated_at = coalesce((SELECT donated_at FROM donations WHERE id = \(deep)), donated_at) WHERE id = (SELECT max(id) FROM donations)")
                default:
                    let edit = edits[Int(random.next() % UInt64(edits.count))]
                    try fixture.apply(edit, number: number, pick: pick)
                }
                unread += try Self.build(fixture).unread.map { _ in 1 } ?? 0
                #expect(try fixture.mismatches() == [], "seed \(seed), \(order), edit \(number)")
            }
            #expect(unread > 0, "some build kept pages unread, so the comparison tested the shortcut")
        }
    }
}
