import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `transform` applied to every element, spread over every core; the results keep the elements' order.
    ///
    /// Each chunk's results are made in place in the returned array, on the core that made them: gathered from
    /// chunks by the calling thread, 10,000 content files' pages were copied and the chunks' copies released one
    /// page at a time on one core, each retain and release of a reference the other core made (docs/performance.md).
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        // A few chunks per core keep both cores busy when some elements cost more than others.
        let chunkCount = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunkCount > 1 else { return map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // The chunks write disjoint ranges of the buffer, and every element is written before it is returned.
            nonisolated(unsafe) let results = buffer
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                for index in count * chunk / chunkCount..<count * (chunk + 1) / chunkCount {
                    (results.baseAddress! + index).initialize(to: transform(self[index]))
                }
            }
            initialized = count
        }
    }
}
