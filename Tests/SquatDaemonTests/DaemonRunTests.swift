import DeviceTestSupport
import Foundation
import Glibc
import SquatCore
import SquatSensors
import Testing

extension UmockdevTests {
    /// `squatd run` end to end: emulated IIO and evdev accelerometers (umockdev), the real
    /// libevdev, libudev and libasound (sound into files through ALSA's `file` plugin), a test
    /// `NOTIFY_SOCKET`, signals, and the state directory read back as `squatd status` reads it.
    @Suite struct DaemonRunTests {
        static let iio = EmulatedAccelerometer.iio()
        static let evdev = EmulatedAccelerometer.evdev(number: 3, name: "Test Accelerometer")

        @Test func countsASetOnAnIIOAndAnEvdevDeviceAtOnceAndTellsSystemd() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = try SquatSet.thigh()
            try Self.iio.install(in: daemon.testbed)
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("""
                [goal]
                daily = \(set.reps * 2)

                [defaults]
                placement = "thigh"
                """)
            let child = try daemon.start()
            #expect(daemon.notify.waitFor("READY=1"))
            guard daemon.waitForLog("counting squats", count: 2) else { return }
            #expect(eventually { daemon.testbed.attribute(Self.iio.syspath, "buffer/enable") == "1" })

            // Both devices at once, as two people squatting side by side would.
            let feeders = [Self.iio, Self.evdev].map { sensor in
                Thread.detachNewThreadWithResult { sensor.feed(set.samples, to: daemon.testbed) }
            }
            feeders.forEach { $0.wait() }
            #expect(daemon.waitForSavedTotal(set.reps * 2), "\(set.origin)\n\(child.errors)")
            let saved = daemon.savedCounts()
            #expect(saved?.counts["accel_3d"] == set.reps, "IIO device, \(set.origin)")
            // The fixtures have no ID_SERIAL or ID_PATH: counts are kept under the device's name.
            #expect(saved?.counts[Self.evdev.name] == set.reps, "evdev device, \(set.origin)")
            // One sound per rep, the last one being the goal sound.
            #expect(eventually { daemon.soundsPlayed == set.reps * 2 })
            #expect(daemon.notify.waitFor("STATUS=\(set.reps * 2) squats today of \(set.reps * 2)"),
                    "\(daemon.notify.assignments.suffix(3))")
            #expect(daemon.notify.waitFor("WATCHDOG=1", count: 3))

            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0, "\(child.errors)")
            #expect(daemon.notify.assignments.contains("STOPPING=1"))
            #expect(daemon.testbed.attribute(Self.iio.syspath, "buffer/enable") == "0", "IIO buffer disabled at exit")
            #expect(daemon.savedCounts()?.total == set.reps * 2, "the saved counts are intact after exit")
        }

        @Test func startedWithoutASensorItSaysSoAndCountsOnTheOnePluggedInLater() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = SquatSet.simulated(reps: 4)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            let child = try daemon.start()
            guard daemon.waitForLog("no accelerometer found; waiting for one to be plugged in") else { return }
            #expect(!child.errors.contains("counting squats"))
            try Self.evdev.install(in: daemon.testbed)
            Self.evdev.announce("add", in: daemon.testbed)
            guard daemon.waitForLog("counting squats") else { return }
            Self.evdev.feed(set.samples, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps), "\(child.errors)")
            #expect(child.errors.components(separatedBy: "no accelerometer found").count == 2)
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        @Test func aDeviceUnpluggedMidSetAndPluggedBackKeepsItsCount() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = SquatSet.simulated(reps: 8)
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            let child = try daemon.start()
            guard daemon.waitForLog("counting squats") else { return }
            // Unplug while standing between the 4th and 5th rep.
            let cut = (set.repBounds[3].end + set.repBounds[4].start) / 2
            Self.evdev.feed(set.samples.filter { $0.t < cut }, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(4), "\(child.errors)")
            Self.evdev.announce("remove", in: daemon.testbed)
            daemon.waitForLog("sensor removed")
            Self.evdev.announce("add", in: daemon.testbed)
            guard daemon.waitForLog("counting squats", count: 2) else { return }
            // The wearer stands still a moment after plugging back in, then carries on.
            let rest = set.samples.filter { $0.t >= cut }
            let still = (1...200).map { i in Sample(t: cut - 2 + Double(i) / 100, x: rest[0].x, y: rest[0].y, z: rest[0].z) }
            Self.evdev.feed(still + rest.map { Sample(t: $0.t + 0.01, x: $0.x, y: $0.y, z: $0.z) }, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps), "\(child.errors)")
            #expect(daemon.savedCounts()?.total == set.reps)
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        @Test func sighupRejectsABadFileKeepsCountingAndAppliesAGoodOne() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = SquatSet.simulated(reps: 6)
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nsensitivity = 5\n")
            let child = try daemon.start()
            #expect(daemon.notify.waitFor("READY=1"))
            guard daemon.waitForLog("counting squats") else { return }
            Self.evdev.feed(set.samples, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps), "\(child.errors)")

            // A bad file: rejected with its key and line, the old settings stay.
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nsensitivity = 42\n")
            child.send(SIGHUP)
            #expect(daemon.notify.waitFor("RELOADING=1"))
            #expect(daemon.notify.waitFor("READY=1", count: 2))
            daemon.waitForLog("configuration rejected")
            #expect(child.errors.contains("sensitivity"), "the bad key is named")
            #expect(child.errors.contains(":6:") || child.errors.contains("line 6"), "and its line:\n\(child.errors)")
            #expect(daemon.notify.assignments.contains { $0.hasPrefix("MONOTONIC_USEC=") })

            // A good one: the new sensitivity applies from the next sample; the count goes on.
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nsensitivity = 7\n")
            child.send(SIGHUP)
            #expect(daemon.notify.waitFor("READY=1", count: 3))
            daemon.waitForLog("configuration reloaded")
            Self.evdev.feed(set.shifted(by: set.duration + 10).samples, to: daemon.testbed)
            daemon.waitForLog("sensitivity=7")
            #expect(daemon.waitForSavedTotal(set.reps * 2), "\(child.errors)")
            #expect(child.isRunning)
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        /// Raising the sensitivity is what a wearer does when reps are missed, often mid-set.
        /// A new detector knows nothing of the set before it: applied at once, it dropped the
        /// reps still waiting for the third alike (this set counted 5 of 8).
        @Test func aReloadInTheMiddleOfASetLosesNoRepAndAppliesOnceTheSetHasEnded() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = SquatSet.simulated(reps: 8)
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nsensitivity = 5\n")
            let child = try daemon.start()
            #expect(daemon.notify.waitFor("READY=1"))
            guard daemon.waitForLog("counting squats"), set.repBounds.count == set.reps else { return }
            // Two reps and half of the third, then the reload.
            let split = (set.repBounds[2].start + set.repBounds[2].end) / 2
            Self.evdev.feed(set.samples.filter { $0.t < split }, to: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nsensitivity = 6\n")
            child.send(SIGHUP)
            #expect(daemon.notify.waitFor("READY=1", count: 2))
            guard daemon.waitForLog("configuration reloaded") else { return }
            Self.evdev.feed(set.samples.filter { $0.t >= split }, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps), "\(child.errors)")
            #expect(!child.errors.contains("sensitivity=6"), "not applied within the set")
            // Standing on past set_gap (8 s): the new settings apply.
            Self.evdev.feed(SquatSet.still(after: set.samples[set.samples.count - 1], seconds: 9), to: daemon.testbed)
            daemon.waitForLog("sensitivity=6")
            #expect(daemon.savedCounts()?.total == set.reps, "\(child.errors)")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        @Test func aReloadThatNoLongerMakesADeviceAnAccelerometerStopsReadingIt() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            var gamepad = EvdevFixture()
            gamepad.name = "Plain Gamepad"
            gamepad.accelerometerProperty = false
            gamepad.hasTimestamp = false
            try gamepad.install(in: daemon.testbed)
            let marked = """
                [defaults]
                placement = "thigh"

                [[device]]
                accelerometer = true
                [device.match]
                name = "Plain Gamepad"
                """
            try daemon.writeConfiguration(marked)
            let child = try daemon.start()
            guard daemon.waitForLog("counting squats") else { return }
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            child.send(SIGHUP)
            daemon.waitForLog("sensor no longer read")
            #expect(daemon.notify.waitFor("STATUS=0 squats today, 0 sensors counting"), "\(daemon.notify.assignments.suffix(3))")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        @Test func killedWithSigkillAndRestartedItLosesNoRep() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = SquatSet.simulated(reps: 6)
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            var child = try daemon.start()
            guard daemon.waitForLog("counting squats") else { return }
            Self.evdev.feed(set.samples, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps), "\(child.errors)")
            let soundsBefore = daemon.soundsPlayed
            child.send(SIGKILL)
            _ = child.wait()
            // umockdev stops feeding a node whose reader was killed without closing it (its
            // preload library never saw the close), where a kernel would not care, and cannot
            // make that node again: the same sensor comes back as the next event node, as after
            // a replug. Its counts are kept under its name, so they carry on.
            let again = EmulatedAccelerometer.evdev(number: 4, name: Self.evdev.name)
            try again.install(in: daemon.testbed)

            child = try daemon.start()
            guard daemon.waitForLog("counting squats", count: 2) else { return }
            #expect(daemon.savedCounts()?.total == set.reps, "every rep saved before the kill is there")
            again.feed(set.samples, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps * 2), "\(child.errors)")
            #expect(eventually { daemon.soundsPlayed == soundsBefore + set.reps })
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        /// The state directory replaced by a file while squatd runs: reps are kept in memory.
        /// Once the file is gone they are written within a few seconds, without a rep to carry
        /// them; if it never goes, stopping says they are lost and exits 74, not 0.
        @Test func repsThatCannotBeSavedAreRetriedOnATimerAndLostOnesExit74() throws {
            for fixed in [true, false] {
                guard let daemon = try DaemonUnderTest() else { return }
                let set = SquatSet.simulated(reps: 4)
                try Self.evdev.install(in: daemon.testbed)
                try daemon.writeConfiguration("[goal]\ndaily = 15\n\n[defaults]\nplacement = \"thigh\"\n")
                // As a service: the reps lost must reach the journal as an error.
                let child = try daemon.start(stderrIsTheJournal: !fixed)
                guard daemon.waitForLog("counting squats") else { return }
                try FileManager.default.removeItem(atPath: daemon.stateDirectory)
                try Data().write(to: URL(fileURLWithPath: daemon.stateDirectory))
                Self.evdev.feed(set.samples, to: daemon.testbed)
                #expect(daemon.notify.waitFor("STATUS=\(set.reps) squats today of 15, 1 sensor counting, \(set.reps) not yet saved"),
                        "\(daemon.notify.assignments.suffix(3))\n\(child.errors)")
                if fixed {
                    try FileManager.default.removeItem(atPath: daemon.stateDirectory)
                    #expect(daemon.waitForSavedTotal(set.reps, seconds: 10), "\(child.errors)")
                    daemon.waitForLog("saving counts works again: wrote the \(set.reps) reps kept in memory")
                    child.send(SIGTERM)
                    #expect(child.wait(seconds: 15) == 0, "\(child.errors)")
                } else {
                    child.send(SIGTERM)
                    #expect(child.wait(seconds: 15) == 74, "\(child.errors)")
                    #expect(child.errors.contains("\n<3>squatd: stopped; \(set.reps) reps could not be saved and are lost (saved today: 0)\n"),
                            "\(child.errors)")
                    // The last status line, after STOPPING=1, still shows the goal.
                    let status = daemon.notify.assignments.last { $0.hasPrefix("STATUS=") }
                    #expect(status?.contains(" of 15") == true, "\(daemon.notify.assignments.suffix(3))")
                }
            }
        }

        /// Reps saved, then the state directory deleted (replaced by a file, so it cannot be
        /// created again): stopping says how many reps are lost and how many today are on disk,
        /// which is none, not the count in memory that the deleted journal held.
        @Test func repsSavedIntoADeletedStateDirectoryAreNotReportedAsSaved() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            let set = SquatSet.simulated(reps: 4)
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            let child = try daemon.start()
            guard daemon.waitForLog("counting squats") else { return }
            Self.evdev.feed(set.samples, to: daemon.testbed)
            #expect(daemon.waitForSavedTotal(set.reps), "\(child.errors)")
            try FileManager.default.removeItem(atPath: daemon.stateDirectory)
            try Data().write(to: URL(fileURLWithPath: daemon.stateDirectory))
            Self.evdev.feed(set.samples, to: daemon.testbed)
            #expect(daemon.notify.waitFor("STATUS=\(set.reps * 2) squats today, 1 sensor counting, \(set.reps) not yet saved"),
                    "\(daemon.notify.assignments.suffix(3))\n\(child.errors)")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 74, "\(child.errors)")
            #expect(child.errors.contains("squatd: stopped; \(set.reps) reps could not be saved and are lost (saved today: 0)"),
                    "\(child.errors)")
        }

        /// A device that is read but cannot deliver (here an input node whose ioctls fail, so
        /// libevdev cannot open it) is not "counting" in systemd's status line.
        @Test func aSensorInAnOutageIsNotShownAsCounting() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            daemon.testbed.add(EvdevFixture().description)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            let child = try daemon.start()
            daemon.waitForLog("cannot read the sensor, trying again in the background")
            #expect(daemon.notify.waitFor("STATUS=0 squats today, 0 sensors counting, 1 not delivering samples"),
                    "\(daemon.notify.assignments.suffix(3))\n\(child.errors)")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        /// An unplug is news once, from the supervisor: the stream's end and the buffer that can
        /// no longer be disabled (its sysfs directory is gone) are not warnings or notices.
        @Test func anIIOSensorUnpluggedIsReportedOnceWithoutWarnings() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            try Self.iio.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            let child = try daemon.start()
            guard daemon.waitForLog("counting squats") else { return }
            #expect(eventually { daemon.testbed.attribute(Self.iio.syspath, "buffer/enable") == "1" })
            daemon.testbed.remove(Self.iio.syspath)
            Self.iio.announce("remove", in: daemon.testbed)
            guard daemon.waitForLog("sensor removed") else { return }
            #expect(daemon.notify.waitFor("STATUS=0 squats today, 0 sensors counting"), "\(daemon.notify.assignments.suffix(3))")
            #expect(!child.errors.contains(" warning "), "\(child.errors)")
            #expect(!child.errors.contains("stopped delivering samples"), "\(child.errors)")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        /// An IIO sensor that stays present while every read fails with EIO (its node is the
        /// daemon's own /proc/self/mem, whose reads at offset 0 fail so) is in an outage: said
        /// once with the error, shown in systemd's status, and retried quietly. Taken for an
        /// unplug, it logged "counting squats" and "device went away" on every try, forever,
        /// and the status said "1 sensor counting".
        @Test func anIIOSensorWhoseReadsFailWithEIOIsAnOutage() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            try Self.iio.install(in: daemon.testbed)
            let node = daemon.testbed.root + Self.iio.node
            try FileManager.default.removeItem(atPath: node)
            try FileManager.default.createSymbolicLink(atPath: node, withDestinationPath: "/proc/self/mem")
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\n")
            let child = try daemon.start()
            let warning = "cannot read the sensor, trying again in the background: read \(Self.iio.node): Input/output error"
            guard daemon.waitForLog(warning) else { return }
            #expect(daemon.notify.waitFor("STATUS=0 squats today, 0 sensors counting, 1 not delivering samples"),
                    "\(daemon.notify.assignments.suffix(3))\n\(child.errors)")
            // Retried after 0.5, 1 and 2 s: the outage is logged once, the device never "went away".
            sleep(4)
            #expect(child.errors.components(separatedBy: warning).count == 2, "\(child.errors)")
            #expect(child.errors.components(separatedBy: "counting squats").count == 2, "\(child.errors)")
            #expect(!child.errors.contains("device went away"), "\(child.errors)")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        /// A setting evdev devices cannot take (`rate_hz` in [defaults]) is warned about once per
        /// device when it appears and once per reload, not once more for each probe a reload makes.
        @Test func aRateIgnoredForAnEvdevDeviceIsWarnedAboutOncePerReload() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            try Self.evdev.install(in: daemon.testbed)
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nrate_hz = 100\n")
            let child = try daemon.start()
            guard daemon.waitForLog("counting squats") else { return }
            let warning = "rate 100.0 Hz ignored for evdev"
            #expect(child.errors.components(separatedBy: warning).count == 2, "\(child.errors)")
            try daemon.writeConfiguration("[defaults]\nplacement = \"thigh\"\nrate_hz = 50\n")
            child.send(SIGHUP)
            daemon.waitForLog("configuration reloaded")
            daemon.waitForLog("counting squats", count: 2)
            #expect(child.errors.components(separatedBy: "rate 50.0 Hz ignored for evdev").count == 2, "\(child.errors)")
            child.send(SIGTERM)
            #expect(child.wait(seconds: 15) == 0)
        }

        /// Outside systemd nothing else ignores SIGPIPE for squatd: a write into a pipe whose
        /// reader is gone (the program behind ALSA's `file` plugin, a log reader that quit) must
        /// not end it with status 141. Here the log goes into a pipe nobody reads, and squatd
        /// starts with SIGPIPE's default action, as from a shell (not as this test process has it).
        @Test func aLogPipeWithoutAReaderDoesNotEndIt() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            close(ends[0])
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["--default-signal=PIPE", Child.productPath("squatd"),
                                 "run", "--config", daemon.configPath, "--state-dir", daemon.stateDirectory]
            process.environment = ProcessInfo.processInfo.environment.merging([
                "UMOCKDEV_DIR": daemon.testbed.root, "LD_PRELOAD": Testbed.preloadPath ?? "libumockdev-preload.so.0",
                "ALSA_CONFIG_PATH": DaemonUnderTest.alsaConfiguration, "NOTIFY_SOCKET": daemon.notify.path,
            ]) { $1 }
            process.standardError = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            #expect(daemon.notify.waitFor("READY=1"), "\(daemon.notify.assignments)")
            kill(process.processIdentifier, SIGTERM)
            #expect(eventually(15) { !process.isRunning })
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                    "\(process.terminationReason == .uncaughtSignal ? "killed by signal" : "exit") \(process.terminationStatus)")
        }

        @Test func anInvalidConfigurationAtStartExits78NamingTheKeyAndLine() throws {
            guard let daemon = try DaemonUnderTest() else { return }
            try daemon.writeConfiguration("[defaults]\nplacement = \"elbow\"\n")
            let child = try daemon.start()
            #expect(child.wait() == 78)
            #expect(child.errors.contains("placement"), "\(child.errors)")
            #expect(child.errors.contains(":5"), "line of the bad key:\n\(child.errors)")
            #expect(!daemon.notify.assignments.contains("READY=1"))
        }
    }
}

extension Thread {
    /// Runs `body` on a new thread; `wait()` on the result blocks until it has returned.
    static func detachNewThreadWithResult(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            body()
            group.leave()
        }
        return group
    }
}
