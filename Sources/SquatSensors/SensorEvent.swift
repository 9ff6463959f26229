import SquatCore

/// What a ``SensorStream`` delivers.
public enum SensorEvent: Sendable, Equatable {
    /// One calibrated, mount-corrected reading (seconds, m/s²).
    case sample(Sample)
    /// Samples were lost (evdev `SYN_DROPPED`, an IIO overrun): the next sample does not
    /// continue the previous one. The pipeline calls `SquatDetector.markGap()`.
    case gap
    /// The stream is over: nil when the device went away or the stream was closed, otherwise
    /// the error that ended it. Always the last event.
    case ended(SensorError?)
}
