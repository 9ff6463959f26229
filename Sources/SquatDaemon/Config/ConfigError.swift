import SquatCore
import SquatSensors
import SystemPackage

/// Why a configuration file was rejected, and where: the file, the 1-based line and the key
/// (`device[2].sensitivity`, the Nth `[[device]]` counted from 1).
///
/// `description` is the one line shown to people, compiler style:
/// `/etc/squatd/squatd.toml:12: device[2].sensitivity: must be a whole number from 1 to 10, got 12`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration file, the bytes it was named with; messages show it as
    /// `FilePath.description` does (bytes that are not UTF-8 as U+FFFD).
    public var path: FilePath
    /// nil when the problem is the whole file (missing, unreadable).
    public var line: Int?
    /// nil for a file or syntax problem.
    public var key: String?
    public var problem: Problem

    public init(path: FilePath, line: Int? = nil, key: String? = nil, problem: Problem) {
        self.path = path
        self.line = line
        self.key = key
        self.problem = problem
    }

    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The file does not exist.
        case fileNotFound
        /// The file exists but could not be read (permissions, a directory, too large).
        case unreadable(reason: String)
        /// The file was read but is not UTF-8 text, as TOML must be; ``ConfigError/line`` is the
        /// line of the first byte that is not.
        case notUTF8
        /// Not TOML; the parser's own message.
        case syntax(String)
        /// A value of the wrong type or out of range: what was expected, and the value found
        /// written as TOML (`12`, `"knee"`) or as its type (`a table`).
        case invalidValue(expected: Expectation, got: String)
        /// `placement` names no ``SquatCore/Placement`` nor an alias.
        case unknownPlacement(String)
        /// `mount_matrix` does not parse.
        case invalidMountMatrix(SensorError)
        /// A `[[device]]` without a `match` table, or with an empty one: it would apply to
        /// every device, which is what `[defaults]` is for.
        case matchesEverything
        /// A key that belongs to another table, usually written after a sub-table header
        /// (`[device.match]`) when it was meant for the table above (`[[device]]`). Rejected
        /// rather than ignored: the setting would silently not apply.
        case misplacedKey(belongsIn: String, writtenIn: String)
        /// A key of `[device.match]` that squatd does not know (`serial` for `id_serial`),
        /// with the closest known one, if any, and all of them. Rejected rather than ignored: the
        /// rule would match on its other keys alone, so on more devices than meant.
        case unknownKeyInMatch(suggestion: String?, known: [String])
        /// The shortest rep in force is not shorter than the longest (seconds), counting the
        /// placement's values and `[defaults]` under a rule's own.
        case repDurationsConflict(minimum: Double, maximum: Double)

        public var description: String {
            switch self {
            case .fileNotFound:
                return "no such file"
            case .unreadable(let reason):
                return "cannot be read: \(reason)"
            case .notUTF8:
                return "not UTF-8 text, as TOML must be (save the file as UTF-8)"
            case .syntax(let message):
                return "not valid TOML: \(message)"
            case .invalidValue(let expected, let got):
                return "must be \(expected), got \(got)"
            case .unknownPlacement(let name):
                let names = Placement.allCases.map(\.rawValue).joined(separator: ", ")
                let aliases = Placement.aliases.keys.sorted().joined(separator: ", ")
                return "unknown placement \"\(name)\"; use one of \(names) (or \(aliases))"
            case .invalidMountMatrix(let error):
                return "\(error)"
            case .matchesEverything:
                return "needs a [device.match] table with at least one of name, id_path, id_serial, node, kind (settings for every device go in [defaults])"
            case .misplacedKey(let belongsIn, let writtenIn):
                return "belongs in \(belongsIn), not \(writtenIn): in TOML a key belongs to the last [table] header above it, so write it before that header"
            case .unknownKeyInMatch(let suggestion, let known):
                return "unknown key" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
                    + " (a match takes \(known.joined(separator: ", ")); ignoring one would widen the rule to more devices)"
            case .repDurationsConflict(let minimum, let maximum):
                return "min_rep_duration (\(Expectation.format(minimum)) s) must be less than max_rep_duration (\(Expectation.format(maximum)) s)"
            }
        }
    }

    /// What a value must be, for ``Problem/invalidValue(expected:got:)``.
    public enum Expectation: Sendable, Equatable, CustomStringConvertible {
        case string
        case nonEmptyString
        case bool
        case table
        /// `[[name]]` tables, written as such.
        case arrayOfTables
        case absolutePath
        case wholeNumber(ClosedRange<Int>)
        /// A number (integer or float) in an interval; `above` excludes its bound, `atLeast`
        /// includes it. `unit` is appended for people (`Hz`, `s`).
        case number(above: Double? = nil, atLeast: Double? = nil, atMost: Double? = nil, unit: String? = nil)
        /// One of these words.
        case oneOf([String])
        /// Three evdev absolute axes.
        case axes
        /// A mount matrix as text or as three rows of three numbers.
        case mountMatrix

        public var description: String {
            switch self {
            case .string: return "a string"
            case .nonEmptyString: return "a non-empty string"
            case .bool: return "true or false"
            case .table: return "a table"
            case .arrayOfTables: return "an array of tables, written [[name]]"
            case .absolutePath: return "an absolute path"
            case .wholeNumber(let range) where range.upperBound == Int.max:
                return "a whole number of at least \(range.lowerBound)"
            case .wholeNumber(let range):
                return "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .number(let above, let atLeast, let atMost, let unit):
                var bounds: [String] = []
                if let above { bounds.append("above \(Self.format(above))") }
                if let atLeast { bounds.append("at least \(Self.format(atLeast))") }
                if let atMost { bounds.append("at most \(Self.format(atMost))") }
                if let atLeast, let atMost, above == nil { bounds = ["from \(Self.format(atLeast)) to \(Self.format(atMost))"] }
                return "a number" + (bounds.isEmpty ? "" : " " + bounds.joined(separator: " and ")) + (unit.map { " \($0)" } ?? "")
            case .oneOf(let words):
                return "one of " + words.map { "\"\($0)\"" }.joined(separator: ", ")
            case .axes:
                return "three evdev axes such as [\"x\", \"y\", \"z\"] or [\"rx\", \"ry\", \"rz\"] (names or ABS_* codes)"
            case .mountMatrix:
                return "a mount matrix such as \"0, 1, 0; -1, 0, 0; 0, 0, 1\" or [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]"
            }
        }

        static func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }

    public var description: String {
        var text = path.description + (line.map { ":\($0)" } ?? "") + ": "
        if let key { text += key + ": " }
        return text + problem.description
    }
}
