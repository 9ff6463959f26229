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
