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

    @inlinable public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    @inlinable public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inlinable public static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }
    @inlinable public static func += (a: inout Vector3, b: Vector3) { a = a + b }

    /// Angle between two non-zero vectors, in degrees (0…180).
    @inlinable
    public func degrees(to o: Vector3) -> Double {
        degrees(to: o, ofLength: o.length)
    }

    /// ``degrees(to:)`` for an `o` whose length is known (`o.length`, computed as that computes
    /// it): the same result, without a square root per call.
    @inlinable
    func degrees(to o: Vector3, ofLength oLength: Double) -> Double {
        let denominator = length * oLength
        guard denominator > 0 else { return 0 }
        let c = Swift.max(-1, Swift.min(1, dot(o) / denominator))
        return arccosine(c) * 180 / Double.pi
    }
}

extension Sample {
    /// The acceleration as a vector, m/s².
    @inlinable public var acceleration: Vector3 { Vector3(x, y, z) }
}
