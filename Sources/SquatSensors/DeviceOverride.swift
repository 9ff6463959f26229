/// Per-device settings from the configuration, for what the kernel gets wrong or leaves out.
public struct DeviceOverride: Sendable, Equatable {
    /// Which device: matched like `--device` (see ``DeviceIdentity/matches(_:)``).
    public var match: String
    /// Read this input device as an accelerometer although it has neither
    /// `INPUT_PROP_ACCELEROMETER` nor udev's `ID_INPUT_ACCELEROMETER=1`.
    public var isAccelerometer: Bool
    /// evdev units per g, for drivers that report no `absinfo.resolution`.
    public var unitsPerG: Double?
    /// Which evdev absolute axes carry x, y and z.
    public var axes: EvdevAxes?
    /// Used when neither udev nor sysfs provides a mount matrix.
    public var mountMatrix: MountMatrix?

    public init(match: String, isAccelerometer: Bool = false, unitsPerG: Double? = nil,
                axes: EvdevAxes? = nil, mountMatrix: MountMatrix? = nil) {
        self.match = match
        self.isAccelerometer = isAccelerometer
        self.unitsPerG = unitsPerG
        self.axes = axes
        self.mountMatrix = mountMatrix
    }

    /// Known drivers that need help, applied after the user's own overrides:
    /// lis3lv02d reports milli-g with no resolution; hid-wiimote reports on ABS_RX/RY/RZ
    /// with no resolution (about 100 units per g, centred on zero; calibrate with an override).
    public static let builtIn: [DeviceOverride] = [
        DeviceOverride(match: "ST LIS3LV02DL Accelerometer", unitsPerG: 1000),
        DeviceOverride(match: "Nintendo Wii Remote Accelerometer", unitsPerG: 100, axes: .rotational),
    ]
}

/// evdev absolute-axis codes (`ABS_*`) that carry the x, y and z acceleration.
public struct EvdevAxes: Sendable, Equatable, Codable {
    public var x: UInt32
    public var y: UInt32
    public var z: UInt32

    public init(x: UInt32, y: UInt32, z: UInt32) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// ABS_X, ABS_Y, ABS_Z: what accelerometers use.
    public static let standard = EvdevAxes(x: 0x00, y: 0x01, z: 0x02)
    /// ABS_RX, ABS_RY, ABS_RZ: what hid-wiimote uses for its accelerometer.
    public static let rotational = EvdevAxes(x: 0x03, y: 0x04, z: 0x05)
}

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
