import CTallySystem

/// How many malloc arenas a build may use.
///
/// glibc gives each thread that contends for the allocator an arena of its own, up to eight per core, and keeps the
/// memory each arena freed for that arena: a build renders pages on every core and on Dispatch's threads, so peak RSS
/// was three to four times the live heap at 5,000 organizations. The cap keeps it close to the heap: one arena for
/// each core, that is each page the render has under way (`PageWriter.pagesUnderWayLimit`) but one. One for each
/// page under way and one for the build's thread (four here) spared the render threads some waits on each other's
/// lock in `malloc` and `free`, but after the render's second core came in from the start (the user-initiated
/// queue) the 100,000-organization build peaked at 200.5–203 MiB with four, against the 200 MiB target, and at 175
/// MiB with two (docs/performance.md#after-the-merges-of-2026-11-28-eighth-round-session-16). Never more than
/// `ceiling`, whatever the cores: each arena keeps what it freed. A command sets it at its start, before any
/// thread; the `tally` binary does it itself because users run it directly, where an environment variable such as
/// `MALLOC_ARENA_MAX` would have to be set by every caller.
package enum MallocArenas {
    package static let ceiling = 8
    package static let limit = limit(forPagesUnderWay: PageWriter.pagesUnderWayLimit)

    /// One arena for each core (the pages under way but one), at least one, up to `ceiling`.
    static func limit(forPagesUnderWay pages: Int) -> Int { min(max(pages - 1, 1), ceiling) }

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
