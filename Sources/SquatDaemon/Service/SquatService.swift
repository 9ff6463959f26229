import Foundation
import Logging
import ServiceLifecycle
import SquatSensors
import SquatSound
import UnixSignals

/// `squatd run`: follows the attached accelerometers, counts squats on each with that device's
/// settings, plays the sound, keeps the counts, and talks to systemd.
///
/// One task owns all bookkeeping (which devices are present, which are read, the configuration
/// in force) and handles one ``Control`` event at a time, so hotplug, reload and shutdown never
/// race each other. Each device is read by its own ``DevicePipeline``.
///
/// - SIGHUP reloads the configuration: systemd is told `RELOADING=1`, the file is read and
///   validated, and only a valid file replaces the one in force (a bad one is logged with its key
///   and line, and the old settings go on); then `READY=1`. A new sensitivity applies once the
///   set in progress has ended (no rep of it is lost); the day's counts are untouched.
/// - SIGTERM and SIGINT (through ``ServiceGroup``) stop it: `STOPPING=1`, every device closed
///   (IIO buffers disabled), confirmed reps saved, the last sounds played out.
public final class SquatService: Service, Sendable {
    private let options: DaemonOptions
    private let logger: Logger

    public init(options: DaemonOptions, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    public func run() async throws {
        let configuration: DaemonConfiguration
        do { configuration = try options.loadConfiguration(logger: logger) } catch {
            throw DaemonError.configuration(error)
        }
        let stateDirectory = options.stateDirectory(configured: configuration.state.directory)
        let store: CountStore
        do { store = try CountStore(directory: stateDirectory, logger: logger) } catch {
            throw DaemonError.state(error)
        }
        let notifier = ServiceNotifier(environment: options.environment)
        let counter = RepCounter(store: store, notifier: notifier, logger: logger)
        _ = counter.replaceSound(with: makeSound(configuration), goal: configuration.goal.daily)
        logger.info("squatd started", metadata: ["config": "\(options.configPath)", "state": "\(stateDirectory)"])

        let (events, control) = AsyncStream.makeStream(of: Control.self)
        // Trapped here, before READY=1, not inside the task: a reload sent as soon as systemd
        // saw the service ready would otherwise find SIGHUP's default action, which ends it.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let signals = Task {
            for await _ in hangups { control.yield(.reload) }
        }
        let watchdog = notifier.watchdogInterval.map { interval in
            Task {
                while !Task.isCancelled {
                    notifier.watchdog()
                    try? await Task.sleep(for: interval)
                }
            }
        }
        // The status line counts "today": start the new day at midnight even when no rep does.
        let midnight = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(min(LocalDay.secondsUntilTomorrow(), 3600)))
                counter.startNewDayIfDue()
            }
        }
        // Reps kept in memory while the store failed are written as soon as it works again,
        // not only with the next rep: a kill -9 meanwhile would lose them. Tried every
        // retryInterval only while some wait; an idle daemon is not woken for it.
        let saving = Task {
            for await _ in counter.savingFailed {
                while counter.hasUnsaved && !Task.isCancelled {
                    try? await Task.sleep(for: RepCounter.retryInterval)
                    counter.retrySaving()
                }
            }
        }
        let supervisor = Supervisor(configuration: configuration, options: options, counter: counter,
                                    control: control, logger: logger)
        await supervisor.startMonitor()
        notifier.ready(status: counter.statusLine)

        await cancelWhenGracefulShutdown {
            for await event in events {
                if case .reload = event {
                    notifier.reloading()
                    await supervisor.reload(makeSound: { self.makeSound($0) })
                    notifier.ready(status: counter.statusLine)
                } else {
                    await supervisor.handle(event)
                }
            }
        }

        notifier.stopping()
        logger.info("stopping")
        signals.cancel()
        watchdog?.cancel()
        midnight.cancel()
        saving.cancel()
        await supervisor.stopAll()
        counter.detachSound()?.shutdown()
        let lost = counter.saveBeforeExit()
        store.close()
        // What the journal holds, not what memory counted: a deleted state directory that
        // could not be created again took the reps written before with it.
        let saved = (try? CountStore.summary(directory: stateDirectory))?.total ?? 0
        // Exit status 74 then: a service manager or a script must see that counts were lost.
        guard lost == 0 else { throw DaemonError.repsLost(count: lost, savedToday: saved) }
        logger.info("stopped; counts saved", metadata: ["today": "\(saved)"])
    }

    /// The sound output for a configuration, nil when sound is off. A sound file that cannot be
    /// decoded is logged and the built-in sound played instead: a typo must not silence squatd.
    func makeSound(_ configuration: DaemonConfiguration) -> RepSoundOutput? {
        let settings = configuration.sound
        guard settings.enabled else { return nil }
        func clip(_ path: String?, default builtIn: SoundClip) -> SoundClip {
            guard let path else { return builtIn }
            do { return try SoundClip(contentsOfFile: path) } catch {
                logger.error("cannot use the sound file, playing the built-in sound: \(error)", metadata: ["path": "\(path)"])
                return builtIn
            }
        }
        return RepSoundOutput(
            configuration: .init(pcm: settings.pcm,
                                 repSound: clip(settings.repSound, default: .defaultRep),
                                 goalSound: clip(settings.goalSound, default: .defaultGoal),
                                 goal: configuration.goal.daily,
                                 maximumPlayers: settings.maximumPlayers),
            logger: logger)
    }
}

/// What the supervising task reacts to.
enum Control: Sendable {
    /// From the device monitor of generation `monitor` (a reload that changes how sensors are
    /// read starts a new monitor; events of the old one are ignored).
    case added(SensorDevice, monitor: Int)
    case removed(syspath: String, monitor: Int)
    /// SIGHUP.
    case reload
}
