import CTallySystem
import Testing
@testable import TallySite

/// The arena cap that `tally build`, `check`, `report` and `serve` set at their start (`MallocArenas`).
@Suite struct MallocArenasTests {
    @Test func glibcAcceptsTheCap() {
        // mallopt returns 1 when it took the value; on glibc the cap is what a build's peak memory was measured with.
        #expect(tally_limit_malloc_arenas(Int32(MallocArenas.limit)) == 1)
    }
}
