/// The numbers that decide what counts as a squat for one placement.
/// PROVISIONAL: the set of fields is being finalised with the detection algorithm.
public struct Thresholds: Sendable, Equatable {
    /// Cut-off of the low-pass filter applied to the raw acceleration, Hz.
    public var lowPassHz: Double
    /// Signal level at which a descent starts (signal units, see ``SquatDetector/Probe``).
    public var startLevel: Double
    /// Signal level a bottom must reach for the rep to count.
    public var minDepth: Double
    /// A rep shorter than this (descent start to ascent end) is not counted, seconds.
    public var minRepDuration: Double
    /// A descent that has not come back up after this long is abandoned, seconds.
    public var maxRepDuration: Double
    /// No two counts closer than this, seconds.
    public var minRepInterval: Double

    public init(lowPassHz: Double, startLevel: Double, minDepth: Double,
                minRepDuration: Double, maxRepDuration: Double, minRepInterval: Double) {
        self.lowPassHz = lowPassHz
        self.startLevel = startLevel
        self.minDepth = minDepth
        self.minRepDuration = minRepDuration
        self.maxRepDuration = maxRepDuration
        self.minRepInterval = minRepInterval
    }

    /// Hand-set values; `nil` leaves the profile's value in force.
    public struct Overrides: Sendable, Equatable {
        public var lowPassHz: Double?
        public var startLevel: Double?
        public var minDepth: Double?
        public var minRepDuration: Double?
        public var maxRepDuration: Double?
        public var minRepInterval: Double?
        public init() {}
    }

    public static func defaults(for placement: Placement) -> Thresholds {
        switch placement {
        default:
            return Thresholds(lowPassHz: 2.0, startLevel: 10, minDepth: 25,
                              minRepDuration: 0.8, maxRepDuration: 10, minRepInterval: 0.8)
        }
    }

    mutating func scaleAmplitudes(by factor: Double) {
        startLevel *= factor
        minDepth *= factor
    }

    mutating func apply(_ o: Overrides) {
        if let v = o.lowPassHz { lowPassHz = v }
        if let v = o.startLevel { startLevel = v }
        if let v = o.minDepth { minDepth = v }
        if let v = o.minRepDuration { minRepDuration = v }
        if let v = o.maxRepDuration { maxRepDuration = v }
        if let v = o.minRepInterval { minRepInterval = v }
    }
}
