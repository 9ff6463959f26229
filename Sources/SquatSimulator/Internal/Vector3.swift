/// A 3-vector in metres, m/s² or radians depending on use. World axes: x forward (the way the
/// person faces), y to their left, z up.
struct Vector3: Sendable, Equatable {
    var x: Double, y: Double, z: Double

    init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }

    static let zero = Vector3(0, 0, 0)

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (k: Double, a: Vector3) -> Vector3 { Vector3(k * a.x, k * a.y, k * a.z) }
    static func += (a: inout Vector3, b: Vector3) { a = a + b }

    func dot(_ b: Vector3) -> Double { x * b.x + y * b.y + z * b.z }
    var length: Double { dot(self).squareRoot() }
}
