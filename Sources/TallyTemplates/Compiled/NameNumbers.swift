import Synchronization

/// Every name a compiled template reads, numbered once for the whole process, so that a query result maps a
/// name to its column with an array index (`TableStorage.columnOfNumber`) instead of hashing the name at each
/// lookup of each row.
final class NameNumbers: Sendable {
    static let shared = NameNumbers()
    private let numbers = Mutex<[String: Int]>([:])

    /// The number of `name`, given it now if it has none: called as templates compile.
    func number(of name: String) -> Int {
        numbers.withLock { numbers in
            if let number = numbers[name] { return number }
            let number = numbers.count
            numbers[name] = number
            return number
        }
    }

    /// The numbers `names` already have (nil for a name no template reads), and how many names are numbered:
    /// a name numbered later is one this caller did not see, and must be looked up by its text.
    func existingNumbers(of names: [String]) -> (numbers: [Int?], count: Int) {
        numbers.withLock { numbers in (names.map { numbers[$0] }, numbers.count) }
    }
}
