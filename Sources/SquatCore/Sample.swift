/// One accelerometer reading, as the detector consumes it.
///
/// Units are those of a Linux IIO accelerometer: `t` in seconds on any monotonic clock (only
/// differences matter), and `x`, `y`, `z` the *total* acceleration in m/s², so a sensor at rest
/// reads about +9.81 on the axis that points up. A plain value type of four doubles so that the
/// hot path never allocates.
public struct Sample: Sendable, Equatable {
    /// Time in seconds. Must not go backwards within one stream.
    public var t: Double
    /// Acceleration along the sensor's x axis, m/s².
    public var x: Double
    /// Acceleration along the sensor's y axis, m/s².
    public var y: Double
    /// Acceleration along the sensor's z axis, m/s².
    public var z: Double

    @inlinable
    public init(t: Double, x: Double, y: Double, z: Double) {
        self.t = t
        self.x = x
        self.y = y
        self.z = z
    }

    /// Length of the acceleration vector, m/s².
    @inlinable
    public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}
