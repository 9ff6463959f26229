/// The file formats ``RecordingReader`` recognises from their header line.
///
/// Every format is converted to what ``SquatCore/Sample`` holds: seconds, and m/s² of total
/// acceleration (+9.81 on the axis pointing up at rest, the convention of Linux IIO, Android,
/// phyphox and MEMS accelerometers alike). Columns are found by name, so their order and any
/// extra columns (gyroscope, absolute acceleration, a wall-clock time) do not matter.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// squatd's own format: header `t,ax,ay,az`, seconds and m/s².
    case recordingV1 = "recording v1"
    /// phyphox "Acceleration (with g)" export: `"Time (s)","Acceleration x (m/s^2)",…`.
    /// Columns in g (`(g)`) are converted with 9.80665 m/s² per g.
    case phyphoxAcceleration = "phyphox acceleration"
    /// phyphox "Linear Acceleration" (without g) export: `"Linear Acceleration x (m/s^2)",…`.
    ///
    /// Read as it is, but it is *not* total acceleration: the phone has already subtracted
    /// gravity, and gravity's direction cannot be recovered from the file. A detector that
    /// follows the tilt of a thigh or calf sees nothing in it; placements that move up and
    /// down (waist, head, chest) still see the motion. ``includesGravity`` is false so that
    /// commands can warn; record with "Acceleration (with g)" instead.
    case phyphoxLinearAcceleration = "phyphox linear acceleration"
    /// MbientLab MetaWear / MetaMotion CSV export:
    /// `epoch (ms),time (01:00),elapsed (s),x-axis (g),y-axis (g),z-axis (g)`.
    /// Time from `elapsed (s)`, else `epoch (ms)`; g converted with 9.80665 m/s² per g.
    case metaWear = "MetaWear"

    /// Whether the values include gravity, as ``SquatCore/Sample`` requires.
    public var includesGravity: Bool { self != .phyphoxLinearAcceleration }

    /// What a user should know before trusting counts from this format, if anything.
    public var caveat: String? {
        includesGravity ? nil
            : "phyphox linear acceleration has no gravity in it: profiles that follow the tilt of a limb (thigh, calf) cannot count it; record \"Acceleration (with g)\" instead"
    }

    /// Column names of recording v1, in the order the writer puts them.
    static let v1Columns = ["t", "ax", "ay", "az"]

    /// Standard gravity, m/s² per g (exact by definition).
    static let standardGravity = 9.80665
}
