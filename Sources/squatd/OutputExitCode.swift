import ArgumentParser
import SquatRecordings

extension ExitCode {
    /// EX_CANTCREAT: an output file could not be created or written.
    static let cannotCreate = ExitCode(73)

    /// The exit status for a failure while reading input or writing output: 73 when an output
    /// could not be written, else the reading status (65 or 66).
    init(readingOrWriting error: RecordingError) {
        if case .unwritable = error.kind { self = .cannotCreate } else { self.init(error) }
    }
}
