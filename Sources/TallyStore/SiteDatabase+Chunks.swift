import Foundation
import GRDB
import Synchronization
import TallyFormat

extension SiteDatabase {
    /// Runs `sql` and hands its rows to `body` a chunk at a time, so a query of 100,000 rows never sits in memory
    /// whole: at most the chunk being handled and the one being read.
    ///
    /// The rows are read on a thread of their own, holding one of the pool's connections, because `body` runs
    /// other queries (a templated page's own) and the pool's reads cannot nest on one thread.
    /// - Parameter readerTimes: given the reading thread's wall and CPU time when it is done (`--timings`): no
    ///   thread's clock that runs `body` sees it.
    /// - Returns: the query's column names, also when it returns no rows.
    @discardableResult
    public func forEachChunk(_ sql: String, parameters: [String: DataValue] = [:], chunkSize: Int,
                             readerTimes: (@Sendable (_ wall: Duration, _ cpu: Duration) -> Void)? = nil,
                             _ body: (_ columns: [String], _ rows: [[DataValue]]) -> Void) throws(QueryError) -> [String] {
        try readChunks(sql, parameters: parameters, chunkSize: chunkSize, readerTimes: readerTimes) { columns, rows in
            body(columns, rows)
            return true
        }
    }

    /// As `forEachChunk`, while `body` returns true: once it returns false the reading thread stops at its next row,
    /// and SQLite reads no further (a listing whose later pages are proven as they were, `PageWriter.writeListing`).
    @discardableResult
    public func readChunks(_ sql: String, parameters: [String: DataValue] = [:], chunkSize: Int,
                           readerTimes: (@Sendable (_ wall: Duration, _ cpu: Duration) -> Void)? = nil,
                           goingOn body: (_ columns: [String], _ rows: [[DataValue]]) -> Bool) throws(QueryError) -> [String] {
        let handoff = ChunkHandoff()
        DetachedThread.start { [pool] in
            let started = readerTimes == nil ? nil : (wall: ContinuousClock.now, cpu: Self.threadCPUTime())
            // Reported before the last item, so the caller has the times once it returns.
            func finish(_ item: ChunkHandoff.Item) {
                if let readerTimes, let started { readerTimes(ContinuousClock.now - started.wall, Self.threadCPUTime() - started.cpu) }
                handoff.put(item)
            }
            do {
                try pool.unsafeRead { db in
                    var rows: [[DataValue]] = []
                    rows.reserveCapacity(chunkSize)
                    let columns = try SiteDatabase.step(db, sql: sql, parameters: parameters) { columns, row in
                        if handoff.stopped { throw ChunkHandoff.Stopped() }
                        rows.append(row)
                        if rows.count == chunkSize {
                            handoff.put(.rows(columns, rows))
                            rows.removeAll(keepingCapacity: true)
                        }
                    }
                    handoff.put(.rows(columns, rows))
                }
                finish(.end)
            } catch is ChunkHandoff.Stopped {
                finish(.end)
            } catch {
                finish(.failed(SiteDatabase.queryError(error)))
            }
        }
        var columns: [String] = []
        while true {
            switch handoff.take() {
            case .rows(let names, let rows):
                columns = names
                // Once stopped, the chunks already read are taken and dropped, so the reading thread is not left waiting.
                if !rows.isEmpty, !handoff.stopped, !body(names, rows) { handoff.stop() }
            case .end:
                return columns
            case .failed(let error):
                throw error
            }
        }
    }
}

extension SiteDatabase {
    /// The CPU time the calling thread has used.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

/// A one-slot queue between the thread reading rows and the one handling them.
private final class ChunkHandoff: Sendable {
    enum Item: Sendable {
        case rows([String], [[DataValue]])
        case end
        case failed(QueryError)
    }

    /// Thrown on the reading thread once the caller wants no more rows.
    struct Stopped: Error {}

    private let slot = Mutex<Item?>(nil)
    private let wantsNoMore = Atomic<Bool>(false)

    var stopped: Bool { wantsNoMore.load(ordering: .relaxed) }

    func stop() { wantsNoMore.store(true, ordering: .relaxed) }
    private let filled = DispatchSemaphore(value: 0)
    private let emptied = DispatchSemaphore(value: 1)

    func put(_ item: Item) {
        emptied.wait()
        slot.withLock { $0 = item }
        filled.signal()
    }

    func take() -> Item {
        filled.wait()
        // `put` fills the slot before it signals `filled`, so there is always an item here.
        let item = slot.withLock { $0.take() } ?? .end
        emptied.signal()
        return item
    }
}
