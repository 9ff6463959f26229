import ArgumentParser
import Glibc
import SquatRecordings

/// sysexits(3) codes for what went wrong with a file.
extension ExitCode {
    /// EX_DATAERR: the input was read but is not valid.
    static let dataError = ExitCode(65)
    /// EX_NOINPUT: the input does not exist or cannot be read.
    static let noInput = ExitCode(66)

    init(_ error: RecordingError) {
        if case .unreadable = error.kind { self = .noInput } else { self = .dataError }
    }

    /// The worse of two outcomes: the higher code (66 over 65 over success).
    func worse(_ other: ExitCode) -> ExitCode { other.rawValue > rawValue ? other : self }
}

/// Writes a line to standard error, unbuffered, after flushing what is pending on standard
/// output so the two streams stay in order on a terminal.
func printError(_ line: String) {
    fflush(nil)
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}
