/// How squatd finds and reads sensors.
public struct SensorSettings: Sendable, Equatable {
    /// Rate at which IIO devices without a usable buffer are polled, Hz.
    public var pollRate: Double
    /// The user's per-device settings, in order: the first that matches a device applies, as
    /// the first matching `[[device]]` table does in the daemon's configuration. Then
    /// ``DeviceOverride/builtIn`` fills in what it leaves unset.
    public var overrides: [DeviceOverride]

    public init(pollRate: Double = 50, overrides: [DeviceOverride] = []) {
        self.pollRate = pollRate
        self.overrides = overrides
    }

    /// Whether `other` reads `device` as these settings do: the same override applies to it
    /// (and, for a polled device, the same poll rate). A device's probe shows what sysfs holds
    /// now, not what was asked of it (a buffer's sampling frequency set by the last open), so
    /// only this tells that a reload changed how a device must be read.
    public func readAlike(_ device: SensorDevice, as other: SensorSettings) -> Bool {
        override(for: device.identity, kind: device.kind) == other.override(for: device.identity, kind: device.kind)
            && (device.kind != .iioPoll || pollRate == other.pollRate)
    }

    /// The override that applies to a device read as `kind`: the user's first match, with the
    /// fields it leaves unset taken from the matching built-in ones.
    func override(for identity: DeviceIdentity, kind: SensorKind) -> DeviceOverride? {
        let user = overrides.first { $0.match.matches(identity, kind: kind) }
        let builtIn = DeviceOverride.builtIn.filter { $0.match.matches(identity, kind: kind) }
        guard var merged = user ?? builtIn.first else { return nil }
        for entry in builtIn {
            merged.isAccelerometer = merged.isAccelerometer || entry.isAccelerometer
            merged.unitsPerG = merged.unitsPerG ?? entry.unitsPerG
            merged.axes = merged.axes ?? entry.axes
            merged.mountMatrix = merged.mountMatrix ?? entry.mountMatrix
            merged.rate = merged.rate ?? entry.rate
        }
        return merged
    }
}
