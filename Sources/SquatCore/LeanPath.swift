/// The path a hinged segment's gravity direction took during one movement, as unit vectors at
/// least ``step`` apart (see ``SquatSignal/retraceDistance(closed:depth:)``). Fixed storage,
/// allocated once: a path longer than it keeps every other point and doubles its spacing.
struct LeanPath: Sendable {
    /// How many directions a path keeps at most.
    static let capacity = 64
    /// cos 1°: the spacing of a path's points as it starts. A shin's 10–40° rep out and back
    /// keeps 20–80 points (past 64, every other one, 2° apart); at 10–25 Hz a quick rep moves
    /// further than that between two samples, and keeps every sample.
    static let stepCosine = 0.999_847_695_156_391_2

    private var points: [Vector3]
    private(set) var count = 0
    /// The cosine of the spacing in force.
    private var spacingCosine = LeanPath.stepCosine

    init() {
        points = [Vector3](repeating: .zero, count: LeanPath.capacity)
    }

    /// Forgets the points (the storage stays).
    @inline(__always)
    mutating func clear() {
        count = 0
        spacingCosine = LeanPath.stepCosine
    }

    /// Adds the unit direction `u` if it lies a spacing or more from the last point kept: one
    /// dot product a sample while the segment moves.
    @inline(__always)
    mutating func follow(_ u: Vector3) {
        if count > 0, u.dot(points[count - 1]) > spacingCosine { return }
        if count == LeanPath.capacity {
            for i in 0..<(LeanPath.capacity / 2) { points[i] = points[2 * i] }
            count = LeanPath.capacity / 2
            spacingCosine = 2 * spacingCosine * spacingCosine - 1
        }
        points[count] = u
        count += 1
    }

    /// Makes this path a copy of `other`'s points, in its own storage.
    mutating func copy(_ other: LeanPath) {
        for i in 0..<other.count { points[i] = other.points[i] }
        count = other.count
        spacingCosine = other.spacingCosine
    }

    /// The root mean square of how far this path's points lie from `other`'s path (the nearest
    /// point of its polyline), radians, over the points whose cosine to `rest` is at most
    /// `shallowest` (as deep as that or deeper) and no less than the least of `other`'s (no
    /// deeper than it goes: a deeper rep runs on along the same arc, which is no departure from
    /// it, and a shallower stretch, where the shin sets off and comes back past standing, is
    /// not compared); 0 when none are.
    func rmsDistance(from other: LeanPath, rest: Vector3, shallowest: Double) -> Double {
        guard other.count > 0 else { return 0 }
        var deepest = 1.0
        for j in 0..<other.count { deepest = Swift.min(deepest, other.points[j].dot(rest)) }
        var sum = 0.0, n = 0
        for i in 0..<count {
            let p = points[i], c = p.dot(rest)
            guard c >= deepest, c <= shallowest else { continue }
            sum += other.squaredDistance(to: p)
            n += 1
        }
        return n > 0 ? (sum / Double(n)).squareRoot() : 0
    }

    /// The squared distance from `p` to the nearest point of this path's polyline (chords: the
    /// square of the angle, radians, for the few degrees that matter).
    private func squaredDistance(to p: Vector3) -> Double {
        var best = (p - points[0]).dot(p - points[0])
        guard count > 1 else { return best }
        for j in 0..<(count - 1) {
            let q = points[j], e = points[j + 1] - q
            let length = e.dot(e)
            let t = length > 0 ? Swift.min(Swift.max((p - q).dot(e) / length, 0), 1) : 0
            let r = p - (q + e * t)
            best = Swift.min(best, r.dot(r))
        }
        return best
    }
}
