/// Moves labels apart along one axis so that none overlap, keeping each as close to where it wants to be
/// as the others allow, and inside [lower, upper] when there is room.
enum LabelPlacement {
    /// New positions, in the same order as `desired`, at least `gap` apart.
    static func spread(_ desired: [Double], gap: Double, lower: Double, upper: Double) -> [Double] {
        guard !desired.isEmpty else { return [] }
        let order = desired.indices.sorted { desired[$0] < desired[$1] || (desired[$0] == desired[$1] && $0 < $1) }
        var placed = order.map { min(max(desired[$0], lower), upper) }
        for index in placed.indices.dropFirst() { placed[index] = max(placed[index], placed[index - 1] + gap) }
        if let last = placed.last, last > upper {
            placed[placed.count - 1] = upper
            for index in placed.indices.dropLast().reversed() { placed[index] = min(placed[index], placed[index + 1] - gap) }
        }
        var result = desired
        for (rank, index) in order.enumerated() { result[index] = placed[rank] }
        return result
    }
}
