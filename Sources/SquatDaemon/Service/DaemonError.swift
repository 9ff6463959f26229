/// Why `squatd run` could not start, or stopped with counts lost. Once it runs, nothing stops
/// it but a signal: a bad configuration on reload, a lost device or a missing sound card is
/// logged and lived with.
public enum DaemonError: Error, Sendable, CustomStringConvertible {
    /// The configuration file is missing (when named explicitly), unreadable or invalid.
    case configuration(ConfigError)
    /// The state directory cannot be opened or its files cannot be written.
    case state(StateError)
    /// Stopped (by a signal) with `count` counted reps that the state directory never took
    /// (a full disk to the end); `savedToday` is today's count on disk.
    case repsLost(count: Int, savedToday: Int)

    public var description: String {
        switch self {
        case .configuration(let error): "\(error)"
        case .state(let error): "\(error)"
        case .repsLost(let count, let saved):
            "stopped; \(count) rep\(count == 1 ? "" : "s") could not be saved and \(count == 1 ? "is" : "are") lost (saved today: \(saved))"
        }
    }
}
