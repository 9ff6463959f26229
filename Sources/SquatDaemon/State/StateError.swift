#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// Why the count store could not be opened, read or written, naming the file (and the line
/// where one is at fault). The text for people is written in one place, ``description``; it shows
/// a path as ``FilePath`` describes it (bytes that are not UTF-8 as U+FFFD).
public enum StateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state directory does not exist (read-only access never creates it).
    case missingDirectory(path: FilePath)
    /// `call` on `path` failed with the C error number `errno` (open, read, mkdir, flock…).
    case unreadable(path: FilePath, call: String, errno: Int32)
    /// Writing or syncing `path` failed with `errno` (write, fdatasync, rename…); the rep being
    /// recorded is not counted.
    case unwritable(path: FilePath, call: String, errno: Int32)
    /// Something other than a regular file (a directory, a device) is where the journal should be.
    case notAFile(path: FilePath)
    /// The journal is a symbolic link, which is never followed: the directory's lock would not
    /// guard the file it points to (two daemons on two directories linked to one journal would
    /// overwrite each other's records).
    case symbolicLink(path: FilePath)
    /// Another process (a second `squatd run`) holds the state directory.
    case inUse(path: FilePath)
    /// A complete line of the journal fails its checksum or does not parse; `line` is 1-based.
    case corrupt(path: FilePath, line: Int)
    /// The journal was written by a newer squatd, in format `version`.
    case newerVersion(path: FilePath, version: Int)
    /// The store was closed.
    case closed(path: FilePath)

    public var description: String {
        switch self {
        case .missingDirectory(let path):
            return "\(path): no such state directory (has squatd run yet? see --state-dir)"
        case .unreadable(let path, let call, let errno), .unwritable(let path, let call, let errno):
            return "\(path): \(call): \(String(cString: strerror(errno)))"
        case .notAFile(let path):
            return "\(path): not a regular file"
        case .symbolicLink(let path):
            return """
                \(path): a symbolic link; squatd refuses to follow it (its lock on the state directory \
                would not cover the file it points to): move that file here in place of the link, or \
                point --state-dir (or [state] directory) at the directory the file is in
                """
        case .inUse(let path):
            return "\(path): in use by another squatd (only one may count into a state directory)"
        case .corrupt(let path, let line):
            return "\(path):\(line): damaged record (bad checksum or format)"
        case .newerVersion(let path, let version):
            return "\(path): written in format \(version) by a newer squatd; this one reads format \(CountJournal.version)"
        case .closed(let path):
            return "\(path): the count store is closed"
        }
    }
}
