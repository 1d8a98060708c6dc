/// Finds the known name closest to a misspelt one, for "did you mean" hints in config, front matter and chart blocks,
/// regardless of case ("usdd" finds "USD", "Give Directly" finds "GiveDirectly").
public enum NameSuggestion {
    /// The candidate within an edit distance of 2 (1 for names of 3 characters or fewer), if any; ties go to the first.
    public static func closest(to name: String, among candidates: [String]) -> String? {
        let source = Array(name.lowercased().utf8)
        let limit = source.count <= 3 ? 1 : 2
        guard let best = nearest(source, among: candidates), best.distance <= limit else { return nil }
        return best.name
    }

    /// The candidate at the smallest edit distance, however far; ties go to the first. Nil only without candidates.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        nearest(Array(name.lowercased().utf8), among: candidates)?.name
    }

    private static func nearest(_ source: [UInt8], among candidates: [String]) -> (name: String, distance: Int)? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(source, Array(candidate.lowercased().utf8))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best
    }

    /// Levenshtein distance over UTF-8 bytes.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
