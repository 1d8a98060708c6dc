import Foundation

/// The CPU time the calling thread has used. `--timings` measures a page with it rather than the wall clock: a
/// page renders on one thread from start to end, and on a machine that other work shares (CI, two cores) the wall
/// clock would count the time the thread waited for a core too.
enum ThreadCPUTime {
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
