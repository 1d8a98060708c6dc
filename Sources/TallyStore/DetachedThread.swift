import Foundation
import Synchronization

/// Work on a thread of its own that lets go of its closure, and of everything the closure holds, before the thread
/// ends.
///
/// `Thread { … }` alone is not safe here. Foundation keeps a thread's closure until the thread's thread-specific
/// data is destroyed, after libdispatch has destroyed its own. libdispatch's clean-up frees the thread's cache of
/// continuations but leaves its pointer to them (`_libdispatch_tsd_cleanup` in swift-corelibs-libdispatch). A
/// dispatch queue released from the closure at that point hands out freed memory: a GRDB connection's queue, whose
/// queue-specific value posts a continuation when the queue goes, writes into a chunk glibc's cache still holds,
/// and glibc aborts as the thread ends ("tcache_thread_shutdown(): unaligned tcache chunk detected"). A build's
/// snapshot was released that way whenever its thread outlived the build, as on a small site.
package enum DetachedThread {
    package static func start(_ body: @escaping @Sendable () -> Void) {
        let slot = WorkSlot(body)
        Thread {
            // Taken out of the slot, so the closure Foundation keeps to the thread's end holds nothing.
            guard let work = slot.take() else { return }
            work()
        }.start()
    }
}

private final class WorkSlot: Sendable {
    private let work: Mutex<(@Sendable () -> Void)?>

    init(_ work: @escaping @Sendable () -> Void) { self.work = Mutex(work) }

    func take() -> (@Sendable () -> Void)? { work.withLock { $0.take() } }
}
