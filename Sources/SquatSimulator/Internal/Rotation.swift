/// A 3×3 rotation matrix, stored by rows. `R * v` maps a vector from the rotated (body,
/// sensor) frame into the outer (world) frame; `R.transposed * v` maps world into body.
struct Rotation: Sendable, Equatable {
    var r0: Vector3, r1: Vector3, r2: Vector3

    static let identity = Rotation(r0: Vector3(1, 0, 0), r1: Vector3(0, 1, 0), r2: Vector3(0, 0, 1))

    /// Rotation by `angle` (rad) about the lateral y axis, signed so that a positive angle tips
    /// the segment's up axis forward: `pitch(θ) * (0,0,1) = (sin θ, 0, cos θ)`.
    static func pitch(_ angle: Double) -> Rotation {
        let c = cosine(angle), s = sine(angle)
        return Rotation(r0: Vector3(c, 0, s), r1: Vector3(0, 1, 0), r2: Vector3(-s, 0, c))
    }

    /// Rotation by |v| radians about the axis v/|v| (Rodrigues' formula).
    init(rotationVector v: Vector3) {
        let angle = v.length
        guard angle > 1e-12 else { self = .identity; return }
        let k = (1 / angle) * v
        self.init(quaternion: (cosine(angle / 2), sine(angle / 2) * k.x, sine(angle / 2) * k.y, sine(angle / 2) * k.z))
    }

    /// Rotation of the unit quaternion (w, x, y, z).
    init(quaternion q: (w: Double, x: Double, y: Double, z: Double)) {
        let (w, x, y, z) = q
        r0 = Vector3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y))
        r1 = Vector3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x))
        r2 = Vector3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
    }

    init(r0: Vector3, r1: Vector3, r2: Vector3) { self.r0 = r0; self.r1 = r1; self.r2 = r2 }

    /// A rotation drawn uniformly from SO(3): a unit quaternion from four normal deviates
    /// (the normalised 4-D Gaussian is uniform on the 3-sphere).
    static func uniform(using random: inout SplitMix64) -> Rotation {
        var q = (w: 0.0, x: 0.0, y: 0.0, z: 0.0), n = 0.0
        repeat {
            q = (random.normal(), random.normal(), random.normal(), random.normal())
            n = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        } while n < 1e-9
        return Rotation(quaternion: (q.w / n, q.x / n, q.y / n, q.z / n))
    }

    static func * (a: Rotation, v: Vector3) -> Vector3 { Vector3(a.r0.dot(v), a.r1.dot(v), a.r2.dot(v)) }

    static func * (a: Rotation, b: Rotation) -> Rotation {
        let bt = b.transposed
        return Rotation(r0: Vector3(a.r0.dot(bt.r0), a.r0.dot(bt.r1), a.r0.dot(bt.r2)),
                        r1: Vector3(a.r1.dot(bt.r0), a.r1.dot(bt.r1), a.r1.dot(bt.r2)),
                        r2: Vector3(a.r2.dot(bt.r0), a.r2.dot(bt.r1), a.r2.dot(bt.r2)))
    }

    var transposed: Rotation {
        Rotation(r0: Vector3(r0.x, r1.x, r2.x), r1: Vector3(r0.y, r1.y, r2.y), r2: Vector3(r0.z, r1.z, r2.z))
    }
}
