import Glibc

/// The only file in this module that calls libc for I/O. Each call retries on `EINTR` and
/// reports failure as the C `errno` value, which callers wrap in a ``RecordingError``.
enum SystemCalls {
    /// Opens `path` for reading; `"-"` is standard input (not owned: never closed).
    static func openForReading(_ path: String) -> Result<Int32, SystemError> {
        if path == "-" { return .success(STDIN_FILENO) }
        return retrying { open(path, O_RDONLY | O_CLOEXEC) }
    }

    /// Creates or truncates `path` for writing (mode 0644); `"-"` is standard output.
    static func openForWriting(_ path: String) -> Result<Int32, SystemError> {
        if path == "-" { return .success(STDOUT_FILENO) }
        return retrying { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
    }

    /// Reads at most `count` bytes into `buffer`; 0 means end of file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, SystemError> {
        retrying { Glibc.read(fd, buffer, count) }
    }

    /// Writes all `count` bytes, looping over short writes.
    static func writeAll(_ fd: Int32, from buffer: UnsafeRawPointer, count: Int) -> Result<Void, SystemError> {
        var done = 0
        while done < count {
            switch retrying({ Glibc.write(fd, buffer + done, count - done) }) {
            case .success(let n): done += n
            case .failure(let e): return .failure(e)
            }
        }
        return .success(())
    }

    /// Closes `fd` unless it is one of the standard streams. Never retried: after `EINTR`
    /// the descriptor is already gone on Linux.
    @discardableResult
    static func close(_ fd: Int32) -> Result<Void, SystemError> {
        guard fd > STDERR_FILENO else { return .success(()) }
        return Glibc.close(fd) == 0 ? .success(()) : .failure(SystemError(errno))
    }

    private static func retrying<T: FixedWidthInteger>(_ call: () -> T) -> Result<T, SystemError> {
        while true {
            let r = call()
            if r >= 0 { return .success(r) }
            if errno != EINTR { return .failure(SystemError(errno)) }
        }
    }
}

/// A failed system call's C `errno`.
struct SystemError: Error {
    var errno: Int32
    init(_ errno: Int32) { self.errno = errno }
}
