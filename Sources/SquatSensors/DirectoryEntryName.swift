#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name of the directory entry `entry` points to, as `readdir(3)` returns it, read from
/// the entry's own record only.
///
/// `readdir` hands out records packed in the buffer `getdents(2)` filled, each only as long as
/// its name needs (`d_reclen`), not `MemoryLayout<dirent>.size` (280 bytes on Linux): reading
/// `entry.pointee` or `entry.pointee.d_name` copies the whole 256-byte name field and reads
/// past the end of a short last record. Where that record ends a mapping, the copy faults:
/// `squatd simulate` crashed so (SIGSEGV) writing into a directory of some 800 recordings, 2
/// of 3 times for one name. The name is read from its field's address up to its terminating
/// NUL, which the kernel writes inside the record. Invalid UTF-8 is repaired, as `String`
/// does: a name that needs its exact bytes is not for this.
public func directoryEntryName(_ entry: UnsafePointer<dirent>) -> String {
    let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(cString: name.assumingMemoryBound(to: CChar.self))
}
