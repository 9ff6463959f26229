import Glibc
import SquatCore
import SystemPackage

/// Streams the samples of a recording file, whatever its size, in constant memory.
///
/// ```swift
/// let reader = try RecordingReader(path: "squats.csv")
/// let placement = reader.metadata["placement"]
/// while let sample = try reader.next() { detector.step(sample) … }
/// ```
///
/// The format (recording v1, phyphox, MetaWear; see ``RecordingFormat``) is recognised from the
/// header, the first line that is neither blank nor a `#` comment; columns are found by name.
/// Blank lines and `#` comment lines may appear anywhere; CRLF line ends, a UTF-8 byte order
/// mark and a missing final newline are accepted; columns beyond the four needed are ignored
/// (not even checked).
///
/// **Metadata visibility.** `init` reads up to and including the first sample row, so every
/// `# key: value` line before the first sample (above or below the header) is in ``metadata``
/// when `init` returns. Metadata lines further down are added as ``next()`` passes them.
///
/// **Cost.** The file is read in 64 KiB chunks into one buffer allocated by `init`; a sample
/// row is parsed from that buffer in place (each number through `strtod` on a reused 64-byte
/// scratch copy), so ``next()`` allocates nothing for sample rows; only comment lines,
/// which are rare, are turned into strings.
///
/// **Errors.** The first bad row ends reading: ``next()`` throws its ``RecordingError`` (with
/// the physical line and the 1-based column) and throws the same error on every later call.
/// A line longer than ``maximumLineLength`` bytes is reported, never buffered, so binary
/// garbage or a 2 MB line costs no more memory than a good file.
///
/// **Two passes.** A regular file (also one on standard input) can be read again from its
/// start with ``rewind()``, for a caller that needs the whole file's span before it can use
/// the samples (``isRewindable``); a pipe cannot.
///
/// **File names** are bytes on Linux and need not be UTF-8: ``init(path:)-(FilePath)`` opens
/// exactly the bytes it is given, and messages show the name with such bytes as U+FFFD.
///
/// The reader owns the file descriptor and closes it when released; standard input (`"-"`)
/// is read but never closed. Not thread-safe: use one reader from one task.
public final class RecordingReader {
    /// Longest line accepted, in bytes without the line break.
    public static let maximumLineLength = 16 * 1024

    /// The path as given (`"-"` for standard input), as text for messages.
    public let file: String
    /// What the header says the file is.
    public let format: RecordingFormat
    /// Physical line (1-based) of the header.
    public let headerLine: Int
    /// The `# key: value` lines read so far (see "Metadata visibility" above), the first
    /// ``RecordingMetadata/maximumEntries`` of them.
    public private(set) var metadata: RecordingMetadata
    /// MetaWear rows skipped so far because they repeat the time of the row before (its
    /// streams stamp the samples of one packet alike); other formats refuse a repeated time.
    public private(set) var repeatedTimesSkipped = 0

    private let lines: LineSource
    private let layout: ColumnLayout
    private let numbers = DecimalNumberParser()
    private var firstSample: Sample?
    private var previousTime: Double?
    private var failure: RecordingError?

    /// Opens `path` (`"-"`: standard input), reads the metadata and header and the first sample.
    ///
    /// Throws `.unreadable` (with errno), `.unknownHeader`, `.missingColumn` (header lacks a
    /// column of its format), `.unsupportedVersion`, `.lineTooLong`, `.noSamples`, or the error
    /// of the first sample row.
    public convenience init(path: FilePath) throws(RecordingError) {
        try self.init(path: path, file: path.description)
    }

    /// Opens `path`, a name that is valid UTF-8 (see ``init(path:)-(FilePath)``).
    public convenience init(path: String) throws(RecordingError) {
        try self.init(path: FilePath(path), file: path)
    }

    /// Opens `path`, named `file` in messages.
    init(path: FilePath, file: String) throws(RecordingError) {
        self.file = file
        lines = try LineSource(path: path, file: file, maximumLineLength: Self.maximumLineLength)
        (layout, headerLine, metadata) = try Self.readHeader(lines)
        format = layout.format
        try readFirstSample()
    }

    /// Whether ``rewind()`` can start over: the input is a regular file, not a pipe.
    public var isRewindable: Bool { lines.isRewindable }

    /// Starts over from the start of the file, as if just opened: ``metadata`` holds what is
    /// above the first sample again, and ``next()`` returns the first sample. Only when
    /// ``isRewindable``. Throws `.unreadable`, or what the file's rows now hold if it changed
    /// in between (a file that grew is read to its new end; the columns stay those found
    /// the first time).
    public func rewind() throws(RecordingError) {
        try lines.rewind()
        failure = nil
        previousTime = nil
        repeatedTimesSkipped = 0
        (_, _, metadata) = try Self.readHeader(lines)
        try readFirstSample()
    }

    /// Reads the lines up to and including the header: its layout and line, and the metadata
    /// above it.
    private static func readHeader(_ lines: LineSource) throws(RecordingError)
        -> (layout: ColumnLayout, line: Int, metadata: RecordingMetadata) {
        var metadata = RecordingMetadata()
        while true {
            guard let line = try lines.nextLine() else {
                throw RecordingError(file: lines.file, line: 0, column: 0, kind: .noSamples)
            }
            if try !skip(line, lineNumber: lines.lineNumber, file: lines.file, into: &metadata) {
                return (try ColumnLayout(header: line, lineNumber: lines.lineNumber, file: lines.file), lines.lineNumber, metadata)
            }
        }
    }

    /// Reads ahead to the first sample, so that the metadata above it is in ``metadata``.
    private func readFirstSample() throws(RecordingError) {
        firstSample = nil
        guard let sample = try next() else {
            throw RecordingError(file: file, line: 0, column: 0, kind: .noSamples)
        }
        firstSample = sample
    }

    /// The next sample in file order, or nil at the end of the file.
    /// Time is strictly increasing across the samples returned.
    public func next() throws(RecordingError) -> Sample? {
        if let failure { throw failure }
        if let sample = firstSample {
            firstSample = nil
            return sample
        }
        do throws(RecordingError) {
            while let line = try lines.nextLine() {
                // Only comment lines touch `metadata`: passing it `inout` costs a run-time
                // exclusivity check, which sample rows should not pay.
                if Self.isBlankOrComment(line) {
                    _ = try Self.skip(line, lineNumber: lines.lineNumber, file: file, into: &metadata)
                    continue
                }
                guard let sample = try parse(line) else { continue }
                previousTime = sample.t
                return sample
            }
            return nil
        } catch {
            failure = error
            throw error
        }
    }

    /// Calls `body` with every remaining sample, in order.
    public func forEach(_ body: (Sample) -> Void) throws(RecordingError) {
        while let sample = try next() { body(sample) }
    }

    // MARK: - Lines

    /// Whether `line` is blank or a `#` comment (spaces and tabs before it allowed).
    private static func isBlankOrComment(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < line.count && (line[i] == UInt8(ascii: " ") || line[i] == UInt8(ascii: "\t")) { i += 1 }
        return i == line.count || line[i] == UInt8(ascii: "#")
    }

    /// Whether `line` is blank or a comment (recording metadata found there).
    private static func skip(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int, file: String,
                             into metadata: inout RecordingMetadata) throws(RecordingError) -> Bool {
        var i = 0
        while i < line.count && (line[i] == UInt8(ascii: " ") || line[i] == UInt8(ascii: "\t")) { i += 1 }
        if i == line.count { return true }
        guard line[i] == UInt8(ascii: "#") else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: line[(i + 1)...]), as: UTF8.self)
        if let (key, value) = RecordingMetadata.parse(comment: Substring(text)) {
            if key.lowercased() == RecordingMetadata.versionKey && value != "1" {
                throw RecordingError(file: file, line: lineNumber, column: 1, kind: .unsupportedVersion(value))
            }
            metadata.append(.init(key: key, value: value, line: lineNumber))
        }
        return true
    }

    /// Parses a sample row: the needed fields, converted, with time checked against the
    /// previous row; nil for a MetaWear row that repeats the previous time. Allocates nothing
    /// unless it throws.
    private func parse(_ line: UnsafeBufferPointer<UInt8>) throws(RecordingError) -> Sample? {
        let delimiter = layout.delimiter
        let lastNeeded = layout.roleAt.count - 1
        var field = 0
        var i = 0
        var fieldsSeen = 0
        // The row's values by ``ColumnLayout/Role``, in locals: kept out of the instance's
        // stored properties, whose every write the runtime would check for exclusive access.
        var t = 0.0, x = 0.0, y = 0.0, z = 0.0
        // A decimal comma is only read in one pass with its field when it cannot be the delimiter.
        let fastComma = layout.allowsDecimalComma && delimiter != UInt8(ascii: ",")
        while field <= lastNeeded {
            let role = layout.roleAt[field]
            var value = 0.0
            if role != nil, let (number, end) = numbers.fastPrefix(of: line, from: i, allowsDecimalComma: fastComma),
               end == line.count || line[end] == delimiter {
                // The common case, a field that is exactly a plain number: read and delimited in one pass.
                value = number
                i = end
            } else {
                var fieldStart = i
                var fieldEnd: Int
                if i < line.count && line[i] == UInt8(ascii: "\"") {
                    // Quoted field: up to the closing quote, then on to the delimiter.
                    fieldStart = i + 1
                    fieldEnd = fieldStart
                    // A doubled quote ("") is a quote inside the field (RFC 4180), not its end.
                    while fieldEnd < line.count {
                        if line[fieldEnd] == UInt8(ascii: "\"") {
                            guard fieldEnd + 1 < line.count && line[fieldEnd + 1] == UInt8(ascii: "\"") else { break }
                            fieldEnd += 1
                        }
                        fieldEnd += 1
                    }
                    i = fieldEnd
                    while i < line.count && line[i] != delimiter { i += 1 }
                } else {
                    fieldEnd = i
                    while fieldEnd < line.count && line[fieldEnd] != delimiter { fieldEnd += 1 }
                    i = fieldEnd
                }
                if let role { value = try number(line, fieldStart, fieldEnd, column: field + 1, role: role) }
            }
            fieldsSeen = field + 1
            switch role {
            case .time?: t = value * layout.timeScale
            case .x?: x = value * layout.accelerationScale
            case .y?: y = value * layout.accelerationScale
            case .z?: z = value * layout.accelerationScale
            case nil: break
            }
            field += 1
            if i >= line.count { break }
            i += 1 // past the delimiter
        }
        if fieldsSeen <= lastNeeded {
            // The row ended early: name the first needed column it lacks.
            let missing = layout.indices.filter { $0 >= fieldsSeen }.min()!
            let role = layout.roleAt[missing]!.rawValue
            throw RecordingError(file: file, line: lines.lineNumber, column: missing + 1,
                                 kind: .missingColumn(name: layout.names[role]))
        }
        if let previous = previousTime, t <= previous {
            if t == previous, case .metaWear = layout.format {
                // MetaWear streams stamp samples packed into one Bluetooth packet alike (and
                // its elapsed time has three decimals): the repeats are skipped, not an error.
                repeatedTimesSkipped += 1
                return nil
            }
            let column = layout.indices[ColumnLayout.Role.time.rawValue] + 1
            throw RecordingError(file: file, line: lines.lineNumber, column: column,
                                 kind: t == previous ? .timeRepeated(t: t) : .timeBackwards(t: t, previous: previous))
        }
        return Sample(t: t, x: x, y: y, z: z)
    }

    /// Parses `line[from..<to]` (spaces around it allowed) as a finite decimal number.
    private func number(_ line: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int,
                        column: Int, role: ColumnLayout.Role) throws(RecordingError) -> Double {
        var from = from, to = to
        while from < to && (line[from] == UInt8(ascii: " ") || line[from] == UInt8(ascii: "\t")) { from += 1 }
        while to > from && (line[to - 1] == UInt8(ascii: " ") || line[to - 1] == UInt8(ascii: "\t")) { to -= 1 }
        switch numbers.parse(UnsafeBufferPointer(rebasing: line[from..<to]), allowsDecimalComma: layout.allowsDecimalComma) {
        case .number(let value): return value
        case .nonNumeric: throw fieldError(line, from, to, column: column, role: role, nonFinite: false)
        case .nonFinite: throw fieldError(line, from, to, column: column, role: role, nonFinite: true)
        }
    }

    private func fieldError(_ line: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int,
                            column: Int, role: ColumnLayout.Role, nonFinite: Bool) -> RecordingError {
        let text = String(decoding: UnsafeBufferPointer(rebasing: line[from..<to]), as: UTF8.self)
        let name = layout.names[role.rawValue]
        return RecordingError(file: file, line: lines.lineNumber, column: column,
                              kind: nonFinite ? .nonFiniteValue(column: name, text: text)
                                              : .nonNumericField(column: name, text: text))
    }
}
