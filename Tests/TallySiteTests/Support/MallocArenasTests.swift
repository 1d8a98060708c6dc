import CTallySystem
import Testing
@testable import TallySite

/// The arena cap that `tally build`, `check`, `report` and `serve` set at their start (`MallocArenas`).
@Suite struct MallocArenasTests {
    @Test func glibcAcceptsTheCap() {
        // mallopt returns 1 when it took the value; on glibc the cap is what a build's peak memory was measured with.
        #expect(tally_limit_malloc_arenas(Int32(MallocArenas.limit)) == 1)
    }

    /// One arena for each core (the render has one page more than the cores under way), at least one, up to the
    /// ceiling: four on two cores kept enough freed memory to take the 100,000-organization build past its 200 MiB
    /// target, and on many cores an arena for each would keep what each freed.
    @Test(arguments: [(pages: 2, arenas: 1), (pages: 3, arenas: 2), (pages: 5, arenas: 4), (pages: 9, arenas: 8), (pages: 17, arenas: 8), (pages: 65, arenas: 8)])
    func theCapLeavesAnArenaForEachCoreUpToTheCeiling(pages: Int, arenas: Int) {
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
