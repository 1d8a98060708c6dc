import Foundation
import Synchronization
import TallyStore

/// Work started on a thread of its own, whose result the build collects later.
///
/// The database snapshot is copied and scrubbed on one core while the content files load on every core; its
/// result is collected where the build used to open the database.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Value) {
        // A detached thread, not `Thread`: the result is often the build's snapshot, and must not be released as the
        // thread ends (`DetachedThread`).
        DetachedThread.start { [self] in
            let result = body()
            value.withLock { $0 = result }
            done.signal()
        }
    }

    /// Waits for the work to finish; asked again, returns the same value at once.
    func result() -> Value {
        done.wait()
        // Signalled again for whoever asks next.
        done.signal()
        // The work sets the value before it signals, so it is there.
        return value.withLock { $0! }
    }
}

/// Something one thread hands to another, which waits for it.
final class Handoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func deliver(_ delivered: Value) {
        value.withLock { $0 = delivered }
        ready.signal()
    }

    /// Waits for the value; asked again, returns it at once.
    func wait() -> Value {
        ready.wait()
        // Signalled again for whoever asks next.
        ready.signal()
        return value.withLock { $0! }
    }
}
