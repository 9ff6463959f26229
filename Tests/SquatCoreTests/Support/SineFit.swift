#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Least-squares fit of `y ≈ a·sin(2πft) + b·cos(2πft) + c` to samples at arbitrary times, so a
/// filter's gain and phase can be read from unevenly spaced output.
struct SineFit {
    /// Amplitude `√(a² + b²)`, in the unit of the values.
    var amplitude: Double
    /// Phase in degrees relative to `sin(2πft)`: positive leads, negative lags.
    var phaseDegrees: Double
    /// Constant offset `c`.
    var offset: Double

    init(times: [Double], values: [Double], frequency: Double) {
        precondition(times.count == values.count && times.count >= 3)
        // Normal equations for the basis (sin, cos, 1).
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var r = [0.0, 0.0, 0.0]
        for (t, y) in zip(times, values) {
            let w = 2 * Double.pi * frequency * t
            let basis = [sin(w), cos(w), 1]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += basis[i] * basis[j] }
                r[i] += basis[i] * y
            }
        }
        let (a, b, c) = SineFit.solve(m, r)
        amplitude = (a * a + b * b).squareRoot()
        phaseDegrees = atan2(b, a) * 180 / Double.pi
        offset = c
    }

    /// Cramer's rule for a 3×3 system.
    private static func solve(_ m: [[Double]], _ r: [Double]) -> (Double, Double, Double) {
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let d = det(m)
        func replaced(_ column: Int) -> [[Double]] {
            var a = m
            for row in 0..<3 { a[row][column] = r[row] }
            return a
        }
        return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
    }
}
