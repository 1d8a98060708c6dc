import CTallySystem

/// How many malloc arenas a build may use.
///
/// glibc gives each thread that contends for the allocator an arena of its own, up to eight per core, and keeps the
/// memory each arena freed for that arena: a build renders pages on every core and on Dispatch's threads, so peak RSS
/// was three to four times the live heap at 5,000 organizations. The cap keeps it close to the heap: one arena for
/// each page the render has under way (`PageWriter.pagesUnderWayLimit`) and one for the build's own thread. With
/// two, the render's threads shared arenas and waited on each other's lock in every `malloc` and `free`
/// (docs/performance.md#malloc-arenas). Never more than `ceiling`, whatever the cores: each arena keeps what it
/// freed, and the 100,000-organization peak was measured with four. A command sets it at its start, before any
/// thread; the `tally` binary does it itself because users run it directly, where an environment variable such as
/// `MALLOC_ARENA_MAX` would have to be set by every caller.
package enum MallocArenas {
    package static let ceiling = 8
    package static let limit = limit(forPagesUnderWay: PageWriter.pagesUnderWayLimit)

    /// One arena for each page under way and one for the build's thread, up to `ceiling`.
    static func limit(forPagesUnderWay pages: Int) -> Int { min(pages + 1, ceiling) }

    /// Applies the limit to this process; later calls change nothing.
    package static func limitForBuild() {
        _ = tally_limit_malloc_arenas(Int32(limit))
    }

    /// Gives the memory the arenas hold free back to the system, between stages that each leave much of it free:
    /// glibc returns only what is free at the top of an arena's heap, so the render's freed pages, listings and
    /// rows stayed resident under the memory the next stage took (docs/performance.md#peak-memory-by-stage).
    package static func releaseFreed() {
        _ = tally_release_free_memory()
    }

}
