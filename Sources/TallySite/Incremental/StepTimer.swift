/// Times the build's own steps besides page renders for `--timings` (`BuildProgress.stepTimed`): the manifest's
/// load, the rows checks, the listings' checks, the rows read again as pages render. Nothing is read from a clock
/// when no one asked.
struct StepTimer: Sendable {
    let progress: (any BuildProgress)?

    init(_ progress: (any BuildProgress)?) {
        self.progress = progress?.wantsPageTimes == true ? progress : nil
    }

    /// Runs `body` on this thread and reports its wall and thread CPU time as step `name`.
    func measure<T>(_ name: String, _ body: () -> T) -> T {
        guard let progress else { return body() }
        let wall = ContinuousClock.now
        let cpu = ThreadCPUTime.now()
        let result = body()
        progress.stepTimed(name, wall: ContinuousClock.now - wall, cpu: ThreadCPUTime.now() - cpu)
        return result
    }

    /// What `SiteDatabase.forEachChunk` reports its reading thread's times to, as step `name`; nil when no one asked.
    func reader(_ name: String) -> (@Sendable (_ wall: Duration, _ cpu: Duration) -> Void)? {
        guard let progress else { return nil }
        return { wall, cpu in progress.stepTimed(name, wall: wall, cpu: cpu) }
    }
}
