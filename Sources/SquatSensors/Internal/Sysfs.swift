import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// sysfs attribute access with plain system calls (so that umockdev's preload sees them), and
/// the one place that turns `errno` into ``SensorError``.
enum Sysfs {
    /// The attribute's text, or nil when it is absent or unreadable.
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The attribute's text without surrounding whitespace, or nil when absent or empty.
    static func value(_ path: String) -> String? {
        guard let text = read(path)?.trimmingSpaces(), !text.isEmpty else { return nil }
        return text
    }

    static func double(_ path: String) -> Double? {
        value(path).flatMap(Double.init)
    }

    static func int(_ path: String) -> Int? {
        value(path).flatMap { Int($0) }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Writes `text` to the attribute, failing with the path and errno.
    static func write(_ path: String, _ text: String) throws(SensorError) {
        // O_TRUNC as the shell's `echo value > attribute` does: sysfs ignores it, and an emulated
        // attribute (a plain file under umockdev) would otherwise keep the tail of a longer old value.
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        let n = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        guard n >= 0 else { throw failure("write", path) }
    }

    /// Names in a directory, sorted; empty when it cannot be read.
    static func list(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = directoryEntryName(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Opens a device node non-blocking; EACCES/EPERM become ``SensorError/permissionDenied(path:group:)``
    /// naming the node's group.
    static func openNode(_ path: String) throws(SensorError) -> Int32 {
        while true {
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            throw failure("open", path)
        }
    }

    /// The current `errno` after `call` on `path`, as an error.
    static func failure(_ call: String, _ path: String, errno code: Int32 = errno) -> SensorError {
        if code == EACCES || code == EPERM {
            return .permissionDenied(path: path, group: groupName(of: path))
        }
        return .system(call: call, path: path, errno: code)
    }

    static func groupName(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_gid != 0, let group = getgrgid(st.st_gid) else { return nil }
        return String(cString: group.pointee.gr_name)
    }

    /// Seconds on `clock`.
    static func now(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
