import Logging
import SquatCore
import SquatSensors
import Synchronization

/// Reads one device and counts its squats, from the moment it is added until it is removed or
/// squatd stops.
///
/// The device is opened on a reader thread of its own (``SensorStream``); this task only runs
/// the detector on what arrives, so it sleeps whenever the sensor is quiet. If the device
/// cannot be opened or stops delivering while udev still lists it (a permission not yet
/// granted, a driver hiccup, a Bluetooth controller out of range), the problem is logged once
/// and opening is retried with a growing delay, never a crash and never a log line per try.
final class DevicePipeline: Sendable {
    let device: SensorDevice
    /// How the device is read; a reload that reads it otherwise restarts the pipeline.
    let sensorSettings: SensorSettings
    /// The detector profile waiting to be applied; taken by the reading task at its next event,
    /// so a reload never races the detector.
    private let pendingProfile: Mutex<SquatProfile?>
    private let task: Mutex<Task<Void, Never>?>

    /// First and longest wait before the device is opened again.
    static let retryDelays: (first: Duration, longest: Duration) = (.milliseconds(500), .seconds(30))

    init(device: SensorDevice, profile: SquatProfile, sensorSettings: SensorSettings,
         counter: RepCounter, logger: Logger) {
        self.device = device
        self.sensorSettings = sensorSettings
        self.pendingProfile = Mutex(nil)
        self.task = Mutex(nil)
        var logger = logger
        logger[metadataKey: "device"] = "\(device.identity.node ?? device.identity.syspath)"
        // The task holds the pipeline until it ends, which `stop()` waits for.
        let task = Task {
            await self.read(profile: profile, sensorSettings: sensorSettings, counter: counter, logger: logger)
        }
        self.task.withLock { $0 = task }
    }

    /// Applies a new placement, sensitivity or thresholds once the set in progress has ended
    /// (``SquatDetector/isBetweenSets``: no rep of it is lost), else from the next sample on.
    /// The day's count lives in the store and is not touched.
    func update(profile: SquatProfile) {
        pendingProfile.withLock { $0 = profile }
    }

    /// Stops reading (the stream closes the device: an IIO buffer is disabled) and returns once
    /// the reps the detector had already confirmed are counted.
    func stop() async {
        guard let task = task.withLock({ $0 }) else { return }
        task.cancel()
        await task.value
    }

    private static func describe(_ profile: SquatProfile, _ kind: SensorKind) -> Logger.Metadata {
        ["placement": "\(profile.placement)", "sensitivity": "\(profile.sensitivity.value)", "kind": "\(kind.rawValue)"]
    }

    private func read(profile: SquatProfile, sensorSettings: SensorSettings, counter: RepCounter, logger: Logger) async {
        var detector = SquatDetector(profile: profile)
        var delay = Self.retryDelays.first
        // A problem is logged once per outage, which ends only when samples flow again: a device
        // that opens but fails at once is not logged on every try.
        var inOutage = false
        while !Task.isCancelled {
            do throws(SensorError) {
                let stream = try SensorStream.open(device, settings: sensorSettings, logger: logger)
                // Released before a retry opens it again, and before squatd exits.
                defer { stream.close() }
                if !inOutage {
                    logger.info("counting squats", metadata: Self.describe(detector.profile, device.kind))
                }
                detector.markGap()
                for await event in stream {
                    // Between sets only: a set's reps wait for the third alike, and a new
                    // detector would drop them (a reload in the third rep of a set of 8 lost 3).
                    if detector.isBetweenSets, let profile = pendingProfile.withLock({ $0.take() }), profile != detector.profile {
                        detector = SquatDetector(profile: profile)
                        logger.info("settings changed", metadata: Self.describe(profile, device.kind))
                    }
                    switch event {
                    case .sample(let sample):
                        if inOutage {
                            logger.notice("reading again", metadata: Self.describe(detector.profile, device.kind))
                            inOutage = false
                            counter.deviceDelivers(true, syspath: device.identity.syspath)
                            delay = Self.retryDelays.first
                        }
                        if let rep = detector.step(sample) { counter.count(rep, on: device) }
                    case .gap:
                        detector.markGap()
                    case .ended(let error?):
                        throw error
                    case .ended(nil):
                        break
                    }
                }
                // Ended without an error: closed (we are stopping) or the device went away, in
                // which case the monitor's `removed` stops this pipeline (and says so); until
                // then, retry, as an outage: a driver that fails reads while udev still lists the
                // device (an I2C sensor after resume) would otherwise log "counting squats" on
                // every try. A device that went away is no news yet: udev's removal normally
                // follows at once; if reopening it fails instead, that failure is logged.
                if !Task.isCancelled && !stream.deviceWentAway {
                    if !inOutage {
                        logger.notice("the sensor stopped delivering samples; opening it again")
                        counter.deviceDelivers(false, syspath: device.identity.syspath)
                    }
                    inOutage = true
                }
            } catch {
                if !inOutage {
                    logger.warning("cannot read the sensor, trying again in the background: \(error)")
                    counter.deviceDelivers(false, syspath: device.identity.syspath)
                }
                inOutage = true
            }
            while let rep = detector.flush() { counter.count(rep, on: device) }
            guard !Task.isCancelled else { break }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, Self.retryDelays.longest)
        }
        while let rep = detector.flush() { counter.count(rep, on: device) }
        counter.deviceDelivers(true, syspath: device.identity.syspath)
    }
}
