#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SquatCore

/// What a sensor `radius` metres out along an arm reads when the shoulder is `drop(t)` metres
/// below where it stood and the arm `angle(t)` radians forward from hanging, every 1/`rateHz` s
/// for `seconds`: the second derivative of its position plus g (+g up at rest, as an
/// accelerometer reads), in a frame that turns with the arm.
func armSwingSamples(rateHz: Double, seconds: Double, radius: Double,
                     drop: (Double) -> Double = { _ in 0 }, angle: (Double) -> Double) -> [Sample] {
    let g = 9.81, h = 1e-3
    /// The sensor's position (forward, up), metres, relative to the shoulder standing.
    func position(_ t: Double) -> (x: Double, z: Double) {
        (radius * sin(angle(t)), -drop(t) - radius * cos(angle(t)))
    }
    return (0...Int(seconds * rateHz)).map { i in
        let t = Double(i) / rateHz
        let (p0, p1, p2) = (position(t - h), position(t), position(t + h))
        let fx = (p2.x - 2 * p1.x + p0.x) / (h * h)
        let fz = (p2.z - 2 * p1.z + p0.z) / (h * h) + g
        let phi = angle(t)
        return Sample(t: t, x: fx * cos(phi) + fz * sin(phi), y: 0, z: -fx * sin(phi) + fz * cos(phi))
    }
}
