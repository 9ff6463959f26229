import ArgumentParser
import Foundation
import Glibc
import Logging
import ServiceLifecycle
import SquatDaemon

/// `squatd run`: the service.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Count squats on every attached accelerometer and play a sound for each (the service).",
        discussion: """
            Follows IIO and evdev accelerometers as they come and go, counts squats on each with \
            the settings of its [[device]] entry in the configuration file, plays the rep sound, \
            and saves every count at once in the state directory. SIGHUP reloads the \
            configuration (a bad file is rejected and the old settings stay); SIGTERM or SIGINT \
            stop it after saving. Under systemd (Type=notify) it reports READY, RELOADING, \
            STOPPING, a live STATUS line and watchdog pings. Exit status: 78 for a bad \
            configuration at start, 73 when the state directory cannot be written, 74 when it \
            stopped with counted reps it could not save.
            """
    )

    @OptionGroup var locations: ServiceLocations

    func run() async throws {
        // A write into a pipe whose reader is gone (ALSA's `file` plugin piping to a program
        // that exited, a log reader that quit) must be an EPIPE the writer handles, not the end
        // of the service: outside systemd, which ignores SIGPIPE for its services, it died with
        // status 141. Only here and in `record`: `replay ... | head` should still end with head.
        signal(SIGPIPE, SIG_IGN)
        let options = try locations.daemonOptions()
        let journal = JournalLogHandler.isStderrJournal(environment: ProcessInfo.processInfo.environment)
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, journal: journal) }
        let logger = Logger(label: "squatd")
        let service = SquatService(options: options, logger: logger)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: service)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger))
        do {
            try await group.run()
        } catch let error as DaemonError {
            printError("squatd: \(error)", failure: true)
            throw ExitCode(error)
        }
    }
}
