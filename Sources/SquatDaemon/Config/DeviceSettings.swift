import SquatCore
import SquatSensors

/// Everything squatd uses for one device: how to detect squats on it and, for the sensor
/// layer, how to read it. The effective value for a device is ``DaemonConfiguration/defaults``
/// with the fields of its first matching ``DeviceRule`` on top (see
/// ``DaemonConfiguration/settings(for:)``).
public struct DeviceSettings: Sendable, Equatable {
    /// `placement`: where the device is worn; picks the detection profile. Aliases such as
    /// `pocket`, `hip` and `earbuds` are accepted.
    public var placement: Placement = .default
    /// `sensitivity`: 1 (only deep, clear squats) … 10 (shallow ones too).
    public var sensitivity: Sensitivity = .default
    /// `[thresholds]`: hand-set detector thresholds (one key per ``SquatCore/Thresholds`` field,
    /// snake_case); not scaled by sensitivity.
    public var overrides = Thresholds.Overrides()
    /// `enabled = false`: the device is not read at all.
    public var enabled = true

    /// `mount_matrix`: used instead of udev's or sysfs's.
    public var mountMatrix: MountMatrix?
    /// `axes`: evdev absolute axes carrying x, y, z.
    public var axes: EvdevAxes?
    /// `units_per_g`: evdev units per g, for drivers that report no resolution.
    public var unitsPerG: Double?
    /// `rate_hz`: samples per second wanted from an IIO device, Hz.
    public var rateHz: Double?
    /// `accelerometer = true`: read an input device as an accelerometer although the kernel
    /// does not mark it as one.
    public var accelerometer = false

    public init() {}

    /// The detector profile these settings describe.
    public var profile: SquatProfile {
        SquatProfile(placement: placement, sensitivity: sensitivity, overrides: overrides)
    }

    /// True when a sensor-level field is set (``SensorSettings`` needs an override for it).
    var hasSensorFields: Bool {
        mountMatrix != nil || axes != nil || unitsPerG != nil || rateHz != nil || accelerometer
    }

    /// The fields a `[defaults]` or `[[device]]` table sets; nil leaves the value below in force.
    public struct Changes: Sendable, Equatable {
        public var placement: Placement?
        public var sensitivity: Sensitivity?
        /// Field by field: only the thresholds given are changed.
        public var overrides = Thresholds.Overrides()
        public var enabled: Bool?
        public var mountMatrix: MountMatrix?
        public var axes: EvdevAxes?
        public var unitsPerG: Double?
        public var rateHz: Double?
        public var accelerometer: Bool?

        public init() {}
    }

    /// These settings with `changes` on top.
    public func applying(_ changes: Changes) -> DeviceSettings {
        var s = self
        if let v = changes.placement { s.placement = v }
        if let v = changes.sensitivity { s.sensitivity = v }
        s.overrides = s.overrides.applying(changes.overrides)
        if let v = changes.enabled { s.enabled = v }
        if let v = changes.mountMatrix { s.mountMatrix = v }
        if let v = changes.axes { s.axes = v }
        if let v = changes.unitsPerG { s.unitsPerG = v }
        if let v = changes.rateHz { s.rateHz = v }
        if let v = changes.accelerometer { s.accelerometer = v }
        return s
    }
}

extension Thresholds.Overrides {
    /// These overrides with every value set in `other` replacing this one's.
    func applying(_ other: Thresholds.Overrides) -> Thresholds.Overrides {
        var o = self
        o.signal = other.signal ?? o.signal
        o.lowPassHz = other.lowPassHz ?? o.lowPassHz
        o.startLevel = other.startLevel ?? o.startLevel
        o.minDepth = other.minDepth ?? o.minDepth
        o.returnFraction = other.returnFraction ?? o.returnFraction
        o.minRepDuration = other.minRepDuration ?? o.minRepDuration
        o.maxRepDuration = other.maxRepDuration ?? o.maxRepDuration
        o.minRepInterval = other.minRepInterval ?? o.minRepInterval
        o.confirmReps = other.confirmReps ?? o.confirmReps
        o.consistency = other.consistency ?? o.consistency
        o.setGap = other.setGap ?? o.setGap
        o.maxTurn = other.maxTurn ?? o.maxTurn
        return o
    }
}
