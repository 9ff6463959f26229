import DeviceTestSupport
import Foundation
import SquatDaemon
import Testing

@Suite struct ServiceNotifierTests {
    let dir = ScratchDirectory()

    @Test func sendsEachMessageAsOneDatagramToAPathSocket() throws {
        let receiver = try DatagramReceiver(address: dir.file("notify"))
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": receiver.address])
        #expect(notifier.isEnabled)
        notifier.ready(status: "Counting: 0 of 100 today")
        notifier.status("37 of 100 today\n(2 devices)")
        notifier.watchdog()
        notifier.stopping()
        notifier.ready()
        #expect(receiver.received() == [
            "READY=1\nSTATUS=Counting: 0 of 100 today",
            "STATUS=37 of 100 today (2 devices)",
            "WATCHDOG=1",
            "STOPPING=1",
            "READY=1",
        ])
    }

    @Test func reloadingCarriesTheMonotonicClockInMicroseconds() throws {
        let receiver = try DatagramReceiver(address: "@squatd-test-\(UUID().uuidString)")
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": receiver.address])
        let before = monotonicMicroseconds()
        notifier.reloading()
        let after = monotonicMicroseconds()
        let messages = receiver.received()
        try #require(messages.count == 1)
        let lines = messages[0].split(separator: "\n")
        #expect(lines.count == 2 && lines[0] == "RELOADING=1" && lines[1].hasPrefix("MONOTONIC_USEC="))
        let stamp = try #require(UInt64(lines[1].dropFirst("MONOTONIC_USEC=".count)))
        #expect((before...after).contains(stamp))
    }

    @Test func withoutASocketNothingIsSent() throws {
        let receiver = try DatagramReceiver(address: dir.file("notify"))
        for environment in [[:], ["NOTIFY_SOCKET": ""], ["NOTIFY_SOCKET": "notify"], ["NOTIFY_SOCKET": "@"]] {
            let notifier = ServiceNotifier(environment: environment)
            #expect(!notifier.isEnabled)
            notifier.ready()
            notifier.watchdog()
        }
        #expect(receiver.received().isEmpty)
    }

    @Test func watchdogIntervalIsHalfTheTimeoutForThisProcessOnly() {
        let pid = String(getpid())
        #expect(ServiceNotifier(environment: ["WATCHDOG_USEC": "20000000"]).watchdogInterval == .seconds(10))
        #expect(ServiceNotifier(environment: ["WATCHDOG_USEC": "3000", "WATCHDOG_PID": pid]).watchdogInterval == .microseconds(1500))
        #expect(ServiceNotifier(environment: ["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"]).watchdogInterval == nil)
        for usec in ["0", "", "-5", "ten", "20s"] {
            #expect(ServiceNotifier(environment: ["WATCHDOG_USEC": usec]).watchdogInterval == nil, "\(usec)")
        }
        #expect(ServiceNotifier(environment: [:]).watchdogInterval == nil)
    }

    private func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
    }
}
