import Foundation
import PropertyBased
import Testing
@testable import TallySite

/// Random edits to a fixture site, each followed by an incremental build, which must equal a build of the same
/// inputs that renders everything, byte for byte. The fixture has materialized views and a page that shows them, so
/// a table or view that an updated snapshot (`SnapshotUpdate`) left stale shows as a difference, and pages bounded by
/// comparisons with their row (`IncrementalFixture.rangeBounds`), with rows dated on and beside their bounds and
/// values of every type, so a page kept by a wrong proof that a changed row is outside its range shows too.
@Suite struct IncrementalHarnessTests {
    private static let extra = IncrementalFixture.materializedViews.merging(IncrementalFixture.rangeBounds) { _, new in new }

    /// SplitMix64: the same edits on every run for one seed, so a failure can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomEditsBuildAsAFullBuildDoes(seed: UInt64) throws {
        let fixture = try IncrementalFixture(extra: Self.extra)
        _ = try fixture.build()
        var random = SeededGenerator(state: seed)
        var keptAny = false
        var updatedAny = false
        for number in 1...24 {
            let edit = IncrementalFixture.Edit.allCases.randomElement(using: &random) ?? .editAbout
            try fixture.apply(edit, number: number, pick: Int.random(in: 0..<9, using: &random))
            let summary = try fixture.build()
            keptAny = keptAny || summary.pagesKept > 0
            updatedAny = updatedAny || summary.snapshotUpdate?.tablesCopied.isEmpty == false
            #expect(try fixture.mismatches() == [], "seed \(seed), edit \(number): \(edit)")
        }
        #expect(keptAny, "some build kept a page, so the comparison tested incremental builds")
        #expect(updatedAny, "some build updated the kept snapshot, so the comparison tested updated snapshots")
    }

    /// As `tally serve` builds: one `BuildMemory` across the builds, so each build goes on with the snapshot the last
    /// good one read (updated in place when rows changed), takes unchanged content files and the manifest from memory,
    /// and must still write what a full build writes after any edit, the database file replaced included.
    @Test(arguments: [9, 10, 11] as [UInt64])
    func randomEditsBuildWithWhatTheLastBuildKeptInMemoryAsAFullBuildDoes(seed: UInt64) throws {
        var fixture = try IncrementalFixture(extra: Self.extra)
        fixture.memory = BuildMemory()
        let files = fixture.site.allFiles().count { $0.hasPrefix("content/") && $0.hasSuffix(".md") }
        _ = try fixture.build()
        var random = SeededGenerator(state: seed)
        var keptOpen = 0
        var updatedInPlace = false
        var parsedFewer = false
        for number in 1...24 {
            let edit = number % 6 == 0 ? .replaceDatabase : IncrementalFixture.Edit.allCases.randomElement(using: &random) ?? .editAbout
            try fixture.apply(edit, number: number, pick: Int.random(in: 0..<9, using: &random))
            let summary = try fixture.build()
            keptOpen += summary.snapshotKeptOpen ? 1 : 0
            updatedInPlace = updatedInPlace || (summary.snapshotKeptOpen && summary.snapshotUpdate?.tablesCopied.isEmpty == false)
            parsedFewer = parsedFewer || summary.contentFilesParsed < files
            #expect(try fixture.mismatches() == [], "seed \(seed), edit \(number): \(edit)")
        }
        #expect(keptOpen > 0, "some build went on with the snapshot the last one read")
        #expect(updatedInPlace, "some build updated that snapshot in place")
        #expect(parsedFewer, "some build took content files from memory")
    }

    /// A content file's route and section come from its path inside the content folder: with `content_dir` moved
    /// into a subfolder, `content/blog/post.md` is `/post/`, not `/blog/post/`, though its text and file are the same,
    /// so the file is loaded again rather than taken from memory.
    @Test func aContentFolderMovedInTheConfigLoadsItsFilesAgain() throws {
        var fixture = try IncrementalFixture(extra: ["content/blog/post.md": "---\ntitle: Post\n---\nIn the blog.\n"])
        fixture.memory = BuildMemory()
        _ = try fixture.build()
        #expect(FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent("public/blog/post/index.html").path))
        try fixture.site.write(IncrementalFixture.config(0) + "content_dir: content/blog\n", to: "tally.yaml")
        _ = try fixture.build()
        #expect(FileManager.default.fileExists(atPath: fixture.site.root.appendingPathComponent("public/post/index.html").path))
        #expect(try fixture.mismatches() == [])
    }

    /// Listings numbered from their end keep their older pages while rows are added at their start: their pages
    /// must still equal a full build's after any edit.
    @Test(arguments: [4, 5] as [UInt64])
    func randomEditsToListingsNumberedFromTheEndBuildAsAFullBuildDoes(seed: UInt64) throws {
        let fixture = try IncrementalFixture(extra: IncrementalFixture.listingsFromTheEnd)
        _ = try fixture.build()
        var random = SeededGenerator(state: seed)
        let edits: [IncrementalFixture.Edit] = [.insertDonation, .insertDonation, .insertDonation, .updateDonation, .deleteDonation,
                                                .unpublishedDonation, .moveDonation, .renameUser, .editFooterPartial]
        for number in 1...16 {
            let edit = edits.randomElement(using: &random) ?? .insertDonation
            try fixture.apply(edit, number: number, pick: Int.random(in: 0..<9, using: &random))
            _ = try fixture.build()
            #expect(try fixture.mismatches() == [], "seed \(seed), edit \(number): \(edit)")
        }
    }

    /// Rows dated on and beside the bounds of the years' pages, moved across them, and values of every type (and
    /// NULL) between the bands' bounds: a page kept by a wrong proof that every changed row is outside its range
    /// shows as a difference from the full build.
    @Test(arguments: [6, 7, 8] as [UInt64])
    func randomEditsAcrossRangeBoundsBuildAsAFullBuildDoes(seed: UInt64) throws {
        let fixture = try IncrementalFixture(extra: Self.extra)
        _ = try fixture.build()
        var random = SeededGenerator(state: seed)
        let edits: [IncrementalFixture.Edit] = [.insertDatedDonation, .insertDatedDonation, .redateDonation, .deleteDonation, .insertMeasure,
                                                .insertMeasure, .updateMeasure, .updateMeasure, .deleteMeasure]
        var kept = 0
        for number in 1...20 {
            let edit = edits.randomElement(using: &random) ?? .insertMeasure
            try fixture.apply(edit, number: number, pick: Int.random(in: 0..<14, using: &random))
            let summary = try fixture.build()
            kept += summary.renderReasons.keys.contains { $0.hasPrefix("/years/") || $0.hasPrefix("/spans/") || $0.hasPrefix("/bands/") } ? 0 : 1
            #expect(try fixture.mismatches() == [], "seed \(seed), edit \(number): \(edit)")
        }
        #expect(kept > 0, "some build kept every bounded page, so the comparison tested the proof")
    }

    @Test func everyEditAloneBuildsAsAFullBuildDoes() throws {
        for edit in IncrementalFixture.Edit.allCases {
            let fixture = try IncrementalFixture(extra: Self.extra)
            _ = try fixture.build()
            try fixture.apply(edit, number: 5, pick: 1)
            _ = try fixture.build()
            #expect(try fixture.mismatches() == [], "\(edit)")
        }
    }

    @Test func anySequenceOfEditsBuildsAsAFullBuildDoes() async {
        let edits = Gen.int(in: 0...(IncrementalFixture.Edit.allCases.count - 1)).array(of: 1...6)
        await propertyCheck(count: 12, input: edits, Gen.int(in: 0...8)) { indices, pick in
            guard let fixture = try? IncrementalFixture(extra: Self.extra), (try? fixture.build()) != nil else {
                Issue.record("the fixture did not build")
                return
            }
            for (number, index) in indices.enumerated() {
                guard let edit = IncrementalFixture.Edit(rawValue: index) else { continue }
                #expect(throws: Never.self) { try fixture.apply(edit, number: number + 1, pick: pick + number) }
                #expect(throws: Never.self) { _ = try fixture.build() }
                #expect((try? fixture.mismatches()) == [], "\(indices.compactMap(IncrementalFixture.Edit.init(rawValue:)))")
            }
        }
    }
}
