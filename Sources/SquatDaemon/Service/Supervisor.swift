import Logging
import SquatSensors
import SquatSound

/// The bookkeeping of `squatd run`: which devices are present, which are read and with what
/// settings, and the configuration in force. Driven by one task, one ``Control`` event at a time.
actor Supervisor {
    private var configuration: DaemonConfiguration
    private let options: DaemonOptions
    private let counter: RepCounter
    private let control: AsyncStream<Control>.Continuation
    private let logger: Logger

    /// Devices the current monitor reported, by sysfs path: read or not (disabled).
    private var present: [String: SensorDevice] = [:]
    private var pipelines: [String: DevicePipeline] = [:]
    private var monitor: (generation: Int, task: Task<Void, Never>)?

    init(configuration: DaemonConfiguration, options: DaemonOptions, counter: RepCounter,
         control: AsyncStream<Control>.Continuation, logger: Logger) {
        self.configuration = configuration
        self.options = options
        self.counter = counter
        self.control = control
        self.logger = logger
    }

    /// Starts following devices with the configuration's sensor settings. Without udev (a
    /// container, an initramfs) it logs once and tries again every few seconds.
    func startMonitor() {
        monitor?.task.cancel()
        let generation = (monitor?.generation ?? 0) + 1
        let discovery = SensorDiscovery(settings: configuration.sensorSettings, logger: logger)
        let control = control, logger = logger
        let task = Task {
            var reported = false
            while !Task.isCancelled {
                do throws(SensorError) {
                    let monitor = try SensorMonitor(discovery: discovery)
                    if reported { logger.notice("udev is back; following sensors") }
                    if monitor.foundAtStart == 0 {
                        // Said once per monitor: otherwise a service started before its sensor
                        // is plugged in logs nothing after "squatd started".
                        logger.notice("no accelerometer found; waiting for one to be plugged in (`squatd devices` lists what squatd sees)")
                    }
                    for await change in monitor {
                        switch change {
                        case .added(let device): control.yield(.added(device, monitor: generation))
                        case .removed(let syspath): control.yield(.removed(syspath: syspath, monitor: generation))
                        }
                    }
                    monitor.stop()
                } catch {
                    if !reported { logger.error("cannot follow sensors, trying again: \(error)") }
                    reported = true
                }
                try? await Task.sleep(for: .seconds(5))
            }
        }
        monitor = (generation, task)
    }

    func handle(_ event: Control) async {
        switch event {
        case .added(let device, let generation) where generation == monitor?.generation:
            present[device.identity.syspath] = device
            await follow(device)
        case .removed(let syspath, let generation) where generation == monitor?.generation:
            guard let device = present.removeValue(forKey: syspath) else { return }
            if let pipeline = pipelines.removeValue(forKey: syspath) {
                await pipeline.stop()
                logger.notice("sensor removed", metadata: ["device": "\(device.identity.name)"])
                counter.devicesChanged(to: pipelines.count)
            }
        default:
            break
        }
    }

    /// Starts, updates or stops the pipeline of a present device to match the configuration.
    private func follow(_ device: SensorDevice) async {
        let syspath = device.identity.syspath
        let settings = configuration.settings(for: device)
        if let running = pipelines[syspath] {
            if running.device == device && running.sensorSettings.readAlike(device, as: configuration.sensorSettings) && settings.enabled {
                running.update(profile: settings.profile)
                return
            }
            await running.stop()
            pipelines[syspath] = nil
        }
        if settings.enabled {
            logger.notice("sensor found", metadata: [
                "device": "\(device.identity.name)", "node": "\(device.identity.node ?? syspath)",
                "placement": "\(settings.placement)", "sensitivity": "\(settings.sensitivity.value)",
            ])
            pipelines[syspath] = DevicePipeline(device: device, profile: settings.profile,
                                                sensorSettings: configuration.sensorSettings,
                                                counter: counter, logger: logger)
        } else {
            logger.info("sensor disabled in the configuration", metadata: ["device": "\(device.identity.name)"])
        }
        counter.devicesChanged(to: pipelines.count)
    }

    /// Reads the configuration again; keeps the one in force when the file is bad.
    func reload(makeSound: @Sendable (DaemonConfiguration) -> RepSoundOutput?) async {
        let new: DaemonConfiguration
        do { new = try options.loadConfiguration(logger: logger, reloading: true) } catch {
            logger.error("configuration rejected, keeping the one in force: \(error)")
            return
        }
        guard new != configuration else {
            logger.notice("configuration reloaded, nothing changed")
            return
        }
        let old = configuration
        configuration = new
        if new.sound != old.sound || new.goal != old.goal {
            counter.replaceSound(with: makeSound(new), goal: new.goal.daily)?.shutdown()
        }
        if new.sensorSettings != old.sensorSettings {
            // How devices are read changed (mount matrix, axes, rate, which input devices are
            // accelerometers): probe them all again. The new monitor reports every device present
            // under the new settings, and `follow` restarts the ones whose reading changed and
            // keeps the others. A pipeline whose device the new settings no longer find (no
            // longer an accelerometer, or unplugged meanwhile) would never hear of it again:
            // stop it now.
            // Quiet: the new monitor probes them again and logs what it finds wrong, once.
            var quiet = logger
            quiet.logLevel = .error
            let found = (try? SensorDiscovery(settings: new.sensorSettings, logger: quiet).devices())
                .map { Set($0.map(\.identity.syspath)) }
            for (syspath, pipeline) in pipelines where found.map({ !$0.contains(syspath) }) ?? false {
                await pipeline.stop()
                pipelines[syspath] = nil
                logger.notice("sensor no longer read", metadata: ["device": "\(pipeline.device.identity.name)"])
            }
            counter.devicesChanged(to: pipelines.count)
            present = [:]
            startMonitor()
        } else {
            for device in present.values { await follow(device) }
        }
        if new.state.directory != old.state.directory {
            logger.warning("[state] directory changes take effect at the next start")
        }
        logger.notice("configuration reloaded")
    }

    /// Stops following devices and stops every pipeline, saving what they had confirmed.
    func stopAll() async {
        monitor?.task.cancel()
        monitor = nil
        for pipeline in pipelines.values { await pipeline.stop() }
        pipelines = [:]
    }
}
