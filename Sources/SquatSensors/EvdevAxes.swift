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
