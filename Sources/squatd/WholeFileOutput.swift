import Glibc
import SystemPackage

/// An output file that appears whole or not at all: written under a temporary name beside it,
/// then renamed over it, so that a write that fails half way (a full disk, a file size limit)
/// leaves the file that was there, or none, rather than half a recording whose metadata still
/// promises its reps or an SVG cut mid-element.
///
/// A file replaced keeps its permission bits; it gets a new inode, so a hard link to the old
/// one keeps the old content, as with an editor's safe save.
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
    }

    /// A new, empty file beside `destination`, created here so that nothing else (a symlink
    /// planted in a shared directory) is written through; nil to write in place.
    private static func temporaryName(for destination: FilePath) -> FilePath? {
        guard destination != "-", let name = destination.lastComponent else { return nil }
        var status = stat()
        let found = destination.withPlatformString { lstat($0, &status) } == 0
        if found ? status.st_mode & S_IFMT != S_IFREG : errno != ENOENT { return nil }
        guard let component = FilePath.Component(".\(name).squatd-\(getpid()).tmp") else { return nil }
        var temporary = destination
        temporary.removeLastComponent()
        temporary.append(component)
        let fd = temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        // A directory that takes no new file may still hold a writable file: write in place.
        guard fd >= 0 else { return nil }
        // A file replaced keeps its permissions, as one truncated in place did.
        if found { _ = fchmod(fd, status.st_mode & 0o7777) }
        close(fd)
        return temporary
    }

    /// Puts the written file in place; the errno of a failure.
    func commit() -> Int32? {
        guard writePath != destination else { return nil }
        let renamed = writePath.withPlatformString { from in destination.withPlatformString { rename(from, $0) } }
        if renamed == 0 { return nil }
        let failure = errno
        abandon()
        return failure
    }

    /// Removes what was written under the temporary name (after a failure).
    func abandon() {
        guard writePath != destination else { return }
        _ = writePath.withPlatformString { unlink($0) }
    }
}
