/// How squatd finds and reads sensors.
public struct SensorSettings: Sendable {
    /// Rate at which IIO devices without a usable buffer are polled, Hz.
    public var pollRate: Double
    /// The user's per-device settings, then ``DeviceOverride/builtIn``. Every entry that
    /// matches a device applies; for a field set by several, the earliest wins.
    public var overrides: [DeviceOverride]

    public init(pollRate: Double = 50, overrides: [DeviceOverride] = []) {
        self.pollRate = pollRate
        self.overrides = overrides
    }

    func override(for identity: DeviceIdentity) -> DeviceOverride? {
        let matching = (overrides + DeviceOverride.builtIn).filter { identity.matches($0.match) }
        guard var merged = matching.first else { return nil }
        for entry in matching.dropFirst() {
            merged.isAccelerometer = merged.isAccelerometer || entry.isAccelerometer
            merged.unitsPerG = merged.unitsPerG ?? entry.unitsPerG
            merged.axes = merged.axes ?? entry.axes
            merged.mountMatrix = merged.mountMatrix ?? entry.mountMatrix
        }
        return merged
    }
}
