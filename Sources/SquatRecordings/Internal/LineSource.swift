import Glibc
import SystemPackage

/// Reads a file in fixed-size chunks and hands out its lines one at a time, as views into
/// its own buffer: memory stays at ``RecordingReader/maximumLineLength`` plus one chunk
/// whatever the file's size, and no line is copied or allocated.
///
/// Lines end at `\n`; a `\r` before it (CRLF) is dropped, and so is a UTF-8 byte order mark
/// at the start of the file. The last line may lack its `\n`. A line longer than the limit is
/// an error (`.lineTooLong`) rather than a reason to grow the buffer.
final class LineSource {
    let file: String
    /// Physical line number (1-based) of the line last returned; 0 before the first.
    private(set) var lineNumber = 0

    private let descriptor: Int32
    /// Where the file started when opened, if it is a regular file that can be read again.
    private let startOffset: off_t?
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private let maximumLineLength: Int
    private static let chunkSize = 64 * 1024
    /// A line's "\r" and line 1's UTF-8 byte order mark, which do not count towards its length.
    private static let lineEndAndMarkBytes = 4
    /// Unconsumed bytes are `buffer[start..<end]`; `buffer[start..<scanned]` holds no `\n`.
    private var start = 0, end = 0, scanned = 0
    private var atEndOfFile = false

    /// Opens `path` (`"-"`: standard input), named `file` in errors. Throws `.unreadable`
    /// with the C errno.
    init(path: FilePath, file: String, maximumLineLength: Int) throws(RecordingError) {
        self.file = file
        switch SystemCalls.openForReading(path) {
        case .success(let fd): descriptor = fd
        case .failure(let e): throw RecordingError(file: file, line: 0, column: 0, kind: .unreadable(errno: e.errno))
        }
        startOffset = SystemCalls.rereadableOffset(descriptor)
        self.maximumLineLength = maximumLineLength
        capacity = maximumLineLength + Self.chunkSize + 1
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        SystemCalls.close(descriptor)
        buffer.deallocate()
    }

    /// Whether ``rewind()`` can start over: the input is a regular file (also as standard
    /// input), not a pipe or a terminal.
    var isRewindable: Bool { startOffset != nil }

    /// Starts over at the first line, as if just opened. Only when ``isRewindable``.
    func rewind() throws(RecordingError) {
        precondition(startOffset != nil, "rewinding input that can be read only once")
        if case .failure(let e) = SystemCalls.seek(descriptor, to: startOffset!) {
            throw RecordingError(file: file, line: 0, column: 0, kind: .unreadable(errno: e.errno))
        }
        start = 0
        end = 0
        scanned = 0
        atEndOfFile = false
        lineNumber = 0
    }

    /// The next line without its line break, valid until the next call; nil at end of file.
    func nextLine() throws(RecordingError) -> UnsafeBufferPointer<UInt8>? {
        while true {
            if scanned < end, let found = memchr(buffer + scanned, Int32(UInt8(ascii: "\n")), end - scanned) {
                let newline = found.assumingMemoryBound(to: UInt8.self) - buffer
                return try take(upTo: newline, next: newline + 1)
            }
            scanned = end
            // A partial line may still hold its "\r" and, on line 1, a byte order mark, which
            // `take` strips before its own exact check.
            guard end - start <= maximumLineLength + Self.lineEndAndMarkBytes else {
                throw RecordingError(file: file, line: lineNumber + 1, column: 1, kind: .lineTooLong(limit: maximumLineLength))
            }
            if atEndOfFile {
                return start == end ? nil : try take(upTo: end, next: end)
            }
            try refill()
        }
    }

    private func take(upTo lineEnd: Int, next: Int) throws(RecordingError) -> UnsafeBufferPointer<UInt8> {
        lineNumber += 1
        var first = start
        var last = lineEnd
        start = next
        scanned = next
        if last > first && buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        if lineNumber == 1 && last - first >= 3 && buffer[first] == 0xEF && buffer[first + 1] == 0xBB && buffer[first + 2] == 0xBF {
            first += 3
        }
        guard last - first <= maximumLineLength else {
            throw RecordingError(file: file, line: lineNumber, column: 1, kind: .lineTooLong(limit: maximumLineLength))
        }
        return UnsafeBufferPointer(start: buffer + first, count: last - first)
    }

    /// Moves the unconsumed tail to the front and reads one more chunk after it.
    private func refill() throws(RecordingError) {
        if start > 0 {
            memmove(buffer, buffer + start, end - start)
            end -= start
            scanned -= start
            start = 0
        }
        switch SystemCalls.read(descriptor, into: buffer + end, count: capacity - end) {
        case .success(0): atEndOfFile = true
        case .success(let n): end += n
        case .failure(let e):
            throw RecordingError(file: file, line: 0, column: 0, kind: .unreadable(errno: e.errno))
        }
    }
}
