import Logging
import SquatCore
import SquatSensors
import SquatSound
import Synchronization

/// Where every counted rep goes, in order of importance: the count store first (durable when
/// it returns, so a crash a moment later loses nothing), then the sound, the log and systemd's
/// status line.
///
/// Shared by all device pipelines; each call takes one lock briefly. If the store cannot be
/// written (disk full, directory gone), reps are kept in memory, the failure is logged once, and
/// they are written with the next rep or the next ``retrySaving()`` that can (the service calls
/// it every ``retryInterval``, so a `kill -9` after the disk has room again loses nothing), and
/// that it works again is logged once: counting and sound never stop for it.
///
/// "Today" is the wearer's calendar day (``LocalDay``); the status line starts a new one at the
/// first rep or device change of the day, or when ``startNewDayIfDue()`` is called (the service
/// calls it at midnight, so an idle evening does not show yesterday's count all night).
final class RepCounter: Sendable {
    private struct State {
        var sound: RepSoundOutput?
        var goal: Int?
        var devices = 0
        /// Devices read but not delivering samples (an outage the pipeline is retrying), by sysfs path.
        var notDelivering: Set<String> = []
        var today: DaySummary
        /// Reps counted while the store could not be written, oldest first.
        var unsaved: [(device: String, day: LocalDay)] = []
    }

    private let store: CountStore
    private let notifier: ServiceNotifier
    private let logger: Logger
    private let state: Mutex<State>
    /// Yields when reps start waiting in memory (a save failed with none waiting before), for
    /// the service's retry loop to run until they are written: no timer wakes an idle daemon.
    let savingFailed: AsyncStream<Void>
    private let savingFailedContinuation: AsyncStream<Void>.Continuation
    /// The day it is now (the wall clock's, except in tests).
    private let today: @Sendable () -> LocalDay

    init(store: CountStore, notifier: ServiceNotifier, logger: Logger,
         today: @escaping @Sendable () -> LocalDay = { LocalDay.today() }) {
        self.store = store
        self.notifier = notifier
        self.logger = logger
        self.today = today
        self.state = Mutex(State(today: store.summary(for: today())))
        (savingFailed, savingFailedContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Whether reps are waiting in memory for the store to take them.
    var hasUnsaved: Bool { state.withLock { !$0.unsaved.isEmpty } }

    /// How often reps kept in memory are written again while the store cannot take them.
    static let retryInterval: Duration = .seconds(2)

    /// Counts one rep seen on `device`.
    func count(_ rep: Rep, on device: SensorDevice) {
        let key = device.identity.stateKey
        let day = today()
        let status: String = state.withLock { state in
            let behind = state.unsaved.count
            state.unsaved.append((key, day))
            do {
                try save(&state)
                if behind > 0 { logSavingWorksAgain(wrote: behind + 1) }
            } catch {
                if state.unsaved.count == 1 {
                    savingFailedContinuation.yield()
                    logger.error("cannot save counts, keeping them in memory until it works again: \(error)")
                }
                state.today = Self.adding(state.unsaved, to: store.summary(for: day))
            }
            state.sound?.repCounted(total: state.today.total)
            let mine = state.today.counts[key, default: 0]
            logger.info("squat counted", metadata: [
                "device": "\(device.identity.name)", "today": "\(mine)", "total": "\(state.today.total)",
                "duration": "\(Self.twoDecimals(rep.duration))", "depth": "\(Self.twoDecimals(rep.amplitude))",
            ])
            return Self.statusLine(state)
        }
        notifier.status(status)
    }

    /// Writes the reps kept in memory, oldest first, as far as the store takes them.
    private func save(_ state: inout State) throws(StateError) {
        while let next = state.unsaved.first {
            state.today = try store.recordRep(device: next.device, day: next.day)
            state.unsaved.removeFirst()
        }
    }

    /// Writes the reps kept in memory if the store takes them now (and says so, once); does
    /// nothing when there are none.
    func retrySaving() {
        let status: String? = state.withLock { state in
            let behind = state.unsaved.count
            guard behind > 0, (try? save(&state)) != nil else { return nil }
            logSavingWorksAgain(wrote: behind)
            return Self.statusLine(state)
        }
        if let status { notifier.status(status) }
    }

    private func logSavingWorksAgain(wrote count: Int) {
        logger.notice("saving counts works again: wrote the \(count) rep\(count == 1 ? "" : "s") kept in memory")
    }

    /// At exit: one more try at writing the reps kept in memory (the store may have come back
    /// since the last rep, which would have written them). Returns how many are still unsaved,
    /// which the caller logs as lost: an exit must not say "counts saved" over them.
    func saveBeforeExit() -> Int {
        state.withLock { state in
            try? save(&state)
            return state.unsaved.count
        }
    }

    /// Sound and goal from a new configuration; returns the output it replaces, for the caller
    /// to shut down (that blocks until its last sound ends, so not under this lock). The new
    /// output is told today's count, so a goal reached before a restart or a reload is not
    /// announced again with the next rep.
    func replaceSound(with sound: RepSoundOutput?, goal: Int?) -> RepSoundOutput? {
        let status: String
        let old: RepSoundOutput?
        (old, status) = state.withLock { state in
            let old = state.sound
            sound?.resume(from: state.today.total)
            state.sound = sound
            state.goal = goal
            return (old, Self.statusLine(state))
        }
        notifier.status(status)
        return old
    }

    /// The pipeline of the device at `syspath` is in an outage (opened or read with no samples
    /// coming, retrying) or out of one (samples flow again, or it stopped reading the device).
    func deviceDelivers(_ delivering: Bool, syspath: String) {
        let status: String? = state.withLock { state in
            let changed = delivering ? state.notDelivering.remove(syspath) != nil : state.notDelivering.insert(syspath).inserted
            return changed ? Self.statusLine(state) : nil
        }
        if let status { notifier.status(status) }
    }

    /// At exit: the sound output, for the caller to shut down; the goal stays in the status line.
    func detachSound() -> RepSoundOutput? {
        state.withLock { state in
            defer { state.sound = nil }
            return state.sound
        }
    }

    /// The number of devices being read changed.
    func devicesChanged(to count: Int) {
        let status = state.withLock { state in
            state.devices = count
            startNewDayIfDue(&state)
            return Self.statusLine(state)
        }
        notifier.status(status)
    }

    /// Shows a new day's count (0, or what another process already saved) in the status line
    /// once the calendar day has changed; does nothing before that.
    func startNewDayIfDue() {
        let status: String? = state.withLock { state in
            startNewDayIfDue(&state) ? Self.statusLine(state) : nil
        }
        if let status { notifier.status(status) }
    }

    @discardableResult
    private func startNewDayIfDue(_ state: inout State) -> Bool {
        let now = today()
        guard state.today.day != now else { return false }
        state.today = Self.adding(state.unsaved, to: store.summary(for: now))
        return true
    }

    /// systemd's one-line status: today's count, the goal, how many devices deliver samples and
    /// how many are read without (retrying), and reps not yet saved.
    var statusLine: String { state.withLock { Self.statusLine($0) } }

    private static func statusLine(_ state: State) -> String {
        var line = "\(state.today.total) squat\(state.today.total == 1 ? "" : "s") today"
        if let goal = state.goal { line += " of \(goal)" }
        let counting = max(0, state.devices - state.notDelivering.count)
        line += ", \(counting) sensor\(counting == 1 ? "" : "s") counting"
        if !state.notDelivering.isEmpty { line += ", \(state.notDelivering.count) not delivering samples" }
        if !state.unsaved.isEmpty { line += ", \(state.unsaved.count) not yet saved" }
        return line
    }

    private static func adding(_ unsaved: [(device: String, day: LocalDay)], to summary: DaySummary) -> DaySummary {
        var summary = summary
        for rep in unsaved where rep.day == summary.day {
            summary.counts[rep.device, default: 0] += 1
            summary.total += 1
        }
        return summary
    }

    private static func twoDecimals(_ value: Double) -> String {
        String(Double(Int((value * 100).rounded())) / 100)
    }
}
