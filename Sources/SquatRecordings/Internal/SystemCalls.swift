import Glibc
import SystemPackage

/// The only file in this module that calls libc for I/O. Each call retries on `EINTR` and
/// reports failure as the C `errno` value, which callers wrap in a ``RecordingError``.
enum SystemCalls {
    /// Opens `path` for reading; `"-"` is standard input (not owned: never closed).
    /// The path's own bytes reach `open(2)`, whether or not they are UTF-8.
    static func openForReading(_ path: FilePath) -> Result<Int32, SystemError> {
        if path == "-" { return .success(STDIN_FILENO) }
        return retrying { path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) } }
    }

    /// Creates or truncates `path` for writing (mode 0644); `"-"` is standard output.
    static func openForWriting(_ path: FilePath) -> Result<Int32, SystemError> {
        if path == "-" { return .success(STDOUT_FILENO) }
        return retrying { path.withPlatformString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } }
    }

    /// The offset `fd` is at when it is a regular file, which can be read again from there;
    /// nil for a pipe, a terminal or a device.
    static func rereadableOffset(_ fd: Int32) -> off_t? {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let offset = lseek(fd, 0, SEEK_CUR)
        return offset >= 0 ? offset : nil
    }

    /// Moves `fd` to `offset` bytes from the start of its file.
    static func seek(_ fd: Int32, to offset: off_t) -> Result<Void, SystemError> {
        lseek(fd, offset, SEEK_SET) == offset ? .success(()) : .failure(SystemError(errno))
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
