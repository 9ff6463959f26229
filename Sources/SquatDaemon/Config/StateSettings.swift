/// `[state]`: where counts are kept.
public struct StateSettings: Sendable, Equatable {
    /// `directory`: absolute path of the state directory. `--state-dir` wins over it; nil to use
    /// `$STATE_DIRECTORY` (set by systemd's `StateDirectory=`), else `/var/lib/squatd`
    /// (``DaemonOptions/stateDirectory(configured:)`` decides).
    public var directory: String?

    public init() {}
}
