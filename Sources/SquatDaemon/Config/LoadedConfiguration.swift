/// A configuration that passed validation, with what was ignored on the way.
public struct LoadedConfiguration: Sendable {
    public var configuration: DaemonConfiguration
    /// In file order (by line).
    public var warnings: [ConfigWarning]

    public init(configuration: DaemonConfiguration, warnings: [ConfigWarning] = []) {
        self.configuration = configuration
        self.warnings = warnings
    }
}
