import Foundation
import Synchronization

/// What the preview server shows: where the last good build is, and how the latest build went.
struct PreviewState: Sendable, Equatable {
    /// Counts finished builds, good or failed, and open pages rendered ahead of a build; browsers reload when it
    /// changes and the build is good.
    var generation = 0
    var succeeded = true
    /// The failed build's diagnostics, as printed in the terminal.
    var errors: [String] = []
    /// The folder the last good build wrote.
    var output: URL
    /// "/" or "/repo/": the site is served below it.
    var basePath = "/"
    /// Open pages the build under way rendered first (`OpenPages`), by file inside the output (`orgs/amf/index.html`):
    /// served from memory instead of the last good build's files until the build commits its output, and never
    /// written to the output folder, which keeps a complete good build.
    var overlay: [String: Data] = [:]
    /// The URL paths of the open pages the overlay step rendered, changed or not: a commit that changes none of the
    /// pages open then has nothing to reload.
    var shownAhead: Set<String> = []
}

/// The state shared by the builder, which publishes each build, and the request handlers, which read it.
final class PreviewStateBox: Sendable {
    private let state: Mutex<PreviewState>
    private let polls = Mutex<[String: Poll]>([:])

    init(_ initial: PreviewState) { state = Mutex(initial) }

    var current: PreviewState { state.withLock { $0 } }

    func update(_ change: (inout PreviewState) -> Void) {
        state.withLock { change(&$0) }
    }

    /// The state once its generation is past `generation`, or the current state after `timeout`.
    ///
    /// Browsers long-poll this; checking ten times a second costs nothing next to a build and needs no
    /// bookkeeping of waiters.
    /// - Parameter page: the URL path from the site root of the page whose script asks; it counts as open while it
    ///   waits here and for a moment after, until its script asks again.
    func next(after generation: Int, timeout: Duration, page: String? = nil) async -> PreviewState {
        if let page { polls.withLock { $0[page, default: Poll()].waiting += 1 } }
        defer {
            if let page {
                polls.withLock {
                    $0[page]?.waiting -= 1
                    $0[page]?.lastAnswered = .now
                }
            }
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let now = current
            if now.generation > generation { return now }
            do { try await Task.sleep(for: .milliseconds(100)) } catch { break }
        }
        return current
    }

    /// The URL paths of the pages open in a browser: a script waiting for events, or one answered in the last
    /// seconds (it asks again at once; a closed page stops asking).
    var openPages: Set<String> {
        let recent = ContinuousClock.now - .seconds(3)
        return polls.withLock { polls in
            polls = polls.filter { $0.value.waiting > 0 || $0.value.lastAnswered > recent }
            return Set(polls.keys)
        }
    }

    private struct Poll {
        var waiting = 0
        var lastAnswered = ContinuousClock.now
    }
}
