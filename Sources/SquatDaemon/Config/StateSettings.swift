/// `[state]`: where counts are kept.
public struct StateSettings: Sendable, Equatable {
    /// `directory`: absolute path of the state directory; nil to use `$STATE_DIRECTORY`
    /// (set by systemd's `StateDirectory=`) or `--state-dir`.
    public var directory: String?

    public init() {}
}
