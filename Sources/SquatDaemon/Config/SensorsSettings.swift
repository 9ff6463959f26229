/// `[sensors]`: settings for every sensor.
public struct SensorsSettings: Sendable, Equatable {
    /// `poll_rate_hz`: how often IIO devices without a usable buffer are read, Hz (a
    /// `[[device]]` `rate_hz` overrides it per device).
    public var pollRate: Double = 50

    /// Accepted `poll_rate_hz` and `rate_hz`, Hz.
    public static let rateLimit = 1000.0

    public init() {}
}
