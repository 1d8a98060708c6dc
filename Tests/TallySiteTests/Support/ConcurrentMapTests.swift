import Synchronization
@testable import TallySite
import Testing

/// `concurrentMap` makes each chunk's results in place in the array it returns: every element is transformed once,
/// in order, and each result is released once with the array.
@Suite struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 2, 7, 8, 9, 31, 1_000])
    func resultsKeepTheElementsOrder(count: Int) {
        let numbers = Array(0..<count)
        #expect(numbers.concurrentMap { "#\($0)" } == numbers.map { "#\($0)" })
    }

    @Test func eachResultIsMadeOnceAndReleasedOnce() {
        let live = Counter()
        do {
            let results = Array(0..<1_000).concurrentMap { Tracked($0, live) }
            #expect(live.value.load(ordering: .relaxed) == 1_000)
            #expect(results.map(\.number) == Array(0..<1_000))
        }
        #expect(live.value.load(ordering: .relaxed) == 0)
    }

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    final class Tracked: Sendable {
        let number: Int
        let live: Counter
        init(_ number: Int, _ live: Counter) {
            self.number = number
            self.live = live
            live.value.add(1, ordering: .relaxed)
        }
        deinit { live.value.subtract(1, ordering: .relaxed) }
    }
}
