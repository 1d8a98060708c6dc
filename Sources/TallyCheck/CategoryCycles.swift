import TallySite

/// Finds the cycles in a parent relation, such as `budget_categories.parent_id`.
enum CategoryCycles {
    /// Each cycle once, as ids in parent order starting from its smallest id; cycles sorted by that id.
    /// A row that is its own parent is a cycle of one.
    static func find(parents: [Int64: Int64]) -> [[Int64]] {
        var finished: Set<Int64> = []
        var cycles: [[Int64]] = []
        for start in parents.keys.sorted() where !finished.contains(start) {
            var path: [Int64] = []
            var position: [Int64: Int] = [:]
            var current: Int64? = start
            while let id = current, !finished.contains(id) {
                if let index = position[id] {
                    let cycle = Array(path[index...])
                    let smallest = cycle.firstIndex(of: cycle.min() ?? id) ?? 0
                    cycles.append(Array(cycle[smallest...] + cycle[..<smallest]))
                    break
                }
                position[id] = path.count
                path.append(id)
                current = parents[id]
            }
            finished.formUnion(path)
        }
        return cycles.sorted { $0[0] < $1[0] }
    }
}
