import Foundation

/// Sends a udev event to the monitors of programs running in a testbed, as
/// `umockdev_testbed_uevent` does, but without looking the device up through libudev (which
/// only sees the testbed from a preloaded process, and this test process is not one).
/// Message format: systemd's `device_monitor_send_device()`, as umockdev mirrors it: a
/// `libudev` header, then `KEY=value` strings separated by NULs.
public enum UeventSender {
    public static func post(root: String, syspath: String, subsystem: String, node: String?, action: String, seqnum: Int) {
        var properties = [UInt8]()
        for (k, v) in [("ACTION", action), ("DEVPATH", String(syspath.dropFirst("/sys".count))),
                       ("SUBSYSTEM", subsystem), ("SEQNUM", "\(seqnum)")] + (node.map { [("DEVNAME", $0)] } ?? []) {
            properties += Array("\(k)=\(v)".utf8) + [0]
        }
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func ne32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v) { Array($0) } }
        let headerSize: UInt32 = 40
        var message = Array("libudev".utf8) + [0]
        message += be32(0xfeedcafe) + ne32(headerSize) + ne32(headerSize) + ne32(UInt32(properties.count))
        message += be32(murmur2(subsystem)) + be32(0) + be32(0) + be32(0)
        message += properties

        for socketPath in Sysfs_list(root).filter({ $0.hasPrefix("event") && $0.dropFirst(5).allSatisfy(\.isNumber) }) {
            let fd = socket(AF_UNIX, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array((root + "/" + socketPath).utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, b) in path.prefix(raw.count - 1).enumerated() { raw[i] = b }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else { continue }
            _ = message.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
        }
    }

    private static func Sysfs_list(_ dir: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    }

    /// MurmurHash2 as in systemd's `string_hash32`, for the subsystem filter.
    public static func murmur2(_ text: String) -> UInt32 {
        let data = Array(text.utf8)
        let m: UInt32 = 0x5bd1e995
        var h = UInt32(data.count)
        var i = 0
        while data.count - i >= 4 {
            var k = UInt32(data[i]) | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2]) << 16 | UInt32(data[i + 3]) << 24
            k = k &* m
            k ^= k >> 24
            k = k &* m
            h = h &* m
            h ^= k
            i += 4
        }
        let rest = data.count - i
        if rest == 3 { h ^= UInt32(data[i + 2]) << 16 }
        if rest >= 2 { h ^= UInt32(data[i + 1]) << 8 }
        if rest >= 1 { h ^= UInt32(data[i]); h = h &* m }
        h ^= h >> 13
        h = h &* m
        h ^= h >> 15
        return h
    }
}
