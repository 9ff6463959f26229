#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which devices a configuration entry applies to.
///
/// Every field that is set must match; a field the device lacks (no `ID_SERIAL`, no node)
/// never matches. Text fields are shell globs compared with `fnmatch(3)` and no flags: `*`,
/// `?` and `[...]` as in the shell, `*` also crossing `/`, case-sensitive; text without those
/// characters must be equal. So `name = "*DualSense*Motion*"` picks a DualSense's motion
/// sensor wherever it is plugged in, and `id_path = "platform-*"` the built-in sensors.
public struct DeviceMatch: Sendable, Equatable, CustomStringConvertible {
    /// Glob on the driver's name (``DeviceIdentity/name``).
    public var name: String?
    /// Glob on udev `ID_PATH` (``DeviceIdentity/idPath``).
    public var idPath: String?
    /// Glob on udev `ID_SERIAL` (``DeviceIdentity/idSerial``).
    public var idSerial: String?
    /// Glob on the device node (`/dev/input/event5`, `/dev/iio:device0`).
    public var node: String?
    /// How the device is read.
    public var kind: SensorKind?
    /// Exact text equal to any one identity field, the way `--device` names a device
    /// (see ``DeviceIdentity/matches(_:)``).
    public var query: String?

    public init(name: String? = nil, idPath: String? = nil, idSerial: String? = nil, node: String? = nil,
                kind: SensorKind? = nil) {
        self.name = name
        self.idPath = idPath
        self.idSerial = idSerial
        self.node = node
        self.kind = kind
    }

    /// Matches the device that `query` names exactly, as `--device` does.
    public init(query: String) {
        self.query = query
    }

    /// True when no field is set. An empty match would apply to every device, which is what
    /// the configuration's defaults are for, so the configuration rejects it.
    public var isEmpty: Bool {
        name == nil && idPath == nil && idSerial == nil && node == nil && kind == nil && query == nil
    }

    /// Whether every field that is set matches the device read as `kind`.
    public func matches(_ identity: DeviceIdentity, kind: SensorKind) -> Bool {
        if let wanted = self.kind, wanted != kind { return false }
        if let query, !identity.matches(query) { return false }
        return Self.glob(name, matches: identity.name) && Self.glob(idPath, matches: identity.idPath)
            && Self.glob(idSerial, matches: identity.idSerial) && Self.glob(node, matches: identity.node)
    }

    public func matches(_ device: SensorDevice) -> Bool {
        matches(device.identity, kind: device.kind)
    }

    /// True for no pattern; false when the pattern is set and the value is absent.
    private static func glob(_ pattern: String?, matches value: String?) -> Bool {
        guard let pattern else { return true }
        guard let value else { return false }
        return fnmatch(pattern, value, 0) == 0
    }

    /// The set fields in configuration syntax: `name = "*DualSense*", kind = "evdev"`.
    public var description: String {
        var parts: [String] = []
        if let query { parts.append("device = \"\(query)\"") }
        if let name { parts.append("name = \"\(name)\"") }
        if let idPath { parts.append("id_path = \"\(idPath)\"") }
        if let idSerial { parts.append("id_serial = \"\(idSerial)\"") }
        if let node { parts.append("node = \"\(node)\"") }
        if let kind { parts.append("kind = \"\(kind.rawValue)\"") }
        return parts.isEmpty ? "any device" : parts.joined(separator: ", ")
    }
}
