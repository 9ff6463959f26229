#if canImport(Glibc)
import Glibc
#endif
import SquatSensors
import SystemPackage
import TOMLKit

/// The daemon's configuration file, `/etc/squatd/squatd.toml`, decoded and validated.
///
/// Sections: `[sound]`, `[goal]`, `[state]`, `[sensors]`, `[defaults]` (settings for every
/// device) and any number of `[[device]]` tables, each with a `[device.match]` table saying
/// which devices it is for and the settings it changes for them. A device gets `[defaults]`
/// with its first matching `[[device]]` on top; later matching rules are ignored for it. A
/// file that does not validate is rejected whole, with the key and line at fault; unknown keys
/// and tables are reported as warnings and ignored. `systemd/squatd.toml` documents every key.
public struct DaemonConfiguration: Sendable, Equatable {
    public static let defaultPath: FilePath = "/etc/squatd/squatd.toml"

    /// Files larger than this are refused unread: no configuration comes near it, and a path
    /// such as `/dev/zero` would otherwise be read until memory runs out.
    static let maximumFileSize = 1 << 20

    public var sound = SoundSettings()
    public var goal = GoalSettings()
    public var state = StateSettings()
    public var sensors = SensorsSettings()
    /// `[defaults]`: the settings of a device no rule matches, and the base a rule changes.
    public var defaults = DeviceSettings()
    /// `[[device]]` in file order; the first that matches a device applies.
    public var devices: [DeviceRule] = []

    /// Everything at its default: what squatd runs with when there is no file.
    public init() {}

    /// Reads and validates the file at `path`, opened by the bytes it was named with (they need
    /// not be UTF-8). A missing file is ``ConfigError/Problem/fileNotFound`` (callers running
    /// without a file fall back to ``init()``); a directory and a file larger than 1 MiB are
    /// ``ConfigError/Problem/unreadable(reason:)``, one that is not UTF-8 text is
    /// ``ConfigError/Problem/notUTF8`` (an invalid file, like bad TOML). A pipe is read
    /// to its end, so `--config <(generate)` works.
    public static func load(path: FilePath) throws(ConfigError) -> LoadedConfiguration {
        let fd = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            let code = errno
            throw ConfigError(path: path, problem: code == ENOENT ? .fileNotFound : .unreadable(reason: String(cString: strerror(code))))
        }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw ConfigError(path: path, problem: .unreadable(reason: "is a directory"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ConfigError(path: path, problem: .unreadable(reason: String(cString: strerror(code))))
            }
            bytes += chunk[..<count]
            if bytes.count > maximumFileSize {
                throw ConfigError(path: path, problem: .unreadable(reason: "larger than \(maximumFileSize >> 20) MiB"))
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(path: path, line: lineOfFirstInvalidUTF8(bytes), problem: .notUTF8)
        }
        return try parse(text, path: path)
    }

    /// The 1-based line of the first byte of `bytes` that is not part of valid UTF-8.
    private static func lineOfFirstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput, .error: break loop
            }
        }
        return 1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// Validates `text`; `path` is used in messages. Sound files it names are looked up, to
    /// warn when they do not exist.
    public static func parse(_ text: String, path: FilePath) throws(ConfigError) -> LoadedConfiguration {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, problem: .syntax(error.description))
        } catch {
            throw ConfigError(path: path, problem: .syntax("\(error)"))
        }
        let context = ConfigContext(path: path, text: text)
        let configuration = try DaemonConfiguration(decoding: TableReader(table, keyPath: "", context: context))
        let warnings = context.warnings.enumerated()
            .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        return LoadedConfiguration(configuration: configuration, warnings: warnings)
    }

    /// The first `[[device]]` that matches the device, if any.
    public func rule(for device: SensorDevice) -> DeviceRule? {
        devices.first { $0.match.matches(device) }
    }

    /// Effective settings for a device: defaults, then the first matching rule's fields.
    public func settings(for device: SensorDevice) -> DeviceSettings {
        rule(for: device).map { defaults.applying($0.changes) } ?? defaults
    }

    /// For ``SensorDiscovery`` and ``SensorStream``: the poll rate, and one ``DeviceOverride``
    /// per `[[device]]` table in file order, then one for every device from `[defaults]`.
    ///
    /// The sensor layer applies the first override that matches, so each device gets the
    /// sensor-level fields of the same table as ``settings(for:)`` gives it: a table that sets
    /// none still claims its devices (they get `[defaults]`' fields), and a later table never
    /// adds its fields to them. Trailing overrides that set nothing are left out.
    public var sensorSettings: SensorSettings {
        let tables = devices.map { (match: $0.match, settings: defaults.applying($0.changes)) }
            + [(match: DeviceMatch(), settings: defaults)]
        let used = tables.lastIndex { $0.settings.hasSensorFields }.map { tables[...$0] } ?? []
        return SensorSettings(pollRate: sensors.pollRate, overrides: used.map { Self.override($0.match, $0.settings) })
    }

    private static func override(_ match: DeviceMatch, _ s: DeviceSettings) -> DeviceOverride {
        DeviceOverride(match: match, isAccelerometer: s.accelerometer, unitsPerG: s.unitsPerG, axes: s.axes,
                       mountMatrix: s.mountMatrix, rate: s.rateHz)
    }
}
