import DeviceTestSupport
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
    func makeCounter() throws -> (RepCounter, CountStore, DatagramReceiver) {
        let receiver = try DatagramReceiver(address: dir.file("notify"))
        let store = try CountStore(directory: FilePath(dir.file("state")), logger: Logger(label: "test"))
        let calendar = calendar
        let counter = RepCounter(store: store, notifier: ServiceNotifier(environment: ["NOTIFY_SOCKET": receiver.address]),
                                 logger: Logger(label: "test"), today: { calendar.day.withLock { $0 } })
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
}
