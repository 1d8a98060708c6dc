import CTallySystem
import Testing
@testable import TallySite

/// The arena cap that `tally build`, `check`, `report` and `serve` set at their start (`MallocArenas`).
@Suite struct MallocArenasTests {
    @Test func glibcAcceptsTheCap() {
        // mallopt returns 1 when it took the value; on glibc the cap is what a build's peak memory was measured with.
        #expect(tally_limit_malloc_arenas(Int32(MallocArenas.limit)) == 1)
    }

    /// Each page under way in the render can have an arena of its own, and the thread that hands them out one more
    /// (threads that share an arena take turns on its lock in every `malloc` and `free`), up to the ceiling: on many
    /// cores an arena for each would keep what each freed.
    @Test(arguments: [(pages: 3, arenas: 4), (pages: 5, arenas: 6), (pages: 7, arenas: 8), (pages: 17, arenas: 8), (pages: 65, arenas: 8)])
    func theCapLeavesAnArenaForEachPageUnderWayUpToTheCeiling(pages: Int, arenas: Int) {
        #expect(MallocArenas.limit(forPagesUnderWay: pages) == arenas)
    }

    @Test func freedMemoryCanBeGivenBack() {
        // malloc_trim: 1 when pages were given back, 0 when none were free; either way the heap is still usable.
        var blocks = (0..<1_000).map { _ in [UInt8](repeating: 1, count: 64 << 10) }
        blocks.removeAll()
        #expect([0, 1].contains(tally_release_free_memory()))
        #expect([UInt8](repeating: 2, count: 1 << 20).count == 1 << 20)
    }
}
