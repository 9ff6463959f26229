/// Per-device sensor settings from the configuration, for what the kernel gets wrong or leaves out.
public struct DeviceOverride: Sendable, Equatable {
    /// Which devices this applies to.
    public var match: DeviceMatch
    /// Read this input device as an accelerometer although it has neither
    /// `INPUT_PROP_ACCELEROMETER` nor udev's `ID_INPUT_ACCELEROMETER=1`.
    public var isAccelerometer: Bool
    /// evdev units per g, for drivers that report no `absinfo.resolution`.
    public var unitsPerG: Double?
    /// Which evdev absolute axes carry x, y and z.
    public var axes: EvdevAxes?
    /// Used when neither udev nor sysfs provides a mount matrix.
    public var mountMatrix: MountMatrix?
    /// Samples per second wanted from an IIO device, Hz: its `sampling_frequency` is set to the
    /// lowest available value at or above this (else the highest), and a polled device is read
    /// at this rate instead of ``SensorSettings/pollRate``. Ignored for evdev, whose driver
    /// decides (a warning is logged).
    public var rate: Double?

    public init(match: DeviceMatch, isAccelerometer: Bool = false, unitsPerG: Double? = nil,
                axes: EvdevAxes? = nil, mountMatrix: MountMatrix? = nil, rate: Double? = nil) {
        self.match = match
        self.isAccelerometer = isAccelerometer
        self.unitsPerG = unitsPerG
        self.axes = axes
        self.mountMatrix = mountMatrix
        self.rate = rate
    }

    /// An override for the device that `query` names exactly, as `--device` does (see
    /// ``DeviceIdentity/matches(_:)``).
    public init(match query: String, isAccelerometer: Bool = false, unitsPerG: Double? = nil,
                axes: EvdevAxes? = nil, mountMatrix: MountMatrix? = nil, rate: Double? = nil) {
        self.init(match: DeviceMatch(query: query), isAccelerometer: isAccelerometer, unitsPerG: unitsPerG,
                  axes: axes, mountMatrix: mountMatrix, rate: rate)
    }

    /// Known drivers that need help, applied after the user's own overrides:
    /// lis3lv02d reports milli-g with no resolution; hid-wiimote reports on ABS_RX/RY/RZ
    /// with no resolution (about 100 units per g, centred on zero; calibrate with an override).
    public static let builtIn: [DeviceOverride] = [
        DeviceOverride(match: "ST LIS3LV02DL Accelerometer", unitsPerG: 1000),
        DeviceOverride(match: "Nintendo Wii Remote Accelerometer", unitsPerG: 100, axes: .rotational),
    ]
}
