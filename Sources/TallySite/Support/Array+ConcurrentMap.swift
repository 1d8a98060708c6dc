import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// `transform` applied to every element, spread over every core; the results keep the elements' order.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        // A few chunks per core keep both cores busy when some elements cost more than others.
        let chunkCount = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunkCount > 1 else { return map(transform) }
        let chunks = Mutex<[Int: [T]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let mapped = self[count * chunk / chunkCount..<count * (chunk + 1) / chunkCount].map(transform)
            chunks.withLock { $0[chunk] = mapped }
        }
        return chunks.withLock { done in (0..<chunkCount).flatMap { done[$0] ?? [] } }
    }
}
