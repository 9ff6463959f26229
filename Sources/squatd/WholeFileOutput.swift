import Glibc
import SquatRecordings
import SquatSensors
import SystemPackage

/// An output file that appears whole or not at all: written under a temporary name beside it,
/// flushed to disk, then renamed over it, so that a write that fails half way (a full disk, a
/// file size limit, a power cut) leaves the file that was there, or none, rather than half a
/// recording whose metadata still promises its reps or an SVG cut mid-element.
///
/// A file replaced keeps its permission bits and, where this user may give them, its owner
/// and group (`sudo squatd plot` over a user's picture leaves it theirs); it gets a new inode,
/// so a hard link to the old one keeps the old content, as after an editor's safe save. Where
/// the destination cannot be renamed over (a file bind-mounted into a container: `EBUSY`), the
/// finished file is copied into it in place, as it was written before. Interrupted (SIGINT,
/// SIGTERM, SIGHUP), the temporary file is removed before the signal takes its course; killed
/// outright (`SIGKILL`), the process leaves it, and the next write to the same file removes it.
///
/// For `simulate` and `plot`, which make a whole file at once. (`record` writes as the sensor
/// delivers, and what it wrote before a failure is worth keeping.) Only a regular file, or a
/// name nothing has yet, is replaced so: standard output (`-`), a device such as `/dev/null`,
/// a FIFO or a symlink is written in place, as before, since renaming over it would replace it.
struct WholeFileOutput {
    /// Where the output must end up.
    let destination: FilePath
    /// Where to write it now: a temporary name beside ``destination``, or ``destination`` itself.
    let writePath: FilePath

    init(_ destination: FilePath) {
        self.destination = destination
        writePath = Self.temporaryName(for: destination) ?? destination
        if writePath != destination { InterruptCleanup.arm(removing: writePath) }
    }

    /// Writes `destination` whole or not at all: `write` writes the output to the path it is
    /// given (``writePath``), then the file is put in place; any failure, `write`'s or putting
    /// it in place, leaves what was there and is reported against `destination`.
    static func write(to destination: FilePath, _ write: (FilePath) throws(RecordingError) -> Void) throws(RecordingError) {
        let file = WholeFileOutput(destination)
        do throws(RecordingError) {
            try write(file.writePath)
            if let failure = file.commit() {
                throw RecordingError(file: destination.description, line: 0, column: 0, kind: .unwritable(errno: failure))
            }
        } catch var error {
            file.abandon()
            error.file = destination.description
            throw error
        }
    }

    /// Writes all of `bytes` to `fd`, retrying what a signal interrupts; the errno of a failure.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            done += n
        }
        return nil
    }

    /// A new, empty file beside `destination`, created here (`O_EXCL`: nothing planted under
    /// its name is written through) with the old file's mode and owner; nil to write in place.
    private static func temporaryName(for destination: FilePath) -> FilePath? {
        guard destination != "-", let name = destination.lastComponent else { return nil }
        var status = stat()
        let found = destination.withPlatformString { lstat($0, &status) } == 0
        if found ? status.st_mode & S_IFMT != S_IFREG : errno != ENOENT { return nil }
        guard let component = FilePath.Component(temporaryPrefix(for: name) + "\(getpid()).tmp") else { return nil }
        var temporary = destination
        temporary.removeLastComponent()
        removeAbandoned(in: temporary, for: name)
        temporary.append(component)
        let fd = temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        // A directory that takes no new file may still hold a writable file: write in place.
        guard fd >= 0 else { return nil }
        if found {
            // Another user's file keeps its owner when root replaces it; others may not give
            // a file away (EPERM), and keep it theirs, as when they truncated it in place.
            _ = fchown(fd, status.st_uid, status.st_gid)
            _ = fchmod(fd, status.st_mode & 0o7777)
        }
        close(fd)
        return temporary
    }

    /// The temporary names for a destination named `name` are this followed by the writer's
    /// process ID and `.tmp`.
    private static func temporaryPrefix(for name: FilePath.Component) -> String {
        ".\(name).squatd-"
    }

    /// Removes temporary files that writers of the same destination left in `directory` when
    /// they were killed in a way no handler sees (`SIGKILL`, a crash, a power cut): a file is
    /// abandoned when the process named in it is gone. One whose writer lives, here or as a
    /// recycled process ID, is left alone; so is anything that is not a regular file.
    private static func removeAbandoned(in directory: FilePath, for name: FilePath.Component) {
        let prefix = temporaryPrefix(for: name), suffix = ".tmp"
        guard let stream = (directory.isEmpty ? "." : directory).withPlatformString({ opendir($0) }) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let entryName = directoryEntryName(entry)
            guard entryName.hasPrefix(prefix), entryName.hasSuffix(suffix),
                  let pid = pid_t(entryName.dropFirst(prefix.count).dropLast(suffix.count)), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            var abandoned = directory
            abandoned.append(entryName)
            var status = stat()
            if abandoned.withPlatformString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG {
                _ = abandoned.withPlatformString { unlink($0) }
            }
        }
    }

    /// Puts the written file in place; the errno of a failure.
    private func commit() -> Int32? {
        guard writePath != destination else { return nil }
        defer { InterruptCleanup.disarm() }
        // On disk before it takes the old file's name: after a power cut the name holds the
        // old file or the new one, not an empty one.
        let fd = writePath.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
        if writePath.withPlatformString({ from in destination.withPlatformString { rename(from, $0) } }) == 0 { return nil }
        var failure = errno
        if failure == EBUSY || failure == EXDEV { failure = copyInPlace() ?? 0 }
        abandon()
        return failure == 0 ? nil : failure
    }

    /// Removes what was written under the temporary name (after a failure).
    private func abandon() {
        guard writePath != destination else { return }
        _ = writePath.withPlatformString { unlink($0) }
        InterruptCleanup.disarm()
    }

    /// Copies the finished temporary file into ``destination`` (truncated), for a destination
    /// that cannot be renamed over; the errno of a failure.
    private func copyInPlace() -> Int32? {
        let from = writePath.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
        guard from >= 0 else { return errno }
        defer { close(from) }
        let to = destination.withPlatformString { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard to >= 0 else { return errno }
        defer { close(to) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
            if n == 0 { return fsync(to) == 0 ? nil : errno }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if let failure = buffer.withUnsafeBytes({ Self.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<n]), to: to) }) {
                return failure
            }
        }
    }
}

/// Removes a temporary output file when SIGINT, SIGTERM or SIGHUP ends the process while it is
/// written, then lets the signal end it as it would have. A signal the process ignores stays
/// ignored. One file at a time: `simulate` and `plot` write one. (A process killed outright
/// leaves its file, which the next write of the same destination removes.)
private enum InterruptCleanup {
    /// The file's path, a C string, read by the handler (which may call only async-signal-safe
    /// functions: `unlink`, `signal`, `raise`).
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    static func arm(removing file: FilePath) {
        disarm()
        path = file.withPlatformString { strdup($0) }
        for s in signals where !isIgnored(s) {
            signal(s, { received in
                if let path = InterruptCleanup.path { unlink(path) }
                signal(received, SIG_DFL)
                raise(received)
            })
        }
    }

    static func disarm() {
        guard let armed = path else { return }
        for s in signals where !isIgnored(s) { signal(s, SIG_DFL) }
        path = nil
        free(armed)
    }

    private static func isIgnored(_ s: Int32) -> Bool {
        var current = sigaction()
        sigaction(s, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
