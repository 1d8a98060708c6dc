import Dispatch
import Foundation
import GRDB
import Synchronization
import Testing
import TallyStore

/// `DetachedThread` lets go of its work, and of what the work holds, while the thread still runs. Foundation's
/// `Thread` keeps its closure until the thread's thread-specific data is destroyed, after libdispatch's: a GRDB
/// connection released there wrote into memory glibc had freed, and this process aborted within a few rounds
/// ("tcache_thread_shutdown(): unaligned tcache chunk detected").
@Suite struct DetachedThreadTests {
    @Test func whatTheWorkHoldsIsReleasedBeforeTheThreadEnds() throws {
        let releasedWhileRunning = Mutex<[Bool]>([])
        for _ in 0..<200 {
            var database: DatabaseQueue? = try DatabaseQueue()
            var tracker: ReleaseTracker? = ReleaseTracker { releasedWhileRunning.withLock { $0.append(Thread.current.isExecuting) } }
            let letGo = DispatchSemaphore(value: 0)
            DetachedThread.start { [database, tracker] in
                // Dispatch work on this thread leaves continuations in its cache, which libdispatch frees as it ends.
                DispatchQueue.concurrentPerform(iterations: 8) { _ in }
                _ = try? database?.read { try Int.fetchOne($0, sql: "SELECT 1") }
                // Once the test has let go of them, the thread holds the only references.
                letGo.wait()
                _ = tracker
            }
            database = nil
            tracker = nil
            letGo.signal()
        }
        #expect(try Self.eventually { releasedWhileRunning.withLock { $0.count } == 200 })
        #expect(releasedWhileRunning.withLock { $0.allSatisfy { $0 } })
    }

    private static func eventually(_ condition: () -> Bool) throws -> Bool {
        for _ in 0..<500 where !condition() { usleep(10_000) }
        return condition()
    }
}

/// Calls `released` from its `deinit`, on the thread that lets go of it last.
private final class ReleaseTracker: Sendable {
    let released: @Sendable () -> Void
    init(_ released: @escaping @Sendable () -> Void) { self.released = released }
    deinit { released() }
}
