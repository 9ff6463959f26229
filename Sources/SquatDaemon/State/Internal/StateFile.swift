#if canImport(Glibc)
import Glibc
#endif

/// An open file or directory of the state directory, with the few system calls the count store
/// needs, each retried on EINTR; the one place in the store where `errno` becomes ``StateError``.
/// The owner closes it (``close()``); it is not closed on deinit.
struct StateFile {
    let descriptor: Int32
    let path: String

    /// Opens a directory, first creating it (mode 0755) when `create` is set and it is absent.
    static func openDirectory(_ path: String, create: Bool) throws(StateError) -> StateFile {
        if create && mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .unwritable(path: path, call: "mkdir", errno: errno)
        }
        let fd = try retrying(path, "open") { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        return StateFile(descriptor: fd, path: path)
    }

    /// Opens an existing regular file for reading, or for reading and writing. Anything else in
    /// its place (a directory, a device such as /dev/zero that reads forever) is refused with
    /// ``StateError/notAFile(path:)``.
    static func open(_ path: String, writable: Bool) throws(StateError) -> StateFile {
        let fd = try retrying(path, "open") { Glibc.open(path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NONBLOCK) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw .notAFile(path: path)
        }
        return StateFile(descriptor: fd, path: path)
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Makes `path` hold exactly `bytes`, atomically: a crash leaves either the old file or the new
    /// one, never a mixture. Writes `path.tmp`, syncs it, renames it over `path`, then syncs
    /// `directory` so the rename itself survives a power cut. The file's mode is set to 0644
    /// whatever the umask: counts are not secret, and `squatd status` reads them as any user.
    static func replace(_ path: String, with bytes: [UInt8], in directory: StateFile) throws(StateError) {
        let temporary = path + ".tmp"
        let fd = try retrying(temporary, "open", failure: StateError.unwritable) { Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        let file = StateFile(descriptor: fd, path: temporary)
        do throws(StateError) {
            guard fchmod(fd, 0o644) == 0 else { throw .unwritable(path: temporary, call: "fchmod", errno: errno) }
            try file.write(bytes, at: 0)
            try file.sync()
            file.close()
        } catch {
            file.close()
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .unwritable(path: path, call: "rename", errno: code)
        }
        try directory.sync()
    }

    /// Takes an exclusive advisory lock (flock), failing at once with ``StateError/inUse(path:)``
    /// when another process holds it. Closing the descriptor releases it.
    func lockExclusively() throws(StateError) {
        _ = try Self.retrying(path, "flock") { flock(descriptor, LOCK_EX | LOCK_NB) }
    }

    /// The whole file.
    func readAll() throws(StateError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try Self.retrying(path, "read") {
                chunk.withUnsafeMutableBytes { Glibc.pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<Int(count)])
        }
    }

    /// Writes all of `bytes` at `offset` (pwrite, repeated after a short write).
    func write(_ bytes: [UInt8], at offset: Int) throws(StateError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unwritable(path: path, call: "write", errno: errno)
            }
            done += count
        }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(StateError) {
        _ = try Self.retrying(path, "ftruncate", failure: StateError.unwritable) { ftruncate(descriptor, off_t(length)) }
    }

    /// Waits until what was written is on the storage device (fdatasync; on a directory, its
    /// entries).
    func sync() throws(StateError) {
        _ = try Self.retrying(path, "fdatasync", failure: StateError.unwritable) { fdatasync(descriptor) }
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Runs `call` until it does not fail with EINTR; a failure becomes `failure` (by default
    /// ``StateError/unreadable(path:call:errno:)``), EWOULDBLOCK from flock ``StateError/inUse(path:)``.
    private static func retrying<Result: BinaryInteger>(
        _ path: String, _ name: String,
        failure: (String, String, Int32) -> StateError = StateError.unreadable,
        _ call: () -> Result
    ) throws(StateError) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK && name == "flock" { throw .inUse(path: path) }
            throw failure(path, name, code)
        }
    }
}
