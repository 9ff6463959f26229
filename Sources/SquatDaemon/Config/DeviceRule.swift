import SquatSensors

/// One `[[device]]` table: which devices it is for and the settings it changes for them.
public struct DeviceRule: Sendable, Equatable {
    /// `[device.match]`.
    public var match: DeviceMatch
    /// The settings the table sets, applied over `[defaults]`.
    public var changes: DeviceSettings.Changes
    /// Its position among the `[[device]]` tables, from 1, as in `device[2]`.
    public var index: Int
    /// The line of its `[[device]]` header, for messages.
    public var line: Int?

    public init(match: DeviceMatch, changes: DeviceSettings.Changes = .init(), index: Int, line: Int? = nil) {
        self.match = match
        self.changes = changes
        self.index = index
        self.line = line
    }

    /// `device[2]`.
    public var keyPath: String { "device[\(index)]" }
}
