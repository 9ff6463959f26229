import SquatSensors
import SystemPackage

/// Something in a configuration file that is accepted but probably not what was meant:
/// the file still loads, and the warning says what was ignored. Same shape as ``ConfigError``:
/// `/etc/squatd/squatd.toml:4: sound.pmc: unknown key, ignored; did you mean "pcm"?`.
public struct ConfigWarning: Sendable, Equatable, CustomStringConvertible {
    /// The configuration file (shown as `FilePath.description` does).
    public var path: FilePath
    public var line: Int?
    public var key: String
    public var problem: Problem

    public init(path: FilePath, line: Int?, key: String, problem: Problem) {
        self.path = path
        self.line = line
        self.key = key
        self.problem = problem
    }

    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// A key or table squatd does not know, with the closest known name when one is close.
        case unknownKey(suggestion: String?)
        /// A setting that does nothing for the device kind the rule matches (`rate_hz` for evdev,
        /// `axes` for IIO).
        case ignoredForKind(SensorKind)
        /// A sound file that does not exist (yet) when the configuration is read.
        case fileNotFound

        public var description: String {
            switch self {
            case .unknownKey(let suggestion):
                return "unknown key, ignored" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
            case .ignoredForKind(let kind):
                return "ignored for \(kind.rawValue) devices"
            case .fileNotFound:
                return "no such file"
            }
        }
    }

    public var description: String {
        path.description + (line.map { ":\($0)" } ?? "") + ": " + key + ": " + problem.description
    }
}
