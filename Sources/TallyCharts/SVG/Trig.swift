/// Sine and cosine from a fixed Taylor series, so pie geometry is identical on every platform
/// (libm implementations may differ in the last bit, which can flip a rounded coordinate).
enum Trig {
    static let pi = 3.141592653589793

    /// (sin, cos) of `angle` in radians.
    static func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
        let turn = 2 * pi
        var x = angle - (angle / turn).rounded() * turn
        if x > pi { x -= turn }
        var sine = 0.0
        var cosine = 0.0
        var term = 1.0
        // term holds x^n / n!; even powers build the cosine, odd ones the sine.
        for n in 0..<40 {
            switch n % 4 {
            case 0: cosine += term
            case 1: sine += term
            case 2: cosine -= term
            default: sine -= term
            }
            term *= x / Double(n + 1)
            if abs(term) < 1e-18 { break }
        }
        return (sine, cosine)
    }
}
