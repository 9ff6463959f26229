import Logging

/// Finds the accelerometers on this machine through libudev: IIO devices first, then input
/// devices, each read by the first ``SensorKind`` that accepts it.
public struct SensorDiscovery: Sendable {
    public var settings: SensorSettings
    public var logger: Logger

    public init(settings: SensorSettings = .init(), logger: Logger = Logger(label: "squatd.sensors")) {
        self.settings = settings
        self.logger = logger
    }

    static let subsystems = ["iio", "input"]

    /// Every accelerometer present now, IIO before evdev, then by sysfs path.
    public func devices() throws(SensorError) -> [SensorDevice] {
        let records = try Udev().devices(subsystems: Self.subsystems)
        let found = records.compactMap { SampleSources.probe($0, settings: settings, logger: logger) }
        let order = Dictionary(uniqueKeysWithValues: SensorKind.allCases.enumerated().map { ($1, $0) })
        return found.sorted {
            (order[$0.kind]!, $0.identity.syspath) < (order[$1.kind]!, $1.identity.syspath)
        }
    }

    /// The device `query` names (see ``DeviceIdentity/matches(_:)``), or with no query the
    /// first one found.
    public func device(matching query: String?) throws(SensorError) -> SensorDevice {
        let all = try devices()
        if let query {
            guard let device = all.first(where: { $0.identity.matches(query) }) else { throw .noSuchDevice(query: query) }
            return device
        }
        guard let first = all.first(where: \.isAccessible) ?? all.first else { throw .noDevices }
        return first
    }
}
