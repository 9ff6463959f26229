import Logging

/// A device appearing or disappearing.
public enum SensorChange: Sendable, Equatable {
    /// An accelerometer is present (at start, or plugged in later).
    case added(SensorDevice)
    /// A device reported by ``added(_:)`` is gone; its stream ends on its own.
    /// Identified by ``DeviceIdentity/syspath``.
    case removed(syspath: String)
}

/// Follows accelerometers as they come and go: the devices present when it starts, then
/// every udev add and remove of the `iio` and `input` subsystems, read on a dedicated thread
/// that sleeps in `poll` on the udev monitor socket. Ends when ``stop()`` is called or the
/// iteration is cancelled.
public final class SensorMonitor: AsyncSequence, Sendable {
    public typealias Element = SensorChange
    public typealias AsyncIterator = AsyncStream<SensorChange>.Iterator

    /// How many accelerometers were present when monitoring started (reported first, as
    /// `.added`): 0 tells a service to say that it is waiting for one.
    public let foundAtStart: Int

    private let changes: AsyncStream<SensorChange>
    private let thread: ReaderThread

    /// Starts monitoring, then reports the devices already present as `.added`.
    public init(discovery: SensorDiscovery = SensorDiscovery()) throws(SensorError) {
        let udev = try Udev()
        let monitor = try Udev.Monitor(udev, subsystems: SensorDiscovery.subsystems)
        let (changes, continuation) = AsyncStream.makeStream(of: SensorChange.self)
        let state = MonitorState(discovery: discovery, udev: udev)
        // Monitor first, enumerate second: a device added in between is seen twice, never missed.
        var found = 0
        for record in try udev.devices(subsystems: SensorDiscovery.subsystems) {
            if let change = state.handle(record) {
                continuation.yield(change)
                found += 1
            }
        }
        foundAtStart = found
        thread = try ReaderThread(
            name: "squatd-udev-monitor",
            descriptors: [monitor.fileDescriptor],
            body: { _, _ in
                while let record = monitor.receive() {
                    if let change = state.handle(record) { continuation.yield(change) }
                }
                return true
            },
            finish: { _ in
                _ = monitor
                continuation.finish()
            })
        self.changes = changes
        continuation.onTermination = { [weak thread] _ in thread?.stop() }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        changes.makeAsyncIterator()
    }

    public func stop() {
        thread.stop()
    }
}

/// Which syspaths were reported as added; touched by one thread at a time (the creator,
/// then the monitor thread).
private final class MonitorState: @unchecked Sendable {
    let discovery: SensorDiscovery
    let udev: Udev
    var present: Set<String> = []

    init(discovery: SensorDiscovery, udev: Udev) {
        self.discovery = discovery
        self.udev = udev
    }

    func handle(_ record: UdevRecord) -> SensorChange? {
        switch record.action {
        case "remove":
            guard present.remove(record.syspath) != nil else { return nil }
            return .removed(syspath: record.syspath)
        case nil, "add", "change", "bind":
            // An event carries what udevd sent; the database (hwdb ACCEL_MOUNT_MATRIX,
            // ID_INPUT_ACCELEROMETER) is read afresh.
            var current = record
            if record.action != nil, let fresh = udev.device(syspath: record.syspath) {
                current.properties = fresh.properties.merging(record.properties) { old, _ in old }
            }
            guard !present.contains(record.syspath),
                  let device = SampleSources.probe(current, settings: discovery.settings, logger: discovery.logger)
            else { return nil }
            present.insert(record.syspath)
            return .added(device)
        default:
            return nil
        }
    }
}
