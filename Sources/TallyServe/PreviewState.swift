import Foundation
import Synchronization

/// What the preview server shows: where the last good build is, and how the latest build went.
struct PreviewState: Sendable, Equatable {
    /// Counts finished builds, good or failed; browsers reload when it changes after a good build.
    var generation = 0
    var succeeded = true
    /// The failed build's diagnostics, as printed in the terminal.
    var errors: [String] = []
    /// The folder the last good build wrote.
    var output: URL
    /// "/" or "/repo/": the site is served below it.
    var basePath = "/"
}

/// The state shared by the builder, which publishes each build, and the request handlers, which read it.
final class PreviewStateBox: Sendable {
    private let state: Mutex<PreviewState>

    init(_ initial: PreviewState) { state = Mutex(initial) }

    var current: PreviewState { state.withLock { $0 } }

    func update(_ change: (inout PreviewState) -> Void) {
        state.withLock { change(&$0) }
    }

    /// The state once its generation is past `generation`, or the current state after `timeout`.
    ///
    /// Browsers long-poll this; checking ten times a second costs nothing next to a build and needs no
    /// bookkeeping of waiters.
    func next(after generation: Int, timeout: Duration) async -> PreviewState {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            let now = current
            if now.generation > generation { return now }
            do { try await Task.sleep(for: .milliseconds(100)) } catch { break }
        }
        return current
    }
}
