#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A 3-vector of doubles: acceleration in m/s², or a unit direction. A plain value, no heap.
public struct Vector3: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let zero = Vector3(0, 0, 0)

    @inlinable public var length: Double { (x * x + y * y + z * z).squareRoot() }
    @inlinable public func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    /// The vector product: perpendicular to both, as long as the area of their parallelogram.
    @inlinable func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }

    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }
    @inlinable public static func += (a: inout Vector3, b: Vector3) { a = a + b }

    /// Angle between two non-zero vectors, in degrees (0…180).
    @inlinable
    public func degrees(to o: Vector3) -> Double {
        degrees(to: o, lengths: (length, o.length))
    }

    /// ``degrees(to:)`` for vectors whose lengths are known (`length` and `o.length`, computed as
    /// those compute them): the same result, without a square root per call.
    @inlinable @inline(__always)
    func degrees(to o: Vector3, lengths: (own: Double, other: Double)) -> Double {
        let denominator = lengths.own * lengths.other
        guard denominator > 0 else { return 0 }
        let c = Swift.max(-1, Swift.min(1, dot(o) / denominator))
        // One multiplication by 180/π (rounded once, at compile time) rather than × 180 then ÷ π:
        // a division less in the chain every tilt sample waits for; the two differ by at most one
        // unit in the last place.
        return arccosine(c) * (180 / Double.pi)
    }
}

extension Sample {
    /// The acceleration as a vector, m/s².
    @inlinable public var acceleration: Vector3 { Vector3(x, y, z) }
}
