import ArgumentParser
import Glibc
import SquatDaemon
import SquatRecordings
import SquatSensors

/// sysexits(3) codes, all in one place, and how each error maps onto them.
extension ExitCode {
    /// EX_DATAERR: the input was read but is not valid.
    static let dataError = ExitCode(65)
    /// EX_NOINPUT: the input does not exist or cannot be read.
    static let noInput = ExitCode(66)
    /// EX_UNAVAILABLE: no such device, or udev is not available.
    static let unavailable = ExitCode(69)
    /// EX_CANTCREAT: an output file could not be created or written.
    static let cannotCreate = ExitCode(73)
    /// EX_IOERR: reading the device or writing the output failed; `run`: counted reps could not
    /// be saved and were lost.
    static let ioError = ExitCode(74)
    /// EX_NOPERM: the user may not open the device.
    static let noPermission = ExitCode(77)
    /// EX_CONFIG: the configuration file is invalid.
    static let configError = ExitCode(78)

    init(_ error: RecordingError) {
        if case .unreadable = error.kind { self = .noInput } else { self = .dataError }
    }

    /// The exit status for a failure while reading input or writing output: 73 when an output
    /// could not be written, else the reading status (65 or 66).
    init(readingOrWriting error: RecordingError) {
        if case .unwritable = error.kind { self = .cannotCreate } else { self.init(error) }
    }

    /// 66 for a configuration file that is missing or unreadable, 78 for one that is invalid.
    init(_ error: ConfigError) {
        switch error.problem {
        case .fileNotFound, .unreadable: self = .noInput
        default: self = .configError
        }
    }

    init(_ error: SensorError) {
        switch error {
        case .permissionDenied: self = .noPermission
        case .noSuchDevice, .noDevices, .udevUnavailable: self = .unavailable
        default: self = .ioError
        }
    }

    init(_ error: DaemonError) {
        switch error {
        case .configuration(let error): self.init(error)
        case .state(let error): self.init(error)
        case .repsLost: self = .ioError
        }
    }

    init(_ error: StateError) {
        switch error {
        case .corrupt, .newerVersion, .notAFile, .symbolicLink: self = .dataError
        case .unreadable(_, _, EACCES), .unreadable(_, _, EPERM), .unwritable(_, _, EACCES), .unwritable(_, _, EPERM):
            self = .noPermission
        case .unwritable, .closed, .inUse: self = .cannotCreate
        case .missingDirectory, .unreadable: self = .noInput
        }
    }

    /// The worse of two outcomes: the higher code (66 over 65 over success).
    func worse(_ other: ExitCode) -> ExitCode { other.rawValue > rawValue ? other : self }
}

/// Writes a line to standard error, unbuffered, after flushing what is pending on standard
/// output so the two streams stay in order on a terminal. `failure`: the line says why the
/// command fails; when standard error is journald's (`squatd run` as a service) it starts with
/// `<3>`, so the journal stores it as an error, as it does the logger's
/// (``JournalLogHandler``): without it, "reps lost" or a bad configuration at start was an info
/// entry that `journalctl -p err` did not show. Warnings and summaries (`simulate`, `plot`,
/// `record`) are not failures, and keep the journal's default priority.
func printError(_ line: String, failure: Bool = false) {
    fflush(nil)
    var text = (failure && JournalLogHandler.isStderrJournal() ? "<3>" : "") + line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
