#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// An open file or directory of the state directory, with the few system calls the count store
/// needs, each retried on EINTR; the one place in the store where `errno` becomes ``StateError``.
/// The owner closes it (``close()``); it is not closed on deinit.
///
/// Paths are ``FilePath``s, handed to the kernel as the bytes they were given in (a directory
/// named on the command line need not be UTF-8). Files inside the directory are reached through
/// the directory's descriptor (`openat`, `renameat`), so they stay in the directory that was
/// opened and locked even if its path is later renamed or a symlink on it retargeted.
struct StateFile {
    let descriptor: Int32
    /// For messages: the directory, or the directory joined with the file's name.
    let path: FilePath

    /// Opens a directory, first creating it (mode 0755 less the umask) when `create` is set and
    /// it is absent. A directory created here gets the mode and owner of `template` when one is
    /// given (the owner only when running as root: nobody else may give a file away). A symlink
    /// to a directory is followed, except right after this call made the directory (a symlink
    /// swapped in then is refused once; the next call, finding the name taken, follows it).
    /// With `create`, the directory is opened to be written in, so a failure (a regular file of
    /// that name: ENOTDIR) is ``StateError/unwritable(path:call:errno:)``; without,
    /// ``StateError/unreadable(path:call:errno:)``.
    static func openDirectory(_ path: FilePath, create: Bool, like template: StateFile? = nil) throws(StateError) -> StateFile {
        var created = false
        if create {
            if path.withPlatformString({ mkdir($0, 0o755) }) == 0 {
                created = true
            } else if errno != EEXIST {
                throw .unwritable(path: path, call: "mkdir", errno: errno)
            }
        }
        // A directory just made is opened without following a symlink, and given the template's
        // mode and owner only if it is ours: one put in its place between mkdir and open (by
        // whoever may write the parent) must not be handed the old owner by a root squatd.
        let fd = try retrying(path, "open", failure: create ? StateError.unwritable : StateError.unreadable) {
            path.withPlatformString { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (created ? O_NOFOLLOW : 0)) }
        }
        let directory = StateFile(descriptor: fd, path: path)
        var old = stat(), made = stat()
        if created, let template, fstat(template.descriptor, &old) == 0, fstat(fd, &made) == 0, made.st_uid == geteuid() {
            do throws(StateError) {
                _ = try retrying(path, "fchmod", failure: StateError.unwritable) { fchmod(fd, old.st_mode & 0o7777) }
                if geteuid() == 0 {
                    _ = try retrying(path, "fchown", failure: StateError.unwritable) { fchown(fd, old.st_uid, old.st_gid) }
                }
            } catch {
                directory.close()
                throw error
            }
        }
        return directory
    }

    /// Opens the existing regular file `name` of this directory for reading, or for reading and
    /// writing (a failure to open for writing, on a read-only file system say, is
    /// ``StateError/unwritable(path:call:errno:)``). Anything else in its place (a directory, a
    /// device such as /dev/zero that reads forever, a symlink) is refused with
    /// ``StateError/notAFile(path:)``, and a symlink with ``StateError/symbolicLink(path:)``:
    /// both need a person (exit 65), not a restart. A symlink is refused because the
    /// directory's lock would not guard what it points to: two daemons on two directories
    /// linked to one journal would overwrite each other's records.
    func open(_ name: String, writable: Bool) throws(StateError) -> StateFile {
        let path = path.appending(name)
        let failure: (FilePath, String, Int32) -> StateError = { path, call, code in
            if code == ELOOP { return .symbolicLink(path: path) }
            if code == EISDIR { return .notAFile(path: path) }
            return writable ? .unwritable(path: path, call: call, errno: code) : .unreadable(path: path, call: call, errno: code)
        }
        let fd = try Self.retrying(path, "open", failure: failure) {
            openat(descriptor, name, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw .notAFile(path: path)
        }
        return StateFile(descriptor: fd, path: path)
    }

    /// Whether this directory has an entry `name` (a symlink counts, even a dangling one: ``open``
    /// then refuses it, rather than a new journal replacing it).
    func contains(_ name: String) -> Bool { faccessat(descriptor, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0 }

    /// Makes this directory's file `name` hold exactly `bytes`, atomically: a crash leaves either
    /// the old file or the new one, never a mixture. Writes `name.tmp`, syncs it, renames it over
    /// `name`, then syncs the directory so the rename itself survives a power cut. The file's mode
    /// is set to 0644 whatever the umask: counts are not secret, and `squatd status` reads them as
    /// any user.
    func replace(_ name: String, with bytes: [UInt8]) throws(StateError) {
        let temporaryName = name + ".tmp"
        let temporary = path.appending(temporaryName)
        let fd = try Self.retrying(temporary, "open", failure: StateError.unwritable) {
            openat(descriptor, temporaryName, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        let file = StateFile(descriptor: fd, path: temporary)
        do throws(StateError) {
            guard fchmod(fd, 0o644) == 0 else { throw .unwritable(path: temporary, call: "fchmod", errno: errno) }
            try file.write(bytes, at: 0)
            try file.sync()
            file.close()
        } catch {
            file.close()
            unlinkat(descriptor, temporaryName, 0)
            throw error
        }
        guard renameat(descriptor, temporaryName, descriptor, name) == 0 else {
            let code = errno
            unlinkat(descriptor, temporaryName, 0)
            throw .unwritable(path: path.appending(name), call: "rename", errno: code)
        }
        try sync()
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

    /// Whether this file or directory has been deleted while open (fstat's link count is 0:
    /// `rm` of the journal, `rm -rf` of the directory). Writes through the descriptor still
    /// succeed then, into an inode nothing names, so a store that goes on appending loses them.
    var isDeleted: Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_nlink == 0
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Runs `call` until it does not fail with EINTR; a failure becomes `failure` (by default
    /// ``StateError/unreadable(path:call:errno:)``), EWOULDBLOCK from flock ``StateError/inUse(path:)``.
    private static func retrying<Result: BinaryInteger>(
        _ path: FilePath, _ name: String,
        failure: (FilePath, String, Int32) -> StateError = StateError.unreadable,
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
