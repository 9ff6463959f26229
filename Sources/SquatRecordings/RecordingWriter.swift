import SquatCore
import SystemPackage

/// Writes a recording in format v1:
///
/// ```
/// # squatd-recording: 1
/// # placement: thigh
/// t,ax,ay,az
/// 0.000000,-8.40235,-0.55171,5.09404
/// ```
///
/// `t` is written with 6 decimals (microseconds), accelerations with 5 (10 µm/s²), through a
/// private 64 KiB buffer: writing a sample never allocates, and makes a system call only when
/// the buffer is full.
/// The writer refuses what the reader would reject: NaN or infinite values, and times that do
/// not increase after rounding to microseconds. It owns the file descriptor it opened and
/// closes it in ``close()`` (or, without reporting errors, when released); standard output
/// (`"-"`) is flushed but never closed.
public final class RecordingWriter {
    /// The path as given (`"-"` for standard output).
    public let file: String
    private let descriptor: Int32
    private let buffer: UnsafeMutableRawPointer
    private static let capacity = 64 * 1024
    private var used = 0
    /// Physical line the next row will be written on, for error positions.
    private var line = 1
    private var previousTime: Int64?
    private var isClosed = false

    /// Opens (creating or truncating) `path`, or standard output for `"-"`, and writes the
    /// version line, one `# key: value` line per metadata entry (in order) and the header.
    ///
    /// Keys are written as metadata keys (letters, digits, `_`, `-`, `.`; anything else becomes
    /// `-`); line breaks in values become spaces. A `squatd-recording` entry is dropped: the
    /// writer always writes version 1.
    public convenience init(to path: FilePath, metadata: [(key: String, value: String)] = []) throws(RecordingError) {
        try self.init(to: path, file: path.description, metadata: metadata)
    }

    /// Opens `path`, a name that is valid UTF-8 (see ``init(to:metadata:)-(FilePath,_)``).
    public convenience init(to path: String, metadata: [(key: String, value: String)] = []) throws(RecordingError) {
        try self.init(to: FilePath(path), file: path, metadata: metadata)
    }

    private init(to path: FilePath, file: String, metadata: [(key: String, value: String)]) throws(RecordingError) {
        self.file = file
        switch SystemCalls.openForWriting(path) {
        case .success(let fd): descriptor = fd
        case .failure(let e): throw RecordingError(file: file, line: 0, column: 0, kind: .unwritable(errno: e.errno))
        }
        buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 8)
        try appendLine("# squatd-recording: 1")
        for entry in metadata where entry.key != RecordingMetadata.versionKey {
            try appendLine("# \(RecordingMetadata.sanitizedKey(entry.key)): \(RecordingMetadata.sanitizedValue(entry.value))")
        }
        try appendLine("t,ax,ay,az")
    }

    deinit {
        if !isClosed {
            _ = try? flush()
            SystemCalls.close(descriptor)
        }
        buffer.deallocate()
    }

    /// Appends one row. Throws `.nonFiniteValue` for NaN or infinity and `.timeBackwards` /
    /// `.timeRepeated` when `sample.t`, rounded to microseconds, does not exceed the previous
    /// row's; nothing is written then. Throws `.unwritable` when flushing the buffer fails.
    /// Writing after ``close()`` is a programming error and traps.
    public func write(_ sample: Sample) throws(RecordingError) {
        precondition(!isClosed, "RecordingWriter.write after close()")
        try checkFinite(sample.t, column: 1)
        try checkFinite(sample.x, column: 2)
        try checkFinite(sample.y, column: 3)
        try checkFinite(sample.z, column: 4)
        let micros = (sample.t * 1e6).rounded(.toNearestOrAwayFromZero)
        if let previous = previousTime, abs(micros) < 9e15 {
            let current = Int64(micros)
            if current == previous {
                throw RecordingError(file: file, line: line, column: 1, kind: .timeRepeated(t: sample.t))
            } else if current < previous {
                throw RecordingError(file: file, line: line, column: 1,
                                     kind: .timeBackwards(t: sample.t, previous: Double(previous) / 1e6))
            }
        }
        if abs(micros) < 9e15 { previousTime = Int64(micros) }
        if used + 4 * 48 > Self.capacity { try flush() }
        used += ByteFormatting.appendFixed(sample.t, decimals: 6, to: buffer, at: used)
        appendByte(UInt8(ascii: ","))
        used += ByteFormatting.appendFixed(sample.x, decimals: 5, to: buffer, at: used)
        appendByte(UInt8(ascii: ","))
        used += ByteFormatting.appendFixed(sample.y, decimals: 5, to: buffer, at: used)
        appendByte(UInt8(ascii: ","))
        used += ByteFormatting.appendFixed(sample.z, decimals: 5, to: buffer, at: used)
        appendByte(UInt8(ascii: "\n"))
        line += 1
    }

    /// Writes out what is buffered and closes the file (standard output is only flushed).
    /// Reports the first error of the two; the descriptor is released either way.
    public func close() throws(RecordingError) {
        guard !isClosed else { return }
        isClosed = true
        let flushed: Result<Void, RecordingError>
        do { try flush(); flushed = .success(()) } catch { flushed = .failure(error) }
        let closed = SystemCalls.close(descriptor)
        try flushed.get()
        if case .failure(let e) = closed {
            throw RecordingError(file: file, line: 0, column: 0, kind: .unwritable(errno: e.errno))
        }
    }

    private func checkFinite(_ value: Double, column: Int) throws(RecordingError) {
        guard !value.isFinite else { return }
        throw RecordingError(file: file, line: line, column: column,
                             kind: .nonFiniteValue(column: RecordingFormat.v1Columns[column - 1], text: value.description))
    }

    private func appendByte(_ byte: UInt8) {
        buffer.storeBytes(of: byte, toByteOffset: used, as: UInt8.self)
        used += 1
    }

    /// Metadata and header lines: rare, so a String is fine here.
    private func appendLine(_ text: String) throws(RecordingError) {
        var text = text
        text.append("\n")
        for byte in text.utf8 {
            if used == Self.capacity { try flush() }
            appendByte(byte)
        }
        line += 1
    }

    private func flush() throws(RecordingError) {
        guard used > 0 else { return }
        let result = SystemCalls.writeAll(descriptor, from: buffer, count: used)
        used = 0
        if case .failure(let e) = result {
            throw RecordingError(file: file, line: 0, column: 0, kind: .unwritable(errno: e.errno))
        }
    }
}
