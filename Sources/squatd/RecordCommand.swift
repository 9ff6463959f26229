import ArgumentParser
import Dispatch
import Foundation
import Logging
import SquatCore
import SquatRecordings
import SquatSensors

/// `squatd record`: captures one accelerometer to a recording v1 file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record an accelerometer to a file (recording v1).",
        discussion: """
            Records until --duration has passed, the device goes away, or Ctrl-C. Times are \
            seconds from the first sample; the header names the device ('# device:') and how \
            it was read. Exit status: 69 no such device, 73 the file cannot be created, \
            74 read or write failed, 77 permission denied (the message says which group to \
            join or which udev rule to install).
            """
    )

    @Option(help: ArgumentHelp("Node path, name, sysfs path, ID_PATH or ID_SERIAL (see 'squatd devices'); default: the first one found.",
                               valueName: "id"))
    var device: String?

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, '-' for standard output.", valueName: "file"))
    var output: String = "squatd-recording.csv"

    func validate() throws {
        if let duration, !(duration > 0 && duration.isFinite) {
            throw ValidationError("--duration must be a positive number of seconds, not '\(duration)'.")
        }
    }

    func run() throws {
        let logger = Logger(label: "squatd.sensors") {
            var handler = StreamLogHandler.standardError(label: $0)
            handler.logLevel = .warning
            return handler
        }
        let path = try CommandLinePaths.path(output)
        let stream: SensorStream
        do {
            let found = try SensorDiscovery(logger: logger).device(matching: device)
            stream = try SensorStream.open(found, logger: logger)
        } catch {
            printError("squatd: \(error)")
            throw ExitCode(error)
        }
        let writer: RecordingWriter
        do {
            writer = try RecordingWriter(to: path, metadata: Self.metadata(stream.device))
        } catch {
            stream.close()
            printError("squatd: \(error)")
            throw ExitCode.cannotCreate
        }

        // A reader of `-o -` that quits is the end of the recording, written as such (the
        // stream closed, an IIO buffer disabled), not a death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let stops = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stream.close() }
            source.resume()
            return source
        }
        if let duration {
            DispatchQueue.global().asyncAfter(deadline: .now() + duration) { stream.close() }
        }

        let outcome = Self.copy(stream, to: writer)
        for source in stops { source.cancel() }
        var status = outcome.status
        do { try writer.close() } catch {
            printError("squatd: \(error)")
            status = .ioError
        }
        printError(outcome.summary(output: output))
        if status != .success { throw status }
    }

    /// What happened while recording.
    struct Outcome: Sendable {
        var samples = 0
        var gaps = 0
        /// Samples whose time did not advance by a microsecond (the format needs rising times).
        var repeatedTimes = 0
        var duration = 0.0
        var message: String?
        var status = ExitCode.success

        func summary(output: String) -> String {
            var text = "squatd: recorded \(samples) samples over \(String(format: "%.3f", duration)) s to \(output == "-" ? "standard output" : output)"
            if gaps > 0 { text += "; \(gaps) gap(s) where samples were lost" }
            if repeatedTimes > 0 { text += "; \(repeatedTimes) sample(s) with a repeated time skipped" }
            if let message { text += "; \(message)" }
            return text
        }
    }

    /// Drains the stream into the writer on the cooperative pool while this thread waits.
    static func copy(_ stream: SensorStream, to writer: RecordingWriter) -> Outcome {
        nonisolated(unsafe) let writer = writer
        nonisolated(unsafe) var outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            var origin: Double?
            var lastMicros = Int64.min
            for await event in stream {
                switch event {
                case .sample(var s):
                    let t0 = origin ?? s.t
                    origin = t0
                    s.t -= t0
                    let micros = Int64((s.t * 1e6).rounded())
                    guard micros > lastMicros else { outcome.repeatedTimes += 1; continue }
                    lastMicros = micros
                    do throws(RecordingError) { try writer.write(s) } catch {
                        outcome.message = error.description
                        outcome.status = .ioError
                        stream.close()
                        continue
                    }
                    outcome.samples += 1
                    outcome.duration = s.t
                case .gap:
                    outcome.gaps += 1
                case .ended(let error):
                    if let error {
                        outcome.message = error.description
                        outcome.status = ExitCode(error)
                    }
                }
            }
            done.signal()
        }
        done.wait()
        return outcome
    }

    static func metadata(_ device: SensorDevice) -> [(key: String, value: String)] {
        var m: [(key: String, value: String)] = [
            ("device", "\(device.identity.name) (\(device.identity.node ?? device.identity.syspath))"),
            ("device-kind", device.kind.rawValue),
            ("device-sysfs", device.identity.syspath),
        ]
        if let p = device.identity.idPath { m.append(("device-id-path", p)) }
        if let s = device.identity.idSerial { m.append(("device-serial", s)) }
        if let rate = device.rate { m.append(("rate-hz", "\(rate)")) }
        m.append(("mount-matrix", "\(device.mountMatrix) (\(device.mountMatrixSource.rawValue))"))
        let formatter = ISO8601DateFormatter()
        m.append(("recorded", formatter.string(from: Date())))
        m.append(("units", "t s from the first sample; ax, ay, az m/s², mount matrix applied"))
        return m
    }
}
