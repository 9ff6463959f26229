/// Why `squatd run` could not start. Once it runs, nothing stops it but a signal: a bad
/// configuration on reload, a lost device or a missing sound card is logged and lived with.
public enum DaemonError: Error, Sendable, CustomStringConvertible {
    /// The configuration file is missing (when named explicitly), unreadable or invalid.
    case configuration(ConfigError)
    /// The state directory cannot be opened or its files cannot be written.
    case state(StateError)

    public var description: String {
        switch self {
        case .configuration(let error): "\(error)"
        case .state(let error): "\(error)"
        }
    }
}
