import DeviceTestSupport
import Foundation
import Logging
import SquatCore
import SquatSensors
import Synchronization
import SystemPackage
import Testing
@testable import SquatDaemon

/// What a counted rep leaves behind (the saved count and systemd's status line), and the status
/// line's "today" moving on at midnight without a rep to move it.
@Suite struct RepCounterTests {
    let dir = ScratchDirectory()
    let device = SensorDevice(kind: .iioBuffer, identity: DeviceIdentity(name: "accel", syspath: "/sys/devices/accel"))
    let rep = Rep(start: 0, bottom: 1, end: 2, detectedAt: 2, amplitude: 60)
    let calendar = Calendar()

    /// A day a test can turn over.
    final class Calendar: Sendable {
        let day = Mutex(LocalDay(year: 2026, month: 11, day: 21)!)
        func turnOver() { day.withLock { $0 = LocalDay(year: 2026, month: 11, day: 22)! } }
    }

    /// A counter saving into a scratch state directory, sending to a notify socket there.
    func makeCounter(logger: Logger = Logger(label: "test")) throws -> (RepCounter, CountStore, DatagramReceiver) {
        let receiver = try DatagramReceiver(address: dir.file("notify"))
        let store = try CountStore(directory: FilePath(dir.file("state")), logger: Logger(label: "test"))
        let calendar = calendar
        let counter = RepCounter(store: store, notifier: ServiceNotifier(environment: ["NOTIFY_SOCKET": receiver.address]),
                                 logger: logger, today: { calendar.day.withLock { $0 } })
        return (counter, store, receiver)
    }

    @Test func aRepIsSavedAndShownInTheStatusLine() throws {
        let (counter, store, receiver) = try makeCounter()
        counter.count(rep, on: device)
        counter.count(rep, on: device)
        #expect(store.summary(for: LocalDay(year: 2026, month: 11, day: 21)!).total == 2)
        #expect(receiver.received().last == "STATUS=2 squats today, 0 sensors counting")
    }

    @Test func theStatusLineStartsANewDayAtMidnightWithoutARep() throws {
        let (counter, store, receiver) = try makeCounter()
        counter.devicesChanged(to: 1)
        counter.count(rep, on: device)
        _ = receiver.received()
        counter.startNewDayIfDue()
        #expect(receiver.received().isEmpty, "nothing to say before midnight")
        #expect(counter.statusLine == "1 squat today, 1 sensor counting")

        calendar.turnOver()
        counter.startNewDayIfDue()
        #expect(receiver.received() == ["STATUS=0 squats today, 1 sensor counting"])
        counter.count(rep, on: device)
        #expect(counter.statusLine == "1 squat today, 1 sensor counting")
        #expect(store.summary(for: LocalDay(year: 2026, month: 11, day: 21)!).total == 1)
        #expect(store.summary(for: LocalDay(year: 2026, month: 11, day: 22)!).total == 1)
    }

    @Test func repsThatCannotBeSavedAreCountedAndReportedLostAtExit() throws {
        let (counter, store, _) = try makeCounter()
        counter.count(rep, on: device)
        store.close()  // every write fails from here on, as on a full disk
        counter.count(rep, on: device)
        #expect(counter.statusLine == "2 squats today, 0 sensors counting, 1 not yet saved")
        #expect(counter.saveBeforeExit() == 1)
    }

    /// A failed save is retried on its own, not only with the next rep (a `kill -9` meanwhile
    /// would lose what is kept in memory), and that it works again is said once.
    @Test func savingIsRetriedWithoutARepAndSaysOnceWhenItWorksAgain() throws {
        let log = LogCapture()
        let (logged, _, _) = try makeCounter(logger: log.logger)
        logged.count(rep, on: device)
        // The state directory removed and a file put in its place: it cannot be made again.
        try FileManager.default.removeItem(atPath: dir.file("state"))
        dir.write("state", bytes: [])
        logged.count(rep, on: device)
        logged.retrySaving()
        #expect(logged.statusLine == "2 squats today, 0 sensors counting, 1 not yet saved")
        try FileManager.default.removeItem(atPath: dir.file("state"))
        logged.retrySaving()
        logged.retrySaving()
        #expect(logged.statusLine == "2 squats today, 0 sensors counting")
        #expect(try CountStore.summary(directory: FilePath(dir.file("state")), day: LocalDay(year: 2026, month: 11, day: 21)!).total == 2)
        #expect(log.messages(at: .error).count == 1)
        #expect(log.messages(at: .notice) == ["saving counts works again: wrote the 1 rep kept in memory"])
    }

    /// "Counting" means delivering samples: a device whose pipeline is retrying is shown apart.
    @Test func aDeviceInAnOutageIsNotShownAsCounting() throws {
        let (counter, _, receiver) = try makeCounter()
        counter.devicesChanged(to: 2)
        counter.deviceDelivers(false, syspath: "/sys/devices/a")
        #expect(receiver.received().last == "STATUS=0 squats today, 1 sensor counting, 1 not delivering samples")
        counter.deviceDelivers(false, syspath: "/sys/devices/a")
        #expect(receiver.received().isEmpty, "nothing new to say")
        counter.deviceDelivers(true, syspath: "/sys/devices/a")
        #expect(receiver.received().last == "STATUS=0 squats today, 2 sensors counting")
    }

    /// At exit the sound is shut down, and the status line keeps its goal.
    @Test func detachingTheSoundKeepsTheGoalInTheStatusLine() throws {
        let (counter, _, _) = try makeCounter()
        _ = counter.replaceSound(with: nil, goal: 15)
        #expect(counter.detachSound() == nil)
        #expect(counter.statusLine == "0 squats today of 15, 0 sensors counting")
    }
}
