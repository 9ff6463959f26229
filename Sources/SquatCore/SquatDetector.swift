/// The per-device detection pipeline: one sample in, zero or one ``Rep`` out.
///
/// PROVISIONAL implementation (a plain tilt-from-start detector) so that the layers above
/// can be built; the tuned pipeline replaces the body, not the interface.
public struct SquatDetector: Sendable {
    /// What the detector saw at the last sample, for plots and debugging.
    public struct Probe: Sendable, Equatable {
        public var t: Double = 0
        /// The squat signal: 0 when standing, rising as the wearer goes down.
        public var signal: Double = 0
        /// Signal level at which a descent starts.
        public var startLevel: Double = 0
        /// Signal level a bottom must reach for the rep to count.
        public var depthLevel: Double = 0
        public var phase: SquatPhase = .standing
    }

    public let profile: SquatProfile
    public private(set) var probe = Probe()
    public var phase: SquatPhase { probe.phase }

    private let thresholds: Thresholds
    private var reference: (x: Double, y: Double, z: Double)?
    private var start = 0.0, bottomT = 0.0, depth = 0.0, lastCount = -Double.infinity

    public init(profile: SquatProfile) {
        self.profile = profile
        self.thresholds = profile.thresholds
        probe.startLevel = thresholds.startLevel
        probe.depthLevel = thresholds.minDepth
    }

    /// Tells the detector samples were lost (sensor overrun, reconnect): it forgets its state
    /// rather than reading the jump as motion.
    public mutating func markGap() {
        reference = nil
        probe.phase = .standing
    }

    public mutating func step(_ s: Sample) -> Rep? {
        probe.t = s.t
        let m = s.magnitude
        guard m > 0 else { return nil }
        guard let r = reference else { reference = (s.x / m, s.y / m, s.z / m); return nil }
        let cosine = max(-1, min(1, (s.x * r.x + s.y * r.y + s.z * r.z) / m))
        let angle = acosDegrees(cosine)
        probe.signal = angle
        switch probe.phase {
        case .standing:
            if angle > thresholds.startLevel { probe.phase = .descending; start = s.t; depth = angle }
        case .descending, .bottom, .ascending:
            if angle > depth { depth = angle; bottomT = s.t; probe.phase = .descending }
            else if angle < depth * 0.8 { probe.phase = .ascending }
            if angle < thresholds.startLevel {
                probe.phase = .standing
                if depth >= thresholds.minDepth, s.t - start >= thresholds.minRepDuration,
                   s.t - lastCount >= thresholds.minRepInterval {
                    lastCount = s.t
                    return Rep(start: start, bottom: bottomT, end: s.t, detectedAt: s.t, amplitude: depth)
                }
            }
        }
        return nil
    }
}

/// acos in degrees without Foundation: atan2-free series is overkill, so use the identity
/// acos(x) = 2·atan(sqrt((1-x)/(1+x))) with a small rational atan.
@usableFromInline
func acosDegrees(_ x: Double) -> Double {
    // Bisection on cos via Taylor is slow; provisional code path only.
    var lo = 0.0, hi = Double.pi
    for _ in 0..<40 {
        let mid = (lo + hi) / 2
        if cosTaylor(mid) > x { lo = mid } else { hi = mid }
    }
    return lo * 180 / Double.pi
}

@usableFromInline
func cosTaylor(_ a: Double) -> Double {
    var term = 1.0, sum = 1.0
    for n in 1..<20 { term *= -a * a / Double((2 * n - 1) * (2 * n)); sum += term }
    return sum
}
