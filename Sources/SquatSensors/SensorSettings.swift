/// How squatd finds and reads sensors.
public struct SensorSettings: Sendable, Equatable {
    /// Rate at which IIO devices without a usable buffer are polled, Hz.
    public var pollRate: Double
    /// The user's per-device settings, then ``DeviceOverride/builtIn``. Every entry that
    /// matches a device applies; for a field set by several, the earliest wins.
    public var overrides: [DeviceOverride]

    public init(pollRate: Double = 50, overrides: [DeviceOverride] = []) {
        self.pollRate = pollRate
        self.overrides = overrides
    }

    /// The overrides that apply to a device read as `kind`, merged.
    func override(for identity: DeviceIdentity, kind: SensorKind) -> DeviceOverride? {
        let matching = (overrides + DeviceOverride.builtIn).filter { $0.match.matches(identity, kind: kind) }
        guard var merged = matching.first else { return nil }
        for entry in matching.dropFirst() {
            merged.isAccelerometer = merged.isAccelerometer || entry.isAccelerometer
            merged.unitsPerG = merged.unitsPerG ?? entry.unitsPerG
            merged.axes = merged.axes ?? entry.axes
            merged.mountMatrix = merged.mountMatrix ?? entry.mountMatrix
            merged.rate = merged.rate ?? entry.rate
        }
        return merged
    }
}
