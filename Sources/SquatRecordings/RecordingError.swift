import Glibc

import SquatCore

/// Why a recording (or a manifest) could not be read or written, and exactly where.
///
/// Errors are data: ``file`` is the path as the caller gave it, ``line`` the physical line in
/// the file (1-based, every `\n` counts, including those of blank and comment lines) and
/// ``column`` the 1-based field (CSV column) that is wrong. Errors about the file as a whole
/// (it cannot be opened, it is empty of samples) have `line` 0 and `column` 0.
///
/// All user-facing text is written in ``description``, in the compiler-style form
/// `FILE:LINE:COLUMN: what is wrong`, or `FILE: what is wrong` for whole-file errors.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// A field that must hold a decimal number holds `text` (shown escaped and shortened).
        case nonNumericField(column: String, text: String)
        /// A row ends before the column `name`, or the header lacks a column the format needs.
        case missingColumn(name: String)
        /// The header names a column the format needs twice (reported at the second).
        case duplicateColumn(name: String)
        /// A value reads as NaN or infinity (or overflows a double).
        case nonFiniteValue(column: String, text: String)
        /// Time goes backwards: `t` is earlier than the previous row's `previous`, seconds.
        case timeBackwards(t: Double, previous: Double)
        /// Time repeats: two rows carry the same `t`, seconds.
        case timeRepeated(t: Double)
        /// The first line that is not blank or a comment is not a header of a known format.
        case unknownHeader(text: String)
        /// The header's column `name` holds a rotation rate, not an acceleration: a gyroscope
        /// export (MetaWear and phyphox write each sensor to its own file).
        case notAcceleration(name: String)
        /// `# squatd-recording:` names a version this reader does not know.
        case unsupportedVersion(String)
        /// A line is longer than ``RecordingReader/maximumLineLength`` bytes.
        case lineTooLong(limit: Int)
        /// The file has no sample rows (it may be empty, or hold only a header and comments).
        case noSamples
        /// The file could not be opened, read or written; `errno` is the C error number.
        case unreadable(errno: Int32)
        /// The file could not be written; `errno` is the C error number.
        case unwritable(errno: Int32)
        /// A placement name (metadata or manifest) that ``SquatCore/Placement`` does not know.
        case unknownPlacement(String)
        /// A manifest `kind` other than `squat`, `idle` or `other`.
        case unknownSetKind(String)
        /// A manifest `expected_reps` below zero.
        case negativeCount(Int)
        /// A manifest row naming a `file` an earlier row (at `firstLine`) already names.
        case duplicateRow(file: String, firstLine: Int)
        /// The rep times of metadata `key` (`rep_starts_s`, `rep_ends_s`) are not in increasing
        /// order: the one at `position` (1-based), `time` seconds, is not after the one before
        /// it, `previous` seconds.
        case repTimesOutOfOrder(key: String, position: Int, time: Double, previous: Double)
        /// A count of reps (metadata `key`) that is a number but not a whole one, `text`.
        case notACount(key: String, text: String)
        /// `rep_ends_s` lists `ends` times for `starts` rep starts.
        case repTimesCount(starts: Int, ends: Int)
        /// Rep `rep` (1-based) ends before it starts.
        case repEndsBeforeStart(rep: Int)
        /// `expected_reps` is `expected`, but `rep_starts_s` lists `listed` reps.
        case expectedRepsDisagree(expected: Int, listed: Int)
    }

    /// The path as given by the caller (`-` for standard input/output).
    public var file: String
    /// Physical line, 1-based; 0 when the error concerns the whole file.
    public var line: Int
    /// Field (CSV column), 1-based; 0 when the error concerns a whole line or file.
    public var column: Int
    public var kind: Kind

    public init(file: String, line: Int, column: Int, kind: Kind) {
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
    }

    /// `FILE:LINE:COLUMN: what is wrong` (or `FILE:LINE: …` / `FILE: …` without a position).
    public var description: String {
        var place = file
        if line > 0 { place += ":\(line)" }
        if line > 0 && column > 0 { place += ":\(column)" }
        return "\(place): \(message)"
    }

    /// The text after the position.
    public var message: String {
        switch kind {
        case .nonNumericField(let column, let text):
            return text.isEmpty
                ? "empty field where a number is expected (\(column))"
                : "non-numeric field \(quoted(text)) where a number is expected (\(column))"
        case .missingColumn(let name):
            return "missing column \(quoted(name))"
        case .duplicateColumn(let name):
            return "column \(quoted(name)) appears twice in the header"
        case .nonFiniteValue(let column, let text):
            return "NaN or infinite value \(quoted(text)) (\(column))"
        case .timeBackwards(let t, let previous):
            return "time goes backwards: \(t) s after \(previous) s"
        case .timeRepeated(let t):
            return "time repeats: \(t) s appears twice in a row"
        case .unknownHeader(let text):
            return "unknown header \(quoted(text)): expected recording v1 (t,ax,ay,az), a phyphox acceleration export or a MetaWear accelerometer export"
        case .notAcceleration(let name):
            return "column \(quoted(name)) is a rotation rate, not an acceleration: this looks like a gyroscope export; give the accelerometer's file"
        case .unsupportedVersion(let version):
            return "unsupported recording version \(quoted(version)) (this reader knows version 1)"
        case .lineTooLong(let limit):
            return "line longer than \(limit) bytes"
        case .noSamples:
            return "no samples"
        case .unreadable(let errno):
            return "cannot read: \(errorText(errno))"
        case .unwritable(let errno):
            return "cannot write: \(errorText(errno))"
        case .unknownPlacement(let name):
            return "unknown placement \(quoted(name)) (valid: \(Placement.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unknownSetKind(let name):
            return "unknown kind \(quoted(name)) (valid: squat, idle, other)"
        case .negativeCount(let count):
            return "expected_reps is \(count): a count of reps is 0 or more"
        case .duplicateRow(let file, let firstLine):
            return "\(quoted(file)) is already listed on line \(firstLine)"
        case .repTimesOutOfOrder(let key, let position, let time, let previous):
            return "\(key): time \(position), \(time) s, is not after the one before it, \(previous) s (rep times go in increasing order)"
        case .notACount(let key, let text):
            return "\(key) is \(quoted(text)): a count of reps is a whole number"
        case .repTimesCount(let starts, let ends):
            return "rep_ends_s lists \(ends) time\(ends == 1 ? "" : "s") for \(starts) rep start\(starts == 1 ? "" : "s") (one end per start)"
        case .repEndsBeforeStart(let rep):
            return "rep \(rep) ends before it starts (rep_ends_s against rep_starts_s)"
        case .expectedRepsDisagree(let expected, let listed):
            return "expected_reps is \(expected), but rep_starts_s lists \(listed) rep\(listed == 1 ? "" : "s")"
        }
    }
}

/// Quotes text from a file for an error message: control and non-ASCII bytes escaped,
/// at most 40 characters, so a line of binary garbage cannot flood the terminal.
private func quoted(_ text: String) -> String {
    var out = "'"
    var shown = 0
    for scalar in text.unicodeScalars {
        if shown == 40 { out += "…"; break }
        switch scalar {
        case "'": out += "\\'"
        case "\\": out += "\\\\"
        case " "..."~": out.unicodeScalars.append(scalar)
        default:
            out += scalar.value < 0x100
                ? "\\x" + hex(scalar.value, digits: 2)
                : "\\u{" + String(scalar.value, radix: 16) + "}"
        }
        shown += 1
    }
    return out + "'"
}

private func hex(_ value: UInt32, digits: Int) -> String {
    let s = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - s.count)) + s
}

private func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
